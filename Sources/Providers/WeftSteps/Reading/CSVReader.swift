import Foundation
import WeftPrimitives

/// A streaming CSV reader over bytes: RFC 4180 quotes, backslash-escaped quotes, BOM, CRLF, `,` or `;`.
///
/// Inside quotes both dialects are understood at once: `""` and `\"` are a quote, `\\` is a backslash.
///
/// A file is read in 1 MiB chunks into one buffer that grows only for a row longer than it, so memory does not grow
/// with the file. Fields are byte ranges into that buffer; a quoted field with escapes (or text after its closing
/// quote) is unescaped into a second scratch buffer, so the input is never changed and a row cut by the end of a
/// chunk is parsed again whole after the next read. Reading a row allocates nothing once the buffers have grown.
/// Copies of a reader share the buffers, so read the rows through one copy only.
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
    var bytesRead: Int { storage.discarded + position }
    /// The size of the input.
    var totalBytes: Int { storage.totalBytes }
    /// Why the file could not be read to its end (the rows before it were read), or nil.
    var failure: StepImportError? { storage.failure }

    private let storage: ByteStorage
    private var position: Int
    private var nextLine = 1
    private var starts: [Int] = []
    private var ends: [Int] = []
    /// Whether field `i` lies in the scratch buffer rather than the input.
    private var unescaped: [Bool] = []

    /// Creates a reader; a leading UTF-8 byte-order mark is skipped and a nil delimiter is sniffed from the first line.
    init<Bytes: Collection>(bytes: Bytes, delimiter: UInt8? = nil) where Bytes.Element == UInt8 {
        self.init(storage: ByteStorage(bytes), delimiter: delimiter)
    }

    /// Creates a reader over a file, read a chunk at a time.
    init(contentsOfFile path: String, delimiter: UInt8? = nil) throws(StepImportError) {
        let storage = try ByteStorage(contentsOfFile: path)
        self.init(storage: storage, delimiter: delimiter)
    }

    private init(storage: ByteStorage, delimiter: UInt8?) {
        self.storage = storage
        let buffer = storage.bytes
        var start = 0
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
        position = start
        self.delimiter = delimiter ?? Self.sniffDelimiter(buffer, from: start)
        starts.reserveCapacity(32)
        ends.reserveCapacity(32)
        unescaped.reserveCapacity(32)
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

    /// Advances to the next row; false at the end of the input (or where it could not be read: see `failure`).
    mutating func next() -> Bool {
        let firstLine = nextLine
        while true {
            starts.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            unescaped.removeAll(keepingCapacity: true)
            storage.scratchCount = 0
            nextLine = firstLine
            if let found = parseRow() { return found }
            // The chunk ended inside the row: keep the row's start, read more, and parse it again whole.
            position = storage.refill(keepingFrom: position)
        }
    }

    /// Parses the row at `position`: true for a row, false at the end of the input, nil when the buffer ends inside
    /// the row and more input may follow.
    private mutating func parseRow() -> Bool? {
        let buffer = storage.bytes
        let end = buffer.count
        let final = storage.atEnd
        guard position < end else {
            if final { return false }
            return nil
        }
        hasUnterminatedQuote = false
        endsWithoutNewline = false
        line = nextLine
        let delimiter = self.delimiter
        var index = position
        while true {
            // One field starts at `index`.
            if index < end, buffer[index] == UInt8(ascii: "\"") {
                let fieldStart = index + 1
                var read = index + 1
                // Where the unescaped text starts in the scratch buffer, once an escape is met.
                var copyStart: Int?
                var closed = false
                while read < end {
                    let byte = buffer[read]
                    var escaped: UInt8?
                    if byte == UInt8(ascii: "\"") {
                        if read + 1 < end, buffer[read + 1] == UInt8(ascii: "\"") {
                            escaped = byte
                        } else {
                            if read + 1 >= end, !final { return nil }
                            read += 1
                            closed = true
                            break
                        }
                    } else if byte == UInt8(ascii: "\\") {
                        // The backslash dialect (Radcliffe's applehealthdata.py) writes `\"` for `"` and `\\` for `\`.
                        if read + 1 >= end, !final { return nil }
                        if read + 1 < end,
                            buffer[read + 1] == UInt8(ascii: "\"") || buffer[read + 1] == UInt8(ascii: "\\")
                        {
                            escaped = buffer[read + 1]
                        }
                    }
                    if let escaped {
                        if copyStart == nil { copyStart = storage.copy(buffer, fieldStart..<read) }
                        storage.append(escaped)
                        read += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\n") { nextLine += 1 }
                    if copyStart != nil { storage.append(byte) }
                    read += 1
                }
                if !closed { hasUnterminatedQuote = true }
                // Anything between the closing quote and the delimiter is kept (lenient, like most readers).
                var tail = read
                while tail < end, buffer[tail] != delimiter, buffer[tail] != UInt8(ascii: "\n") { tail += 1 }
                if tail > read, copyStart == nil {
                    copyStart = storage.copy(buffer, fieldStart..<(closed ? read - 1 : read))
                }
                if let copyStart, tail > read { storage.append(buffer, read..<tail) }
                if tail >= end, !final { return nil }
                let crlf = tail < end && buffer[tail] == UInt8(ascii: "\n")
                if let copyStart {
                    var fieldEnd = storage.scratchCount
                    if fieldEnd > copyStart, crlf, storage.scratch[fieldEnd - 1] == UInt8(ascii: "\r") { fieldEnd -= 1 }
                    starts.append(copyStart)
                    ends.append(fieldEnd)
                    unescaped.append(true)
                } else {
                    var fieldEnd = closed ? read - 1 : read
                    if fieldEnd > fieldStart, crlf, buffer[fieldEnd - 1] == UInt8(ascii: "\r") { fieldEnd -= 1 }
                    starts.append(fieldStart)
                    ends.append(fieldEnd)
                    unescaped.append(false)
                }
                index = tail
            } else {
                let fieldStart = index
                while index < end {
                    let byte = buffer[index]
                    if byte == delimiter || byte == UInt8(ascii: "\n") { break }
                    index += 1
                }
                if index >= end, !final { return nil }
                var fieldEnd = index
                if fieldEnd > fieldStart, buffer[fieldEnd - 1] == UInt8(ascii: "\r") { fieldEnd -= 1 }
                starts.append(fieldStart)
                ends.append(fieldEnd)
                unescaped.append(false)
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
        let source = unescaped[index] ? storage.scratch : storage.bytes
        return UnsafeBufferPointer(rebasing: source[starts[index]..<ends[index]])
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

/// The reader's window on its input (the whole input when it was given as bytes) and its scratch buffer for
/// unescaped fields; freed exactly once, and the file closed, when the last reader copy goes away.
private final class ByteStorage {
    /// The bytes in the window.
    var bytes: UnsafeMutableBufferPointer<UInt8> { UnsafeMutableBufferPointer(rebasing: buffer[0..<filled]) }
    /// Bytes of the input dropped before the window.
    private(set) var discarded = 0
    /// True once the window reaches the end of the input.
    private(set) var atEnd = false
    /// The input's size (the file's when it was opened).
    let totalBytes: Int
    /// Why reading stopped early, if it did.
    private(set) var failure: StepImportError?
    /// Unescaped field text of the current row.
    private(set) var scratch: UnsafeMutableBufferPointer<UInt8>
    /// Bytes used in `scratch`.
    var scratchCount = 0

    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var filled = 0
    private let descriptor: Int32
    private let file: String

    private static let chunk = 1 << 20

    init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        filled = buffer.initialize(fromContentsOf: bytes)
        totalBytes = filled
        atEnd = true
        descriptor = -1
        file = ""
        scratch = .allocate(capacity: 4096)
    }

    /// Opens a file and reads its first chunk.
    ///
    /// Not `mmap`: a file truncated by its exporter while mapped would crash the reader with SIGBUS.
    init(contentsOfFile path: String) throws(StepImportError) {
        (descriptor, totalBytes) = try StepImportError.open(path)
        file = path
        buffer = .allocate(capacity: Self.chunk)
        scratch = .allocate(capacity: 4096)
        fill()
        if let failure { throw failure }
    }

    deinit {
        buffer.deallocate()
        scratch.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    /// Drops the bytes before `start`, reads more after the rest (growing the buffer when the rest fills it), and
    /// returns where `start` now is.
    func refill(keepingFrom start: Int) -> Int {
        let kept = filled - start
        if start > 0, let base = buffer.baseAddress { memmove(base, base + start, kept) }
        discarded += start
        filled = kept
        if kept == buffer.count {
            let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
            _ = larger.initialize(fromContentsOf: buffer)
            buffer.deallocate()
            buffer = larger
        }
        fill()
        return 0
    }

    /// Reads until the buffer is full or the file ends; a read error ends the input there and is kept in `failure`.
    private func fill() {
        while filled < buffer.count, !atEnd {
            let got = read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            if got < 0 {
                if errno == EINTR { continue }
                failure = .unreadable(file: file, reason: String(cString: strerror(errno)))
                atEnd = true
            } else if got == 0 {
                atEnd = true
            } else {
                filled += got
            }
        }
    }

    /// Copies `range` of `source` to the end of the scratch text and returns where it starts there.
    func copy(_ source: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        let start = scratchCount
        append(source, range)
        return start
    }

    /// Appends `range` of `source` to the scratch text.
    func append(_ source: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) {
        reserve(range.count)
        for index in range {
            scratch[scratchCount] = source[index]
            scratchCount += 1
        }
    }

    /// Appends one byte to the scratch text.
    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        scratch[scratchCount] = byte
        scratchCount += 1
    }

    private func reserve(_ more: Int) {
        guard scratchCount + more > scratch.count else { return }
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(scratch.count * 2, scratchCount + more))
        _ = larger.initialize(fromContentsOf: scratch[0..<scratchCount])
        scratch.deallocate()
        scratch = larger
    }
}
