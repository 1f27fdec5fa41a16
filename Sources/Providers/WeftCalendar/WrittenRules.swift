/// The RRULE values of a file's events exactly as written, taken out of the text before libical reads it.
///
/// libical parses an RRULE into its own struct, whose INTERVAL is a 16-bit field (INTERVAL=90061 came back as
/// 24525); weft's engine reads rules itself, so libical never sees them. Each RRULE outside a VTIMEZONE (whose
/// rules libical needs for its offsets) is replaced by `X-WEFT-RRULE:N`, N indexing ``entries``; folded lines are
/// unfolded. Line numbers are those of the text given, so a warning can name the file's line.
struct WrittenRules: Sendable {
    /// The property name that stands in for an RRULE in the text libical reads.
    static let propertyName = "X-WEFT-RRULE"

    /// One RRULE: its value and the line it starts on (1-based).
    struct Entry: Sendable, Equatable {
        var value: String
        var line: Int
    }

    /// The rules in file order.
    private(set) var entries: [Entry] = []

    /// The rule a stand-in property names (its value is the index), nil for anything else.
    func entry(_ text: String) -> Entry? {
        guard let index = Int(text), entries.indices.contains(index) else { return nil }
        return entries[index]
    }

    /// `text` with its RRULEs replaced, and the rules taken out; the very same text when it has none.
    static func take(from text: String) -> (text: String, rules: WrittenRules) {
        let result =
            text.utf8.withContiguousStorageIfAvailable { take(bytes: $0) }
            ?? take(bytes: Array(text.utf8))
        return (result.bytes.map { String(decoding: $0, as: UTF8.self) } ?? text, result.rules)
    }

    private static func take<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes) -> (
        bytes: [UInt8]?, rules: WrittenRules
    )
    where Bytes.Index == Int {
        var rules = WrittenRules()
        var out: [UInt8]?
        var copied = bytes.startIndex
        var inZone = false
        var lineNumber = 0
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            lineNumber += 1
            let lineEnd = end(ofLineAt: lineStart, in: bytes)
            let next = lineEnd < bytes.endIndex ? lineEnd + 1 : lineEnd
            if starts(bytes, lineStart, lineEnd, with: "BEGIN:VTIMEZONE") {
                inZone = true
            } else if starts(bytes, lineStart, lineEnd, with: "END:VTIMEZONE") {
                inZone = false
            } else if !inZone, isRule(bytes, lineStart, lineEnd) {
                // The logical line: this one and its continuations (a space or tab after the line break).
                var logical: [UInt8] = Array(bytes[lineStart..<trimmedEnd(lineEnd, lineStart, bytes)])
                var after = next
                var continuations = 0
                while after < bytes.endIndex, bytes[after] == 0x20 || bytes[after] == 0x09 {
                    let continuationEnd = end(ofLineAt: after, in: bytes)
                    logical += bytes[(after + 1)..<trimmedEnd(continuationEnd, after + 1, bytes)]
                    after = continuationEnd < bytes.endIndex ? continuationEnd + 1 : continuationEnd
                    continuations += 1
                }
                if out == nil { out = [] }
                out?.append(contentsOf: bytes[copied..<lineStart])
                out?.append(contentsOf: Array("\(propertyName):\(rules.entries.count)\r\n".utf8))
                rules.entries.append(Entry(value: value(of: logical), line: lineNumber))
                copied = after
                lineNumber += continuations
                lineStart = after
                continue
            }
            lineStart = next
        }
        guard out != nil else { return (nil, rules) }
        out?.append(contentsOf: bytes[copied..<bytes.endIndex])
        return (out, rules)
    }

    /// The value after the first colon outside a quoted parameter.
    private static func value(of line: [UInt8]) -> String {
        var quoted = false
        for (index, byte) in line.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":"), !quoted {
                return String(decoding: line[(index + 1)...], as: UTF8.self)
            }
        }
        return ""
    }

    private static func end<Bytes: RandomAccessCollection<UInt8>>(ofLineAt start: Int, in bytes: Bytes) -> Int
    where Bytes.Index == Int {
        var index = start
        while index < bytes.endIndex, bytes[index] != 0x0A { index += 1 }
        return index
    }

    /// The end of a line without its carriage return.
    private static func trimmedEnd<Bytes: RandomAccessCollection<UInt8>>(_ end: Int, _ start: Int, _ bytes: Bytes)
        -> Int where Bytes.Index == Int
    {
        end > start && bytes[end - 1] == 0x0D ? end - 1 : end
    }

    /// Whether the line is an RRULE property (`RRULE:` or `RRULE;`, any case).
    private static func isRule<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ end: Int) -> Bool
    where Bytes.Index == Int {
        guard starts(bytes, start, end, with: "RRULE"), end - start > 5 else { return false }
        let after = bytes[start + 5]
        return after == UInt8(ascii: ":") || after == UInt8(ascii: ";")
    }

    /// Whether the line starts with `prefix`, ignoring ASCII case.
    private static func starts<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, _ start: Int, _ end: Int, with prefix: StaticString
    ) -> Bool where Bytes.Index == Int {
        let count = prefix.utf8CodeUnitCount
        guard end - start >= count else { return false }
        let pointer = prefix.utf8Start
        for offset in 0..<count {
            var byte = bytes[start + offset]
            if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
            if byte != pointer[offset] { return false }
        }
        return true
    }
}
