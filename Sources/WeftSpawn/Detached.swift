import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension Launch {
    /// Starts the program without waiting for it: a thread of its own waits, stops the program (its whole process
    /// group) when it runs longer than `limit`, reaps it, so no zombie is left, and passes how it ended to `onEnd`
    /// (on that thread). The program is marked as one of `scope`'s when given, so ending the scope ends what it left
    /// running. A program that cannot start throws here.
    @discardableResult
    public func startDetached(
        limit: Duration? = nil, scope: SpawnScope? = nil, onEnd: @escaping @Sendable (Ending) -> Void = { _ in }
    ) throws(SpawnError) -> RunningProgram {
        let handoff = Handoff()
        // Started from the waiting thread: the parent-death signal is tied to the thread that forks.
        let thread = Thread {
            switch Result(catching: { () throws(SpawnError) in try self.spawn(scope: scope) }) {
            case .failure(let error):
                handoff.put(.failure(error))
            case .success(let child):
                let running = RunningProgram(child)
                handoff.put(.success(running))
                onEnd(running.wait(limit: limit))
            }
        }
        thread.start()
        return try handoff.take().get()
    }
}

/// A program started with `startDetached`, while its waiting thread has not reaped it: `stop()` signals it (its
/// group, when it leads one) only until then, so a pid the system gave to another process since is never hit.
public final class RunningProgram: Sendable {
    private let child: Child
    /// Whether the waiting thread reaped the program; signals are sent only while this is false, under the lock.
    private let reaped = Mutex(false)

    /// The program's pid (its group's id, when it leads one).
    public var pid: pid_t { child.pid }

    fileprivate init(_ child: Child) { self.child = child }

    /// Stops the program and its group: SIGTERM, then SIGKILL after a grace of 200 ms. Returns at once when it has
    /// ended already.
    public func stop() { child.terminate(through: send) }

    /// Sends `signal` while the program is not reaped; false once it is.
    private func send(_ signal: Int32) -> Bool {
        reaped.withLock { reaped in
            guard !reaped else { return false }
            child.send(signal)
            return true
        }
    }

    /// Waits for the program to end (stopping it past `limit`) and reaps it.
    fileprivate func wait(limit: Duration?) -> Ending {
        let clock = ContinuousClock()
        let deadline = limit.map { clock.now + $0 }
        var timedOut = false
        if let deadline {
            while !child.hasEnded() {
                if clock.now >= deadline {
                    timedOut = true
                    stop()
                    break
                }
                usleep(10_000)
            }
        } else {
            // Blocks until it ends, leaving it unreaped: a concurrent `stop()` may still signal its group meanwhile.
            var info = siginfo_t()
            while waitid(P_PID, id_t(clamping: child.pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        }
        let status = reaped.withLock { reaped in
            defer { reaped = true }
            return timedOut ? child.finish() : child.reap()
        }
        return timedOut ? .timedOut : Ending(waitStatus: status)
    }
}

/// The start's outcome, handed from the waiting thread to the caller.
private final class Handoff: Sendable {
    private let value = Mutex<Result<RunningProgram, SpawnError>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func put(_ outcome: Result<RunningProgram, SpawnError>) {
        value.withLock { $0 = outcome }
        ready.signal()
    }

    func take() -> Result<RunningProgram, SpawnError> {
        ready.wait()
        // Never nil once signalled; the fallback only spares an unwrap.
        return value.withLock { $0 } ?? .failure(.emptyCommand)
    }
}
