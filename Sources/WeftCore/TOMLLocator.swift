/// Finds where things are written in a TOML text, so an error about `sources[1].url` can name the line of that
/// element or field rather than the line of `sources`.
///
/// TOMLKit gives values without their places; this scans the text itself, skipping strings and comments.
struct TOMLLocator: Sendable {
    private let bytes: [UInt8]

    init(text: String) { bytes = Array(text.utf8) }

    /// The 1-based line of a byte offset.
    func line(at offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// The offset just after the `=` of `key = …` on `line` (1-based), when that line assigns it.
    func valueStart(line: Int) -> Int? {
        var current = 1
        var index = 0
        while index < bytes.count, current < line {
            if bytes[index] == UInt8(ascii: "\n") { current += 1 }
            index += 1
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "=") { return index + 1 }
            index += 1
        }
        return nil
    }

    /// The offsets where the elements of the array written at `offset` start (empty when no array is there).
    func elementStarts(arrayAt offset: Int) -> [Int] {
        var index = skipBlank(from: offset)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return [] }
        index += 1
        var starts: [Int] = []
        var expecting = true
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if isBlank(byte) || byte == UInt8(ascii: "#") {
                index = skipBlank(from: index)
                continue
            }
            if depth == 0, expecting, byte != UInt8(ascii: ","), byte != UInt8(ascii: "]") {
                starts.append(index)
                expecting = false
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = skipString(from: index)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return starts }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { expecting = true }
            default: break
            }
            index += 1
        }
        return starts
    }

    /// The offset of `name`'s key inside the inline table written at `offset`, when it is there.
    func field(_ name: String, inTableAt offset: Int) -> Int? {
        var index = skipBlank(from: offset)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        let wanted = Array(name.utf8)
        var expectingKey = true
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if isBlank(byte) || byte == UInt8(ascii: "#") {
                index = skipBlank(from: index)
                continue
            }
            if depth == 0, expectingKey {
                expectingKey = false
                let start = index
                var key: [UInt8] = []
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    let end = skipString(from: index)
                    key = Array(bytes[(index + 1)..<max(index + 1, end - 1)])
                    index = end
                } else {
                    while index < bytes.count, isKeyByte(bytes[index]) {
                        key.append(bytes[index])
                        index += 1
                    }
                }
                if key == wanted { return start }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = skipString(from: index)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return nil }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { expectingKey = true }
            default: break
            }
            index += 1
        }
        return nil
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    private func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }

    /// Skips white space, line breaks and comments.
    private func skipBlank(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            if isBlank(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                break
            }
        }
        return index
    }

    /// The offset after the string starting at `offset` (basic or literal, single- or multi-line).
    private func skipString(from offset: Int) -> Int {
        let quote = bytes[offset]
        let triple = offset + 2 < bytes.count && bytes[offset + 1] == quote && bytes[offset + 2] == quote
        var index = offset + (triple ? 3 : 1)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                index += 2
                continue
            }
            if byte == quote {
                if !triple { return index + 1 }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
            }
            if !triple, byte == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return index
    }
}
