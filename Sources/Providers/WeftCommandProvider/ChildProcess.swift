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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        if let directory { weft_spawn_file_actions_addchdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var cArgs = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for arg in cArgs { free(arg) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, cArgs, environ)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            return .failure(.cannotStart(program, String(cString: strerror(spawned))))
        }
        let collected = collect(out: outPipe[0], err: errPipe[0], pid: pid)
        close(outPipe[0])
        close(errPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        var ending = collected.ending
        if ending == nil {
            let termSignal = status & 0x7f
            ending = termSignal == 0 ? .exited((status >> 8) & 0xff) : .signalled(termSignal)
        }
        return .success(Result(ending: ending ?? .exited(0), stdout: collected.stdout, stderr: collected.stderr))
    }

    /// Reads both pipes until they close, the deadline passes or stdout overflows.
    private func collect(out: Int32, err: Int32, pid: pid_t) -> (ending: Ending?, stdout: [UInt8], stderr: [UInt8]) {
        let stderrKept = 8192
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var open: [Int32] = [out, err]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let remaining = clock.now.duration(to: deadline)
            if remaining <= .zero {
                stopGroup(pid)
                return (.timedOut, stdout, stderr)
            }
            let millis = max(1, Int32(min(DurationText.milliseconds(remaining), 1000)))
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
                        stopGroup(pid)
                        return (.outputTooLarge, Array(stdout.prefix(maxOutput)), stderr)
                    }
                } else if stderr.count < stderrKept {
                    stderr.append(contentsOf: buffer[0..<min(count, stderrKept - stderr.count)])
                }
            }
        }
        return (nil, stdout, stderr)
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
