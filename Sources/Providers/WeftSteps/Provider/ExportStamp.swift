import Foundation

/// What an imported file was: its size, modification time and a hash of its bytes (64-bit FNV-1a), with the
/// options that decide what it yields, so an unchanged export given again is recognised without reading it.
public struct ExportStamp: Sendable, Equatable {
    /// Bytes.
    public var size: UInt64
    /// Modification time, seconds since 1970.
    public var modified: Double
    /// FNV-1a of the content.
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
        guard let (size, modified) = size(atPath: path), let handle = FileHandle(forReadingAtPath: path) else {
            return nil
        }
        defer { try? handle.close() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { raw in
                for byte in raw {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
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
