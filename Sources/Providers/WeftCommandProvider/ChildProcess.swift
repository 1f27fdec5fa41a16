import CPosixSpawn
import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program (an argv, no shell) with a time limit and an output cap, and collects what it printed.
///
/// The child runs in its own process group so that a timeout or an overflow stops everything it started,
/// and the parent never waits on a pipe that a grandchild still holds open.
struct ChildProcess {
    /// How a run ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
        case outputTooLarge
    }

    /// What a finished run produced.
    struct Result {
        var ending: Ending
        var stdout: [UInt8]
        var stderr: [UInt8]
    }

    var argv: [String]
    var timeout: Duration
    var maxOutput: Int
    /// The working directory the program starts in (the provider file's folder), so relative paths in its argv
    /// mean the same under cron, a systemd unit or a shell.
    var directory: String?

    /// Runs the program on a thread of its own, so the blocking waits stay off Swift's cooperative pool.
    func run() async throws(CommandError) -> Result {
        let outcome: Swift.Result<Result, CommandError> = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.runBlocking()) }
            thread.start()
        }
        return try outcome.get()
    }

    func runBlocking() -> Swift.Result<Result, CommandError> {
        guard let program = argv.first, !program.isEmpty else { return .failure(.emptyCommand) }
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&outPipe) else { return .failure(.cannotStart(program, Self.errnoText())) }
        guard Self.makePipe(&errPipe) else {
            close(outPipe[0])
            close(outPipe[1])
            return .failure(.cannotStart(program, Self.errnoText()))
        }
        var cArgs = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for arg in cArgs { free(arg) } }
        // Its own process group, stdin from /dev/null and a parent-death signal: see weft_spawn_group_child.
        var failure: Int32 = 0
        let pid = weft_spawn_group_child(program, &cArgs, outPipe[1], errPipe[1], directory, &failure)
        close(outPipe[1])
        close(errPipe[1])
        guard pid > 0 else {
            close(outPipe[0])
            close(errPipe[0])
            return .failure(.cannotStart(program, String(cString: strerror(failure))))
        }
        let collected = collect(out: outPipe[0], err: errPipe[0], pid: pid)
        close(outPipe[0])
        close(errPipe[0])
        var status: Int32 = 0
        if let reaped = collected.status {
            status = reaped
        } else {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        var ending = collected.ending
        if ending == nil {
            let termSignal = status & 0x7f
            ending = termSignal == 0 ? .exited((status >> 8) & 0xff) : .signalled(termSignal)
        }
        return .success(Result(ending: ending ?? .exited(0), stdout: collected.stdout, stderr: collected.stderr))
    }

    /// How long output may keep arriving after the program itself exited: a background child it left holding
    /// stdout open does not make a finished run wait for the timeout.
    static let drainAfterExit = Duration.milliseconds(200)

    /// Reads both pipes until they close, the deadline passes or stdout overflows; once the program exits, what is
    /// still in the pipes is read (for `drainAfterExit` at most) and whatever it left running in its process group
    /// is stopped. `status` is the program's wait status when it was reaped here.
    private func collect(out: Int32, err: Int32, pid: pid_t) -> (
        ending: Ending?, stdout: [UInt8], stderr: [UInt8], status: Int32?
    ) {
        let stderrKept = 8192
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var open: [Int32] = [out, err]
        var buffer = [UInt8](repeating: 0, count: 65536)
        var exitStatus: Int32?
        var drainUntil: ContinuousClock.Instant?
        while !open.isEmpty {
            if exitStatus == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    exitStatus = status
                    drainUntil = clock.now + Self.drainAfterExit
                }
            }
            if let drainUntil, clock.now >= drainUntil {
                // The program is gone; only something it started still holds the pipes.
                kill(-pid, SIGKILL)
                break
            }
            let remaining = clock.now.duration(to: drainUntil ?? deadline)
            if remaining <= .zero {
                stopGroup(pid)
                return (.timedOut, stdout, stderr, nil)
            }
            let millis = Int32(
                clamping: max(1, min(DurationText.milliseconds(remaining), exitStatus == nil ? 50 : 1000)))
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
                        if exitStatus == nil { stopGroup(pid) } else { kill(-pid, SIGKILL) }
                        return (.outputTooLarge, Array(stdout.prefix(maxOutput)), stderr, exitStatus)
                    }
                } else if stderr.count < stderrKept {
                    stderr.append(contentsOf: buffer[0..<min(count, stderrKept - stderr.count)])
                }
            }
        }
        // Nothing the program started outlives the run.
        if exitStatus != nil { kill(-pid, SIGKILL) }
        return (nil, stdout, stderr, exitStatus)
    }

    private func stopGroup(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        kill(pid, SIGTERM)
        for _ in 0..<20 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                kill(-pid, SIGKILL)
                return
            }
            usleep(10_000)
        }
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
    }

    /// A pipe whose ends are not inherited by other children this process starts.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
