import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A long-running child (`weft watch`) whose stdout is read line by line while it runs.
///
/// Spawned under `WeftProcess.spawnLock` with close-on-exec pipes, like `WeftProcess`, so no sibling test's child
/// inherits the pipe: closing our read end must really leave the child without a reader.
final class StreamingChild: @unchecked Sendable {
    let pid: pid_t
    private var stdout: Int32
    private var pending: [UInt8] = []
    /// Set once waitpid has collected the child, after which its pid may belong to another process.
    private var reaped = false

    /// Starts `argv` with the test environment (``WeftProcess/childEnvironment(_:)``) plus `environment`.
    init(_ argv: [String], environment: [String: String] = [:]) throws {
        var cEnv = WeftProcess.childEnvironment(environment).map { strdup("\($0.key)=\($0.value)") }
        cEnv.append(nil)
        defer { for pointer in cEnv { free(pointer) } }
        WeftProcess.spawnLock.lock()
        var out: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else {
            WeftProcess.spawnLock.unlock()
            throw SandboxError("pipe: \(errno)")
        }
        for fd in out { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        // Not the test process's stderr: `swift test` reads that pipe to its end, and a child outliving a crashed
        // test process would otherwise hold it open and hang the whole run.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArgs = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for pointer in cArgs { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, argv[0], &actions, &attributes, cArgs, cEnv)
        WeftProcess.spawnLock.unlock()
        close(out[1])
        guard spawned == 0 else {
            close(out[0])
            throw SandboxError("cannot spawn \(argv[0]): \(spawned)")
        }
        pid = child
        stdout = out[0]
    }

    deinit {
        if stdout >= 0 { close(stdout) }
        guard !reaped else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// The next line the child prints, or nil if none comes within `timeout`.
    ///
    /// The wait runs on a thread of its own: blocking one of Swift's two cooperative threads (on a 2-core machine)
    /// would stall every other test in the process, and their own time limits would then fire.
    func line(within timeout: Duration) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.waitForLine(within: timeout)) }.start()
        }
    }

    private func waitForLine(within timeout: Duration) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero, stdout >= 0 else { return nil }
            var ready = pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)
            let millis = Int32(
                remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&ready, 1, max(1, millis)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(stdout, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += buffer[0..<count]
        }
    }

    /// Closes our end of the child's stdout, as a status bar does when it goes away.
    func closeOutput() {
        close(stdout)
        stdout = -1
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { if !reaped { kill(pid, signal) } }

    /// How the child ended: (exit status, nil) or (nil, signal); nil if it is still running after `timeout`.
    func ending(within timeout: Duration) -> (code: Int32?, signal: Int32?)? {
        var status: Int32 = 0
        guard Poll.blocking(within: timeout, { waitpid(pid, &status, WNOHANG) == pid }) else { return nil }
        reaped = true
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, nil) : (nil, signal)
    }
}
