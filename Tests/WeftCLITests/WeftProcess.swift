import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// How one child process ended and what it printed.
struct ProcessResult: Sendable, CustomStringConvertible {
    /// The exit status, when the process exited (nil when a signal ended it).
    var exitCode: Int32?
    /// The signal that ended the process, if one did.
    var signal: Int32?
    var stdout: String
    var stderr: String
    /// Wall time from spawn to reap.
    var elapsed: Duration
    /// Whether the test harness had to kill it because it ran past its limit.
    var killedByHarness: Bool

    var seconds: Double { Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18 }

    var description: String {
        let ending = exitCode.map { "exit \($0)" } ?? "signal \(signal ?? -1)"
        return "\(ending) after \(String(format: "%.2f", seconds)) s\(killedByHarness ? " (killed by harness)" : "")\n"
            + "stdout: \(stdout.debugDescription)\nstderr: \(stderr.debugDescription)"
    }
}

/// Runs the real `weft` binary (or any program) as a child process with a hard time limit.
///
/// Built on posix_spawn + poll + waitpid rather than Foundation.Process so pipes are created close-on-exec: tests
/// run in parallel, and a pipe end inherited by a concurrently spawned sibling would otherwise keep our reads from
/// ever seeing EOF.
enum WeftProcess {
    /// The built `weft` executable: `$WEFT_BIN`, else the first `weft` file found walking up from the test bundle.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["WEFT_BIN"], !path.isEmpty { return path }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("weft").path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return "weft-binary-not-found-set-WEFT_BIN"
    }()

    /// Held while spawning. Taking it also ignores SIGPIPE in the test process once: a child that exits before
    /// reading all of its stdin must give our write EPIPE, not kill the whole test run.
    static let spawnLock: NSLock = {
        signal(SIGPIPE, SIG_IGN)
        return NSLock()
    }()

    /// Runs `weft` with `arguments`.
    static func weft(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(20)
    ) async -> ProcessResult {
        await run([binary] + arguments, stdin: stdin, environment: environment, timeout: timeout)
    }

    /// Runs `argv` (no shell); `environment` is added to (and overrides) this process's environment.
    static func run(
        _ argv: [String], stdin: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(20)
    ) async -> ProcessResult {
        // A thread of its own: the blocking poll/wait must not occupy Swift's small cooperative pool,
        // or tests that run several processes at once would be serialised behind each other.
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: runBlocking(argv, stdin: stdin, environment: environment, timeout: timeout))
            }
            thread.start()
        }
    }

    /// This process's environment with `environment` added (and overriding), for a child. The language of the
    /// machine running the tests never reaches weft: the C locale unless a test sets LC_ALL, LC_MESSAGES or LANG.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        var merged = ProcessInfo.processInfo.environment
        for key in merged.keys where key == "LANG" || key == "LANGUAGE" || key.hasPrefix("LC_") {
            merged[key] = nil
        }
        if !environment.keys.contains(where: { ["LC_ALL", "LC_MESSAGES", "LANG"].contains($0) }) {
            merged["LC_ALL"] = "C.UTF-8"
        }
        for (key, value) in environment { merged[key] = value }
        return merged
    }

    static func runBlocking(
        _ argv: [String], stdin: String?, environment: [String: String], timeout: Duration
    ) -> ProcessResult {
        // pipe2 is not visible from Swift's Glibc module, so pipe + FD_CLOEXEC and posix_spawn happen under one
        // lock: no sibling can be spawned between a pipe's creation and its close-on-exec flag.
        spawnLock.lock()
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        precondition(pipe(&inPipe) == 0 && pipe(&outPipe) == 0 && pipe(&errPipe) == 0)
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let merged = childEnvironment(environment)
        var cEnv = merged.map { strdup("\($0.key)=\($0.value)") }
        cEnv.append(nil)
        var cArgs = argv.map { strdup($0) }
        cArgs.append(nil)
        defer {
            for pointer in cArgs { free(pointer) }
            for pointer in cEnv { free(pointer) }
        }

        let clock = ContinuousClock()
        let started = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
        spawnLock.unlock()
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            close(errPipe[0])
            return ProcessResult(
                exitCode: 127, signal: nil, stdout: "",
                stderr: "harness: cannot spawn \(argv[0]): \(String(cString: strerror(spawned)))",
                elapsed: .zero, killedByHarness: false)
        }

        // Test inputs are small (well under a pipe buffer), so writing before reading cannot deadlock.
        if let stdin {
            let bytes = Array(stdin.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBufferPointer { write(inPipe[1], $0.baseAddress, $0.count) }
                if written <= 0 { break }
                offset += written
            }
        }
        close(inPipe[1])

        let deadline = started + timeout
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var open: [Int32] = [outPipe[0], errPipe[0]]
        var buffer = [UInt8](repeating: 0, count: 65536)
        var killed = false
        while !open.isEmpty {
            let remaining = clock.now.duration(to: deadline)
            if remaining <= .zero {
                kill(pid, SIGKILL)
                killed = true
                break
            }
            let millis = Int32(clamping: max(1, min(remaining.components.seconds * 1000 + 1, 200)))
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), millis)
            if ready < 0 && errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &buffer, buffer.count)
                if count <= 0 {
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == outPipe[0] {
                    stdout.append(contentsOf: buffer[0..<count])
                } else {
                    stderr.append(contentsOf: buffer[0..<count])
                }
            }
        }
        close(outPipe[0])
        close(errPipe[0])

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = started.duration(to: clock.now)
        let termSignal = status & 0x7f
        return ProcessResult(
            exitCode: termSignal == 0 ? (status >> 8) & 0xff : nil, signal: termSignal == 0 ? nil : termSignal,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            elapsed: elapsed, killedByHarness: killed)
    }
}

