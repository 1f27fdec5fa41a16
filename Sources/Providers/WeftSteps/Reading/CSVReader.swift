import Foundation
import WeftPrimitives

/// A streaming CSV reader over bytes: RFC 4180 quotes, backslash-escaped quotes, BOM, CRLF, `,` or `;`.
///
/// Inside quotes both dialects are understood at once: `""` and `\"` are a quote, `\\` is a backslash.
///
/// Fields are byte ranges into one owned buffer; quoted fields are unescaped in place (the unescaped text is never
/// longer than the escaped one), so reading a row allocates nothing once the field arrays have grown. Copies of a
/// reader share that buffer, so read the rows through one copy only.
struct CSVReader {
    /// The field separator in use.
    let delimiter: UInt8
    /// The 1-based line on which the current row starts.
    private(set) var line: Int = 0
    /// The number of fields in the current row.
    var count: Int { starts.count }
    /// True when the current row has a quoted field that never closes (it then runs to the end of the input).
    private(set) var hasUnterminatedQuote = false
    /// True when the current row is the last and no line break ends it (a cut-off file, or a missing final newline).
    private(set) var endsWithoutNewline = false
    /// How many bytes of the input have been read, for progress reports.
    var bytesRead: Int { position }
    /// The size of the input.
    var totalBytes: Int { storage.buffer.count }

    private let storage: ByteStorage
    private var position: Int
    private var nextLine = 1
    private var starts: [Int] = []
    private var ends: [Int] = []

    /// Creates a reader; a leading UTF-8 byte-order mark is skipped and a nil delimiter is sniffed from the first line.
    init<Bytes: Collection>(bytes: Bytes, delimiter: UInt8? = nil) where Bytes.Element == UInt8 {
        self.init(storage: ByteStorage(bytes), delimiter: delimiter)
    }

    /// Creates a reader over a file's bytes, read straight into the reader's buffer.
    init(contentsOfFile path: String, delimiter: UInt8? = nil) throws(StepImportError) {
        let storage = try ByteStorage(contentsOfFile: path)
        self.init(storage: storage, delimiter: delimiter)
    }

    private init(storage: ByteStorage, delimiter: UInt8?) {
        self.storage = storage
        let buffer = storage.buffer
        var start = 0
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
        position = start
        self.delimiter = delimiter ?? Self.sniffDelimiter(buffer, from: start)
        starts.reserveCapacity(32)
        ends.reserveCapacity(32)
    }

