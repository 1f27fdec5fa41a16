import WeftPrimitives

/// A streaming JSON reader: the caller walks the document (objects, keys, arrays, values) while bytes are read in
/// chunks, so a tens-of-MB export never becomes a tree in memory. Errors name the file and line; an input that
/// ends inside a value is `truncated`, naming `record`. Nesting past `NestingLimit.limit` is an error, so a small
/// hostile file cannot exhaust the stack of a reader that recurses.
struct JSONPullParser {
    /// What kinds a value can be, from its first byte.
    enum Kind {
        case object, array, string, number, literal
    }

    /// The 1-based line the parser is on.
    private(set) var line = 1
    /// What is being read, for the truncation message ("a Google Fit data point").
    var record = "the JSON document"
    /// The input, for progress.
    let input: ChunkedInput
    /// Per open container: whether an element was read, so the next needs a comma.
    private var needsComma: [Bool] = []
    private var scratch: [UInt8] = []

    /// A parser over an input.
    init(_ input: ChunkedInput) {
        self.input = input
        scratch.reserveCapacity(64)
    }

    // MARK: Structure

    /// The kind of the next value.
    mutating func peekKind() throws(StepImportError) -> Kind {
        switch try significant() {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        case let byte: throw unexpected(byte, expected: "a JSON value")
        }
    }

    /// Enters an object.
    mutating func beginObject() throws(StepImportError) {
        try expect(UInt8(ascii: "{"), "an object ({)")
        try enter()
    }

    /// The next key of the current object (consuming its colon), or nil at the object's end.
    mutating func nextKey() throws(StepImportError) -> [UInt8]? {
        guard try nextMember(closing: UInt8(ascii: "}")) else { return nil }
        let key = try readString()
        try expect(UInt8(ascii: ":"), "a colon after the key")
        return key
    }

    /// Enters an array.
    mutating func beginArray() throws(StepImportError) {
        try expect(UInt8(ascii: "["), "an array ([)")
        try enter()
    }

    /// True when the current array has another element (positioned at it), false at its end.
    mutating func nextElement() throws(StepImportError) -> Bool {
        try nextMember(closing: UInt8(ascii: "]"))
    }

    private mutating func enter() throws(StepImportError) {
        guard needsComma.count < NestingLimit.limit else {
            throw .malformed(file: input.file, line: line, message: NestingLimit.reason)
        }
        needsComma.append(false)
    }

    /// After the top-level value: only white space may follow.
    mutating func finish() throws(StepImportError) {
        if let byte = try skipSpace() { throw unexpected(byte, expected: "the end of the file") }
    }

    private mutating func nextMember(closing: UInt8) throws(StepImportError) -> Bool {
        var byte = try significant()
        if byte == closing {
            input.advance()
            needsComma.removeLast()
            return false
        }
        if needsComma.last == true {
            guard byte == UInt8(ascii: ",") else {
                throw unexpected(byte, expected: closing == UInt8(ascii: "}") ? ", or }" : ", or ]")
            }
            input.advance()
            byte = try significant()
        }
        needsComma[needsComma.count - 1] = true
        return true
    }

    // MARK: Values

    /// A string's bytes, unescaped.
    mutating func readString() throws(StepImportError) -> [UInt8] {
        try expect(UInt8(ascii: "\""), "a string")
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try input.next() else { throw truncated() }
            switch byte {
            case UInt8(ascii: "\""):
                return scratch
            case UInt8(ascii: "\\"):
                guard let escaped = try input.next() else { throw truncated() }
                switch escaped {
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = try input.next() else { throw truncated() }
                        guard let nibble = Self.hex(digit) else { throw unexpected(digit, expected: "a hex digit") }
                        value = value << 4 | nibble
                    }
                    // Surrogate halves are not paired up: keys and source names here are plain text.
                    scratch += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
                default: scratch.append(escaped)
                }
            case 0x0A:
                throw .malformed(file: input.file, line: line, message: "a string runs past the end of its line")
            default:
                scratch.append(byte)
            }
        }
    }

    /// A number's text (`-12`, `1.5e3`), or a string's bytes when the export quoted the number.
    mutating func readNumberText() throws(StepImportError) -> [UInt8] {
        if try peekKind() == .string { return try readString() }
        guard try peekKind() == .number else { throw unexpected(try significant(), expected: "a number") }
        scratch.removeAll(keepingCapacity: true)
        while let byte = try input.peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                scratch.append(byte)
                input.advance()
            default:
                return scratch
            }
        }
        // A number at the very end of the input can only be the whole document; anything else was cut off.
        if !needsComma.isEmpty { throw truncated() }
        return scratch
    }

    /// Skips one value of any kind without recursing: a loop over the containers it entered.
    mutating func skipValue() throws(StepImportError) {
        var open: [Bool] = []  // per container entered here: whether it is an object
        repeat {
            if let isObject = open.last {
                let more = isObject ? try nextKey() != nil : try nextElement()
                if !more {
                    open.removeLast()
                    continue
                }
            }
            switch try peekKind() {
            case .object:
                try beginObject()
                open.append(true)
            case .array:
                try beginArray()
                open.append(false)
            case .string: _ = try readString()
            case .number: _ = try readNumberText()
            case .literal:
                while let byte = try input.peek(), byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
                    input.advance()
                }
            }
        } while !open.isEmpty
    }

    // MARK: Bytes

    /// The next byte that is not white space, not consumed; the input ending here means it was cut off.
    private mutating func significant() throws(StepImportError) -> UInt8 {
        guard let byte = try skipSpace() else { throw truncated() }
        return byte
    }

    private mutating func skipSpace() throws(StepImportError) -> UInt8? {
        while let byte = try input.peek() {
            switch byte {
            case 0x0A:
                line += 1
                input.advance()
            case 0x20, 0x09, 0x0D:
                input.advance()
            case 0xEF where line == 1 && input.bytesRead == 0:
                // A UTF-8 byte-order mark.
                input.advance()
                for _ in 0..<2 { _ = try input.next() }
            default:
                return byte
            }
        }
        return nil
    }

    private mutating func expect(_ wanted: UInt8, _ description: String) throws(StepImportError) {
        let byte = try significant()
        guard byte == wanted else { throw unexpected(byte, expected: description) }
        input.advance()
    }

    private func truncated() -> StepImportError { .truncated(file: input.file, line: line, record: record) }

    private func unexpected(_ byte: UInt8, expected: String) -> StepImportError {
        let shown =
            byte >= 0x21 && byte < 0x7F ? "\"\(String(UnicodeScalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
        return .malformed(
            file: input.file, line: line, message: "expected \(expected), found \(shown) (not valid JSON)")
    }

    private static func hex(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
