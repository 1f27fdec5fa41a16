import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// What a program run to capture its output produced.
public struct Captured: Sendable, Equatable {
    /// How it ended.
    public var ending: Ending
    /// What it printed on standard output (at most the cap).
    public var stdout: [UInt8]
    /// The start of what it printed on standard error.
    public var stderr: [UInt8]
}

extension Launch {
    /// How long output may keep arriving after the program itself exited: a background child it left holding
    /// stdout open does not make a finished run wait for the timeout.
    static let drainAfterExit = Duration.milliseconds(200)

    /// Runs the program to its end and collects what it prints: standard output up to `maxOutput` bytes (past it
    /// the program is stopped: `.outputTooLarge`), the first `stderrKept` bytes of standard error, and `.timedOut`
    /// when it runs longer than `timeout`. Whatever it left running is stopped too: its process group, and
    /// everything it started that left the group (`setsid`), found by the mark of the run's own ``SpawnScope``.
    ///
    /// The waits are blocking, so they run on a thread of their own, off Swift's cooperative pool.
    public func run(timeout: Duration, maxOutput: Int, stderrKept: Int = 8192) async throws(SpawnError) -> Captured {
        let outcome: Result<Captured, SpawnError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: Result { () throws(SpawnError) in
                        try self.runBlocking(timeout: timeout, maxOutput: maxOutput, stderrKept: stderrKept)
                    })
            }
            thread.start()
        }
        return try outcome.get()
    }

    /// `run(timeout:maxOutput:stderrKept:)` on the calling thread, which it blocks until the program ended.
    public func runBlocking(timeout: Duration, maxOutput: Int, stderrKept: Int = 8192) throws(SpawnError) -> Captured {
        let program = argv.first ?? ""
        let out = try Pipe(for: program)
        let err = try Pipe(for: program)
        let scope = SpawnScope()
        defer { scope.end() }
        let child = try spawn(stdoutFD: out.write.raw, stderrFD: err.write.raw, scope: scope)
        // The child holds its own copies: these must go for the reads below to see the end.
        out.write.close()
        err.write.close()
        var collector = Collector(
            out: out.read.raw, err: err.read.raw, child: child, timeout: timeout, maxOutput: maxOutput,
            stderrKept: stderrKept)
        let ending = collector.collect()
        return Captured(ending: ending, stdout: collector.stdout, stderr: collector.stderr)
    }
}

/// Reads a program's two pipes until they close, the deadline passes or stdout overflows, and reaps the program.
private struct Collector {
    let out: Int32
    let err: Int32
    let child: Child
    let timeout: Duration
    let maxOutput: Int
    let stderrKept: Int
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []

    /// Once the program exits, what is still in the pipes is read (for `drainAfterExit` at most) and whatever it
    /// left running in its process group is stopped.
    mutating func collect() -> Ending {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var open: [Int32] = [out, err]
        var buffer = [UInt8](repeating: 0, count: 65536)
        var drainUntil: ContinuousClock.Instant?
        while !open.isEmpty {
            if drainUntil == nil, child.hasEnded() { drainUntil = clock.now + Launch.drainAfterExit }
            // The program is gone; only something it started still holds the pipes.
            if let drainUntil, clock.now >= drainUntil { break }
            let remaining = clock.now.duration(to: drainUntil ?? deadline)
            if remaining <= .zero {
                child.stop()
                return .timedOut
            }
            let millis = Int32(
                clamping: max(1, min(DurationText.milliseconds(remaining), drainUntil == nil ? 50 : 1000)))
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), millis)
            if ready < 0 && errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count <= 0 {
                    open.removeAll { $0 == entry.fd }
                    continue
                }
                if entry.fd == out {
                    stdout.append(contentsOf: buffer[0..<count])
                    if stdout.count > maxOutput {
                        stdout = Array(stdout.prefix(maxOutput))
                        child.stop()
                        return .outputTooLarge
                    }
                } else if stderr.count < stderrKept {
                    stderr.append(contentsOf: buffer[0..<min(count, stderrKept - stderr.count)])
                }
            }
        }
        // Both pipes closed while the program still runs: it still has until the deadline.
        while !child.hasEnded() {
            if clock.now >= deadline {
                child.stop()
                return .timedOut
            }
            usleep(5_000)
        }
        // Nothing the program started outlives the run.
        return Ending(waitStatus: child.finish())
    }
}
