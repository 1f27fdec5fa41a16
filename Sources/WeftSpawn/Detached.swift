import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension Launch {
    /// Starts the program and returns its pid without waiting for it: a thread of its own waits, stops the program
    /// (its whole process group) when it runs longer than `limit`, reaps it, so no zombie is left, and passes how it
    /// ended to `onEnd` (on that thread). A program that cannot start throws here.
    @discardableResult
    public func startDetached(
        limit: Duration? = nil, onEnd: @escaping @Sendable (Ending) -> Void = { _ in }
    ) throws(SpawnError) -> pid_t {
        let handoff = Handoff()
        // Started from the waiting thread: the parent-death signal is tied to the thread that forks.
        let thread = Thread {
            switch Result(catching: { () throws(SpawnError) in try self.spawn() }) {
            case .failure(let error):
                handoff.put(.failure(error))
            case .success(let child):
                handoff.put(.success(child.pid))
                onEnd(Self.wait(for: child, limit: limit))
            }
        }
        thread.start()
        return try handoff.take().get()
    }

    private static func wait(for child: Child, limit: Duration?) -> Ending {
        guard let limit else { return Ending(waitStatus: child.reap()) }
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if child.hasEnded() { return Ending(waitStatus: child.reap()) }
            if clock.now >= deadline {
                child.stop()
                return .timedOut
            }
            usleep(10_000)
        }
    }
}

/// The start's outcome, handed from the waiting thread to the caller.
private final class Handoff: Sendable {
    private let value = Mutex<Result<pid_t, SpawnError>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func put(_ outcome: Result<pid_t, SpawnError>) {
        value.withLock { $0 = outcome }
        ready.signal()
    }

    func take() -> Result<pid_t, SpawnError> {
        ready.wait()
        // Never nil once signalled; the fallback only spares an unwrap.
        return value.withLock { $0 } ?? .failure(.emptyCommand)
    }
}
