import CProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A started program: its pid and whether it leads its own process group (then signals go to the whole group).
///
/// Its group is signalled only while the program is not yet reaped: until then its pid, and so its group's id,
/// cannot be given to another process.
struct Child: Sendable {
    let pid: pid_t
    let ownsGroup: Bool

    /// Sends `signal` to the program, and to everything in its group when it has one.
    func send(_ signal: Int32) {
        if ownsGroup { _ = kill(-pid, signal) }
        _ = kill(pid, signal)
    }

    /// Whether the program ended, without reaping it (it stays a zombie until `reap`).
    func hasEnded() -> Bool {
        var info = siginfo_t()
        let asked = waitid(P_PID, id_t(clamping: pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return asked == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Waits for the program to end and reaps it; returns its wait status.
    func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            // ECHILD: someone else reaped it (no status to report).
            guard errno == EINTR else { return 0 }
        }
        return status
    }

    /// Kills what is left in the program's group, then reaps the program (which has ended).
    func finish() -> Int32 {
        if ownsGroup { _ = kill(-pid, SIGKILL) }
        return reap()
    }

    /// Stops the program and its group (SIGTERM, then SIGKILL after a grace of 200 ms) and reaps it.
    func stop() {
        terminate { signal in
            send(signal)
            return true
        }
        _ = reap()
    }

    /// SIGTERM through `send`, then SIGKILL after a grace of 200 ms, also when the program ended meanwhile: what it
    /// left in its group goes too. Stops at once when `send` says there is nothing to signal any more.
    func terminate(through send: (Int32) -> Bool) {
        guard send(SIGTERM) else { return }
        for _ in 0..<20 {
            if hasEnded() { break }
            usleep(10_000)
        }
        _ = send(SIGKILL)
    }
}

extension Launch {
    /// Starts the program with its standard output and error on `stdoutFD` and `stderrFD` when given (else as the
    /// launch says), marked as one of `scope`'s when given. The descriptors stay the caller's.
    func spawn(stdoutFD: Int32? = nil, stderrFD: Int32? = nil, scope: SpawnScope? = nil) throws(SpawnError) -> Child {
        let path = try executable()
        let program = argv.first ?? path
        let arguments = CStrings(argv)
        var environment = environment
        if let scope {
            var marked = environment ?? ProcessInfo.processInfo.environment
            marked[scope.entry.key] = scope.entry.value
            environment = marked
        }
        let environmentStrings = environment.map { CStrings($0.map { "\($0.key)=\($0.value)" }) }
        func descriptor(_ stream: Stream, _ standard: Int32) -> Int32 { stream == .inherit ? standard : -1 }
        var failure: Int32 = 0
        let pid = path.withCString { cPath in
            Self.withOptionalCString(directory) { cDirectory in
                var request = weft_spawn_request(
                    path: cPath, argv: UnsafePointer(arguments.pointers),
                    envp: environmentStrings.map { UnsafePointer($0.pointers) }, directory: cDirectory,
                    stdin_fd: descriptor(stdin, STDIN_FILENO), stdout_fd: stdoutFD ?? descriptor(stdout, STDOUT_FILENO),
                    stderr_fd: stderrFD ?? descriptor(stderr, STDERR_FILENO), new_group: newProcessGroup ? 1 : 0,
                    parent_death_signal: parentDeathSignal ?? 0)
                return weft_spawn(&request, &failure)
            }
        }
        withExtendedLifetime((arguments, environmentStrings)) {}
        guard pid > 0 else { throw .cannotStart(program: program, reason: String(cString: strerror(failure))) }
        return Child(pid: pid, ownsGroup: newProcessGroup)
    }

    private static func withOptionalCString<T>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }
}

/// This process's own lifetime.
public enum ProcessLifetime {
    /// Asks the kernel to send `signal` to this process when its parent dies; false when the parent is already gone
    /// (the process was adopted before the request was made), so the caller should end now.
    public static func endWithParent(signal: Int32) -> Bool {
        let parent = getppid()
        _ = weft_die_with_parent(signal)
        return getppid() == parent
    }

    /// Makes `signals` write their number to a pipe instead of ending the process, and returns its read end to poll
    /// (nil when no pipe could be made). A second such signal, or 10 s without the process ending, still ends it.
    /// For a loop that ends in order on a signal; once per process.
    public static func signalPipe(for signals: [Int32]) -> Int32? {
        let descriptor = weft_signal_pipe(signals, Int32(clamping: signals.count))
        return descriptor >= 0 ? descriptor : nil
    }
}
