import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Finding programs: a name on `PATH` (for a command provider, a bar action, `weft serve`'s server, the schedule's
/// hints) and weft's own executable.
public enum Executables {
    /// The search path an environment gives: its `PATH`, else `/usr/local/bin:/usr/bin:/bin`, which is what a
    /// program started without one (a bare cron or systemd environment) effectively finds.
    public static func searchPath(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    }

    /// The executable `program` names: itself when it holds a slash, else the first match in the folders of
    /// `searchPath(environment)`. Only absolute folders are searched (an empty or relative entry would depend on
    /// whichever directory weft runs in), and only executable files count, not directories.
    public static func find(
        _ program: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        if program.contains("/") { return isExecutableFile(program) ? program : nil }
        guard !program.isEmpty else { return nil }
        for folder in searchPath(environment).split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(program)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// This process's executable as an absolute path (Linux's `/proc/self/exe`), else `argv[0]`.
    public static func current() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first ?? "weft" }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return false }
        return access(path, X_OK) == 0
    }
}
