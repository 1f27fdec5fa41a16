import Foundation
import WeftPrimitives

/// Bytes read in 256 KiB chunks from a file (or served from memory), so a reader's memory does not grow with the
/// file; the descriptor is closed exactly once, when the input goes away.
final class ChunkedInput {
    /// The file as given, for errors.
    let file: String
    /// The input's size in bytes (the file's size when it was opened).
    let totalBytes: Int
    private let descriptor: Int32
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var filled = 0
    private var position = 0
    private var before = 0
    private var atEnd = false

    private static let chunk = 256 * 1024

    /// Opens a file for reading.
    init(path: String) throws(StepImportError) {
        file = path
        (descriptor, totalBytes) = try StepImportError.open(path)
        buffer = .allocate(capacity: Self.chunk)
    }

    /// Serves bytes from memory.
    init<Bytes: Collection>(bytes: Bytes, file: String) where Bytes.Element == UInt8 {
        self.file = file
        descriptor = -1
        buffer = .allocate(capacity: max(bytes.count, 1))
        filled = buffer.initialize(fromContentsOf: bytes)
        totalBytes = filled
        atEnd = true
    }

    deinit {
        buffer.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    /// Bytes consumed so far.
    var bytesRead: Int { before + position }

    /// The next byte without consuming it; nil at the end of the input.
    @inline(__always) func peek() throws(StepImportError) -> UInt8? {
        if position < filled { return buffer[position] }
        return try refill() ? buffer[position] : nil
    }

    /// Consumes one byte (after `peek` returned it).
    @inline(__always) func advance() { position += 1 }

    /// The next byte, consumed; nil at the end of the input.
    @inline(__always) func next() throws(StepImportError) -> UInt8? {
        if position < filled {
            position += 1
            return buffer[position - 1]
        }
        guard try refill() else { return nil }
        position += 1
        return buffer[position - 1]
    }

    /// Reads the next chunk; false at the end of the file.
    private func refill() throws(StepImportError) -> Bool {
        guard !atEnd else { return false }
        before += filled
        position = 0
        filled = 0
        while true {
            let got = read(descriptor, buffer.baseAddress, buffer.count)
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: file, reason: String(cString: strerror(errno)))
            }
            if got == 0 {
                atEnd = true
                return false
            }
            filled = got
            return true
        }
    }
}
