import Foundation

/// What an imported file was: its size, modification time and a hash of its bytes (64-bit FNV-1a over 8-byte
/// little-endian words, the last word zero-padded), with the options that decide what it yields, so an unchanged
/// export given again is recognised without reading it.
public struct ExportStamp: Sendable, Equatable {
    /// Bytes.
    public var size: UInt64
    /// Modification time, seconds since 1970.
    public var modified: Double
    /// The content's hash.
    public var hash: UInt64
    /// The format and source the import was given (`--format`, `--source`), empty when none.
    public var options: String

    /// The file's size and modification time, without its hash; nil when it cannot be stat'ed or is not a regular
    /// file (a FIFO or a device is never read ahead of the import, which refuses it).
    public static func size(atPath path: String) -> (size: UInt64, modified: Double)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return (UInt64(clamping: info.st_size), modified)
    }

    /// The stamp of a file as it is now; nil when it cannot be read.
    public static func of(path: String, options: String) -> ExportStamp? {
        guard let (size, modified) = size(atPath: path) else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // Word by word, read into one buffer: a byte-wise hash of an 834 MB export.xml cost a second of the import.
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk + 8, alignment: 8)
        defer { buffer.deallocate() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var filled = 0
        while true {
            let got = read(descriptor, buffer + filled, chunk - filled)
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            filled += got
            let words = got == 0 ? (filled + 7) / 8 : filled / 8
            if got == 0 { memset(buffer + filled, 0, words * 8 - filled) }
            for index in 0..<words {
                let word = UInt64(littleEndian: buffer.load(fromByteOffset: index * 8, as: UInt64.self))
                hash = (hash ^ word) &* 0x0000_0100_0000_01b3
            }
            if got == 0 { break }
            // A tail shorter than a word waits for the next read.
            let rest = filled - words * 8
            if rest > 0 { memmove(buffer, buffer + words * 8, rest) }
            filled = rest
        }
        return ExportStamp(size: size, modified: modified, hash: hash, options: options)
    }

    /// As kept in the snapshot: `size:mtime:hash:options`.
    public var text: String { "\(size):\(modified):\(String(hash, radix: 16)):\(options)" }

    /// Reads ``text``; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let size = UInt64(parts[0]), let modified = Double(parts[1]),
            let hash = UInt64(parts[2], radix: 16)
        else { return nil }
        self.init(size: size, modified: modified, hash: hash, options: String(parts[3]))
    }

    /// A stamp.
    public init(size: UInt64, modified: Double, hash: UInt64, options: String) {
        self.size = size
        self.modified = modified
        self.hash = hash
        self.options = options
    }
}
