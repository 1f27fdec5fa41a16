import Foundation

/// Whether libdispatch's worker pool has started in this process. On Linux its first worker thread also starts a
/// monitor that wakes the process every second for the rest of its life (swift-corelibs-libdispatch's workqueue
/// monitor), and a released GRDB database queue is enough to start one. An idle notifier must not wake each second,
/// so the loop asks this after its work and `weft notify` then starts itself afresh: everything it knows is in the
/// database.
public enum DispatchWorkers {
    /// The names of this process's threads other than the main one (Linux truncates them to 15 bytes).
    static func otherThreadNames() -> [String] {
        let main = String(getpid())
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { $0 != main }.map { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// True when libdispatch's threads run (their names end in a QoS class, `…-qos.overcommit`) and no other thread
    /// does: a program started for a button (its reaping thread) would die with a new start, so it waits for that.
    /// A thread just made still carries the program's name until libdispatch names it, so an unnamed one is given a
    /// moment (at most a second, and only when a thread besides the main one runs) before it counts as another.
    public static var startedAndAloneBesideMain: Bool {
        for attempt in 0..<20 {
            let names = otherThreadNames()
            if names.isEmpty { return false }
            if names.allSatisfy({ $0.contains("qos") }) { return true }
            if attempt < 19 { usleep(50_000) }
        }
        return false
    }
}