/// The CLI tests' temporary home: `providers/` and `cache/`, removed when the test ends.
typealias Sandbox = TemporaryHome

extension TemporaryHome {
    /// The flags every weft call in this sandbox carries.
    var locations: [String] { ["--providers", providers, "--cache", cache] }

    /// Writes an executable file (a script a test runs). Under the spawn lock: a sibling test's child spawned while
    /// the file is open for writing would inherit that descriptor, and running the file would then fail with
    /// "Text file busy".
    func writeProgram(_ name: String, _ text: String) throws {
        WeftProcess.spawnLock.lock()
        defer { WeftProcess.spawnLock.unlock() }
        try write(name, text)
        guard chmod(path(name), 0o755) == 0 else { throw SandboxError("chmod \(name): \(errno)") }
    }

    /// Writes `providers/<instance>.toml`, dated well before every `--now` the tests use.
    func provider(_ instance: String, _ toml: String) throws {
        try provider(instance, toml, modified: Fixed.fileDate)
    }

    /// `weft` with the sandbox's locations appended.
    func weft(
        _ arguments: String..., stdin: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(20)
    ) async -> ProcessResult {
        await WeftProcess.weft(arguments + locations, stdin: stdin, environment: environment, timeout: timeout)
    }

    /// `weft` with the sandbox's locations appended, from an array.
    func weft(
        arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(20)
    ) async -> ProcessResult {
        await WeftProcess.weft(arguments + locations, stdin: stdin, environment: environment, timeout: timeout)
    }

    /// `weft` with the sandbox's locations, run under GNU time, with weft's own peak resident size in KiB (nil when
    /// time could not tell). wait4's rusage would not do: a child spawned straight from the test process starts
    /// from the test process's high-water mark (the kernel keeps the old image's peak across exec).
    func weftWithPeak(_ arguments: [String], timeout: Duration = .seconds(60)) async -> (
        result: ProcessResult, peakKiB: Int?
    ) {
        let report = path("peak-\(UUID().uuidString)")
        // timeout(1) ends weft itself before the harness's limit ends GNU time, which would leave weft running.
        let seconds = max(1, timeout.components.seconds - 10)
        let result = await WeftProcess.run(
            ["/usr/bin/time", "-f", "%M", "-o", report, "timeout", "-s", "KILL", "\(seconds)", WeftProcess.binary]
                + arguments + locations,
            timeout: timeout)
        // GNU time writes "Command exited with non-zero status N" above the figure when weft fails.
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        return (result, text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }
}

/// Pinned instants and zone shared by the tests.
enum Fixed {
    /// 09:30 UTC, 10:30 in Berlin, a Tuesday.
    static let now = "2026-03-10T09:30:00Z"
    static let zone = "Europe/Berlin"
    /// `--now` and `--tz` for calls where time matters.
    static let clock = ["--now", now, "--tz", zone]
    /// The mtime given to provider files.
    static let fileDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
}

struct SandboxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// TOML string-array literal for an argv, with TOML basic-string escaping.
func tomlArray(_ argv: [String]) -> String {
    "[" + argv.map(tomlString).joined(separator: ", ") + "]"
}

/// A TOML basic string.
func tomlString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A `command` provider file running `sh -c script`.
func shellProvider(_ script: String, extra: String = "") -> String {
    """
    type = "command"
    command = \(tomlArray(["sh", "-c", script]))
    \(extra)
    """
}
