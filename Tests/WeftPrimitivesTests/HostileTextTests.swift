import Foundation
import Testing
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The owners issue 32 made: the terminal sanitizer, the nesting limit and the input-file opener.
@Suite("hostile text and files")
struct HostileTextTests {
    @Test func theSanitizerReplacesWhatATerminalActsOnAndKeepsNewlinesAndTabs() {
        #expect(TerminalText.sanitized("a\u{1B}]0;t\u{07}b") == "a\u{FFFD}]0;t\u{FFFD}b")
        #expect(TerminalText.sanitized("c1 \u{9B}2J, del \u{7F}, cr \r") == "c1 \u{FFFD}2J, del \u{FFFD}, cr \u{FFFD}")
        #expect(TerminalText.sanitized("bidi \u{202E}cba") == "bidi \u{FFFD}cba")
        #expect(TerminalText.sanitized("line\n\tnext · Grüße 🌧") == "line\n\tnext · Grüße 🌧")
    }

    @Test func nestingIsCountedOutsideStringsOnly() {
        let limit = NestingLimit.limit
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(NestingLimit.excess(in: Array(deepest.utf8)) == nil)
        #expect(NestingLimit.excess(in: Array(String(repeating: "[", count: limit + 1).utf8)) == limit + 1)
        let quoted = "{\"k\": \"" + String(repeating: "[", count: 1000) + "\\\"\"}"
        #expect(NestingLimit.excess(in: Array(quoted.utf8)) == nil)
    }

    @Test func theOpenerRefusesAFIFOWithoutWaitingForAWriter() throws {
        let folder = NSTemporaryDirectory() + "/weft-inputfile-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        #expect(throws: InputFile.Problem.notRegular(kind: "a named pipe (FIFO)")) {
            try InputFile.open(folder + "/pipe")
        }
        #expect(throws: InputFile.Problem.notRegular(kind: "a directory")) { try InputFile.open(folder) }
        try Data("abc".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        #expect(try InputFile.read(folder + "/file") == Data("abc".utf8))
        #expect(throws: InputFile.Problem.self) { try InputFile.read(folder + "/file", limit: 2) }
    }
}
