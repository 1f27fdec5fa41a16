import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary weft home for one test: a fresh directory with `providers/` and `cache/`, removed when the last
/// reference goes. Every test target's temporary files live in one of these.
public final class TemporaryHome: Sendable {
    /// The directory.
    public let root: String
    /// `root/providers`.
    public var providers: String { root + "/providers" }
    /// `root/cache`.
    public var cache: String { root + "/cache" }
    /// The cache's database file.
    public var database: String { cache + "/weft.sqlite" }

    /// Makes a new directory under the system's temporary directory, named after `label`.
    public init(_ label: String = "weft") throws {
        let base = FileManager.default.temporaryDirectory.path + "/weft-tests"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        var template = Array((base + "/\(label).XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw TestServerError.socket(call: "mkdtemp", code: errno) }
        root = String(cString: made)
        try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
        // Private as weft makes it, whatever the umask: a group-writable cache folder (umask 002) is refused.
        try FileManager.default.createDirectory(
            atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A path inside the home (an absolute path is returned as it is).
    public func path(_ name: String) -> String { name.hasPrefix("/") ? name : root + "/" + name }

    /// Writes a file inside the home (or at an absolute path), creating its folder.
    public func write(_ name: String, _ text: String, modified: Date? = nil) throws {
        let full = path(name)
        try FileManager.default.createDirectory(
            atPath: PathExpansion.directory(of: full), withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: full) }
    }

    /// Writes `providers/<instance>.toml` with the given modification time.
    ///
    /// A provider whose file changed after its snapshot is due again; pinning the file's mtime keeps that rule
    /// from depending on the wall clock when tests pin their `now`.
    public func provider(_ instance: String, _ toml: String, modified: Date) throws {
        try write(providers + "/\(instance).toml", toml, modified: modified)
    }
}
