import Testing

@testable import WeftRender

/// The bar's stdin cut into click lines: lines across reads, and an over-long line dropped without holding it.
@Suite struct BarInputTests {
    static func feed(_ input: inout BarInput, _ text: String) -> (lines: [String], dropped: Int) {
        input.append(ArraySlice(Array(text.utf8)))
    }

    @Test func linesAreJoinedAcrossReads() {
        var input = BarInput()
        #expect(Self.feed(&input, "[\n{\"na").lines == ["["])
        #expect(Self.feed(&input, "me\": 1}").lines.isEmpty)
        let done = Self.feed(&input, "\n,{}\n")
        #expect(done.lines == ["{\"name\": 1}", ",{}"] && done.dropped == 0)
    }

    @Test func anOverlongLineIsDroppedOnceAndTheNextLineIsRead() {
        var input = BarInput()
        let chunk = String(repeating: "x", count: 4096)
        var dropped = 0
        for _ in 0..<(BarInput.longestLine / 4096 + 3) { dropped += Self.feed(&input, chunk).dropped }
        #expect(dropped == 1)
        let after = Self.feed(&input, "xx\n{\"name\": \"n\"}\n")
        #expect(after.lines == ["{\"name\": \"n\"}"] && after.dropped == 0)
        // Over the limit within one read.
        let whole = Self.feed(&input, String(repeating: "y", count: BarInput.longestLine + 1) + "\nok\n")
        #expect(whole.lines == ["ok"] && whole.dropped == 1)
    }
}
