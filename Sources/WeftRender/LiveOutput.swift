import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Where a live render's output goes: stdout, written through at once, or a file replaced whole each time.
public enum LiveOutput: Sendable, Equatable {
    /// Standard output, with write(2): nothing is buffered, so the process can end at any moment.
    case standardOutput
    /// A file rewritten atomically for readers that can only read files (conky's `${cat}`, tmux, scripts): the
    /// text goes to a temporary file in the same directory, which is then renamed over it, so a reader sees the
    /// old rendering or the new one, never half of one.
    case file(String)

    /// A failure to write the output file, naming it.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What went wrong.
        public var reason: String
        /// The message.
        public var description: String {
            "--output \(path): \(reason); check that its directory exists and is writable"
        }
    }

    /// Writes `text`; false when stdout's reader has gone (EPIPE) or stdout is otherwise unusable.
    public func write(_ text: String) throws(WriteError) -> Bool {
        switch self {
        case .standardOutput: return Self.writeAll(STDOUT_FILENO, Array(text.utf8))
        case .file(let path):
            try Self.replace(path, with: Array(text.utf8))
            return true
        }
    }

    /// Throws when the output file's folder is missing or cannot be written (standard output always passes).
    public func checkWritable() throws(WriteError) {
        guard case .file(let path) = self else { return }
        let folder = PathExpansion.directory(of: path)
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
            throw WriteError(path: path, reason: ErrorText.systemText(errno))
        }
    }

    private static func replace(_ path: String, with bytes: [UInt8]) throws(WriteError) {
        let directory = PathExpansion.directory(of: path)
        let base = (path as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/." + base + ".weft-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { String(cString: $0) } ?? ""
        }
        let written = writeAll(fd, bytes)
        let reason = String(cString: strerror(errno))
        close(fd)
        guard written, rename(temporary, path) == 0 else {
            let failure = written ? String(cString: strerror(errno)) : reason
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(fd, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
