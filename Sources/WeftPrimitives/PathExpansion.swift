import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Expands the paths users write: `~` is `$HOME`, and a relative path is relative to a base directory (for a
/// path inside a provider file, that file's directory).
public enum PathExpansion {
    /// The home directory: `$HOME`, or the passwd entry's home directory only when `HOME` is unset or empty.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return passwdHome(uid: getuid()) ?? "/"
    }

    /// `path` with a leading `~` or `~/…` read from `home(environment:)` and `~user/…` from that user's passwd entry;
    /// then, when it is still relative and `base` is given, `base/path`. Everything else is returned unchanged.
    public static func expand(
        _ path: String, relativeTo base: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        var expanded = path
        if path.hasPrefix("~") {
            let slash = path.firstIndex(of: "/") ?? path.endIndex
            let user = path[path.index(after: path.startIndex)..<slash]
            let home = user.isEmpty ? home(environment: environment) : passwdHome(user: String(user))
            if let home {
                let rest = path[slash...]
                expanded = home.hasSuffix("/") && rest.hasPrefix("/") ? home + rest.dropFirst() : home + rest
            }
        }
        guard !expanded.hasPrefix("/"), let base, !base.isEmpty else { return expanded }
        if expanded.isEmpty { return base }
        return normalized(base + "/" + expanded)
    }

    /// `path` without `.` components and doubled slashes (`pv/./to.sh` → `pv/to.sh`), the form a person reads in a
    /// message. `..` is kept: through a symbolic link, `a/b/..` need not be `a`.
    public static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        var joined = parts.joined(separator: "/")
        if path.hasSuffix("/"), !joined.isEmpty { joined += "/" }
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The directory holding `path` (`.` for a bare name; trailing slashes ignored, so `providers/` is in `.`), to use
    /// as `base` for paths written in a file. The one way weft takes a path's parent: Foundation's
    /// `deletingLastPathComponent` traps on a bare relative name (`p`, `p/`, `.`) on Linux.
    public static func directory(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        var parent = path[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    private static func passwdHome(uid: uid_t) -> String? {
        lookup { entry, buffer, size, result in getpwuid_r(uid, &entry, buffer, size, &result) }
    }

    private static func passwdHome(user: String) -> String? {
        lookup { entry, buffer, size, result in getpwnam_r(user, &entry, buffer, size, &result) }
    }

    private static func lookup(
        _ call: (inout passwd, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<passwd>?) -> Int32
    ) -> String? {
        var buffer = [CChar](repeating: 0, count: 16_384)
        return buffer.withUnsafeMutableBufferPointer { pointer -> String? in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>?
            // pw_dir points into the buffer, so it is read before the buffer goes away.
            guard let base = pointer.baseAddress, call(&entry, base, pointer.count, &result) == 0, result != nil,
                let directory = entry.pw_dir
            else { return nil }
            let home = String(cString: directory)
            return home.isEmpty ? nil : home
        }
    }
}