    /// `;` when the first line has more semicolons than commas outside quotes, else `,`.
    ///
    /// Samsung's metadata line carries commas only, so a `;` header is looked for on the second line too.
    static func sniffDelimiter(_ buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> UInt8 {
        var commas = 0
        var semicolons = 0
        var quoted = false
        var lines = 0
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted {
                if byte == UInt8(ascii: ",") {
                    commas += 1
                } else if byte == UInt8(ascii: ";") {
                    semicolons += 1
                } else if byte == UInt8(ascii: "\n") {
                    lines += 1
                    if lines == 2 || semicolons > commas || commas > 2 { break }
                }
            }
            index += 1
        }
        return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    /// Advances to the next row; false at the end of the input.
    mutating func next() -> Bool {
        let buffer = storage.buffer
        let end = buffer.count
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        guard position < end else { return false }
        hasUnterminatedQuote = false
        endsWithoutNewline = false
        line = nextLine
        let delimiter = self.delimiter
        var index = position
        while true {
            // One field starts at `index`.
            if index < end, buffer[index] == UInt8(ascii: "\"") {
                var write = index + 1
                var read = index + 1
                let fieldStart = write
                var closed = false
                while read < end {
                    let byte = buffer[read]
                    if byte == UInt8(ascii: "\"") {
                        if read + 1 < end, buffer[read + 1] == UInt8(ascii: "\"") {
                            buffer[write] = byte
                            write += 1
                            read += 2
                            continue
                        }
                        read += 1
                        closed = true
                        break
                    }
                    // The backslash dialect (Radcliffe's applehealthdata.py) writes `\"` for `"` and `\\` for `\`.
                    if byte == UInt8(ascii: "\\"), read + 1 < end,
                        buffer[read + 1] == UInt8(ascii: "\"") || buffer[read + 1] == UInt8(ascii: "\\")
                    {
                        buffer[write] = buffer[read + 1]
                        write += 1
                        read += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\n") { nextLine += 1 }
                    buffer[write] = byte
                    write += 1
                    read += 1
                }
                if !closed { hasUnterminatedQuote = true }
                // Anything between the closing quote and the delimiter is kept (lenient, like most readers).
                var tail = read
                while tail < end, buffer[tail] != delimiter, buffer[tail] != UInt8(ascii: "\n") {
                    buffer[write] = buffer[tail]
                    write += 1
                    tail += 1
                }
                var fieldEnd = write
                if fieldEnd > fieldStart, buffer[fieldEnd - 1] == UInt8(ascii: "\r"), tail < end,
                    buffer[tail] == UInt8(ascii: "\n")
                {
                    fieldEnd -= 1
                }
                starts.append(fieldStart)
                ends.append(fieldEnd)
                index = tail
            } else {
                let fieldStart = index
                while index < end {
                    let byte = buffer[index]
                    if byte == delimiter || byte == UInt8(ascii: "\n") { break }
                    index += 1
                }
                var fieldEnd = index
                if fieldEnd > fieldStart, buffer[fieldEnd - 1] == UInt8(ascii: "\r") { fieldEnd -= 1 }
                starts.append(fieldStart)
                ends.append(fieldEnd)
            }
            if index >= end {
                position = end
                endsWithoutNewline = true
                return true
            }
            if buffer[index] == UInt8(ascii: "\n") {
                nextLine += 1
                position = index + 1
                return true
            }
            index += 1  // past the delimiter
        }
    }

    /// True when the row is a blank line.
    var isBlankRow: Bool { starts.count == 1 && starts[0] == ends[0] }

    /// The bytes of field `index` (empty when the row is shorter).
    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index >= 0, index < starts.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: storage.buffer[starts[index]..<ends[index]])
    }

    /// Field `index` decoded as UTF-8 (invalid bytes repaired), or "" when the row is shorter.
    func string(_ index: Int) -> String {
        String(decoding: bytes(index), as: UTF8.self)
    }

    /// Every field of the current row as strings.
    var strings: [String] { (0..<count).map { string($0) } }

    /// True when field `index` is empty or only spaces.
    func isEmpty(_ index: Int) -> Bool {
        bytes(index).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}

/// The reader's owned, mutable copy of the input; freed exactly once when the last reader copy goes away.
private final class ByteStorage {
    let buffer: UnsafeMutableBufferPointer<UInt8>

    init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
    }

    /// Reads a whole file with POSIX reads, sized by `fstat`, so large exports are not copied twice.
    ///
    /// Not `mmap`: a file truncated by its exporter while mapped would crash the reader with SIGBUS.
    init(contentsOfFile path: String) throws(StepImportError) {
        let (descriptor, size) = try StepImportError.open(path)
        defer { close(descriptor) }
        // One byte more than the file: the read that finds EOF then needs no larger buffer (and no copy of it all).
        var capacity = size + 1
        var pointer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
        var count = 0
        while true {
            if count == capacity {
                // The file grew while being read (or st_size was 0 for a pipe): grow the buffer.
                let larger = max(capacity * 2, 65_536)
                let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 1)
                moved.copyMemory(from: pointer, byteCount: count)
                pointer.deallocate()
                pointer = moved
                capacity = larger
            }
            let got = read(descriptor, pointer + count, capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                pointer.deallocate()
                throw .unreadable(file: path, reason: reason)
            }
            if got == 0 { break }
            count += got
        }
        buffer = UnsafeMutableBufferPointer(start: pointer.bindMemory(to: UInt8.self, capacity: capacity), count: count)
    }

    deinit { buffer.deallocate() }
}
