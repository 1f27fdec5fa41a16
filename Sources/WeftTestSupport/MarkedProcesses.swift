import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Processes a test started, found by a unique marker in their argv (`sh -c '…' MARKER`), so parallel tests never
/// see each other's.
public enum MarkedProcesses {
    /// A marker no other test uses.
    public static func marker(_ label: String) -> String { "weft-test-\(label)-\(UUID().uuidString)" }

    /// The live processes (not zombies) with an argument containing `marker`.
    public static func pids(_ marker: String) -> [pid_t] {
        let me = getpid()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.filter { pid in
            guard pid != me, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
                return false
            }
            return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self).contains(marker) }
        }
    }

    /// Kills whatever carries `marker` (a test's cleanup, whatever the test found).
    public static func kill(_ marker: String) {
        for pid in pids(marker) { _ = Glibc.kill(pid, SIGKILL) }
    }
}
