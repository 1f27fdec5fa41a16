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
    func elementStarts(arrayAt offset: Int) -> [Int] { itemStarts(at: offset, opening: UInt8(ascii: "[")) }

    /// The offset of `name`'s key inside the inline table written at `offset`, when it is there.
    func field(_ name: String, inTableAt offset: Int) -> Int? {
        let wanted = Array(name.utf8)
        return itemStarts(at: offset, opening: UInt8(ascii: "{")).first { key(at: $0) == wanted }
    }

    /// Where each item of the inline array or table opened at `offset` starts: its elements, or its `key = value`
    /// pairs. Items are what stands between the commas at the container's own depth.
    private func itemStarts(at offset: Int, opening: UInt8) -> [Int] {
        var index = skipBlank(from: offset)
        guard index < bytes.count, bytes[index] == opening else { return [] }
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
            let closing = byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            if depth == 0, expecting, byte != UInt8(ascii: ","), !closing {
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

    /// The key written at `offset`: bare, or quoted (without its quotes).
    private func key(at offset: Int) -> [UInt8] {
        if bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") {
            let end = skipString(from: offset)
            return Array(bytes[(offset + 1)..<max(offset + 1, end - 1)])
        }
        var end = offset
        while end < bytes.count, isKeyByte(bytes[end]) { end += 1 }
        return Array(bytes[offset..<end])
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
