import Foundation
import Testing
import WeftTestSupport

@testable import WeftSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// The one spawner: what a command provider, a bar action and a notification's command rely on.
@Suite struct LaunchTests {
    private func shell(_ script: String, adding extra: [String: String] = [:], directory: String? = nil) -> Launch {
        Launch(["/bin/sh", "-c", script], adding: extra, directory: directory)
    }

    @Test func reportsTheExitStatusAndTheSignal() async throws {
        #expect(try await shell("exit 3").run(timeout: .seconds(60), maxOutput: 100).ending == .exited(3))
        #expect(try await shell("true").run(timeout: .seconds(60), maxOutput: 100).ending == .exited(0))
        #expect(
            try await shell("kill -USR1 $$").run(timeout: .seconds(60), maxOutput: 100).ending == .signalled(SIGUSR1))
    }

    /// A descriptor some library opened without close-on-exec (a lock, a socket) stays in weft: the program sees
    /// only its three standard streams.
    @Test func aProgramInheritsOnlyTheStandardStreams() async throws {
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        // Far above what the child opens itself; F_DUPFD leaves the copy without close-on-exec.
        let leaked = fcntl(null, F_DUPFD, 200)
        close(null)
        #expect(leaked >= 200 && fcntl(leaked, F_GETFD) & FD_CLOEXEC == 0)
        defer { close(leaked) }
        let captured = try await shell("ls /proc/self/fd").run(timeout: .seconds(60), maxOutput: 10_000)
        let open = String(decoding: captured.stdout, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        // ls itself holds one more: the directory it lists.
        #expect(!open.contains(Int(leaked)) && open.filter { $0 > 2 }.count <= 1, "\(open), leaked \(leaked)")
    }

    @Test func capturesStdoutAndTheStartOfStderr() async throws {
        let captured = try await shell("printf out; printf 'error text' >&2").run(
            timeout: .seconds(60), maxOutput: 100, stderrKept: 5)
        #expect(captured.ending == .exited(0))
        #expect(captured.stdout == Array("out".utf8) && captured.stderr == Array("error".utf8))
    }

    @Test func stopsAProgramPastTheOutputCapAndKeepsTheCap() async throws {
        let captured = try await shell("yes | head -c 10000000").run(timeout: .seconds(60), maxOutput: 1000)
        #expect(captured.ending == .outputTooLarge)
        #expect(captured.stdout.count == 1000)
    }

    @Test func aTimeoutStopsTheWholeGroupGrandchildrenIncluded() async throws {
        let folder = try TemporaryHome("spawn")
        let pidFile = folder.root + "/grandchild.pid"
        let captured = try await shell("sleep 300 & echo $! > '\(pidFile)'; sleep 300").run(
            timeout: .milliseconds(300), maxOutput: 100)
        #expect(captured.ending == .timedOut)
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let grandchild = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await Poll.until { !Self.isRunning(grandchild) }, "the grandchild \(grandchild) outlived the timeout")
    }

    @Test func whatAProgramLeftRunningIsStoppedWhenItExits() async throws {
        let folder = try TemporaryHome("spawn")
        let pidFile = folder.root + "/grandchild.pid"
        // The grandchild holds stdout open: the run still ends with the program, not at the timeout.
        let captured = try await shell("sleep 300 & echo $! > '\(pidFile)'; printf done").run(
            timeout: .seconds(300), maxOutput: 100)
        #expect(captured.ending == .exited(0), "\(captured.ending)")
        #expect(captured.stdout == Array("done".utf8), "\(String(decoding: captured.stdout, as: UTF8.self))")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let grandchild = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await Poll.until { !Self.isRunning(grandchild) }, "the grandchild \(grandchild) outlived the run")
    }

    @Test func theExtraEnvironmentIsSeenBesideTheInheritedOne() async throws {
        let launch = shell(
            #"printf '%s|%s' "$WEFT_NOTIFICATION_TITLE" "${PATH:+path}""#,
            adding: ["WEFT_NOTIFICATION_TITLE": "Rain in 10 min; take 'the' umbrella"])
        let captured = try await launch.run(timeout: .seconds(60), maxOutput: 1000)
        #expect(String(decoding: captured.stdout, as: UTF8.self) == "Rain in 10 min; take 'the' umbrella|path")
    }

    @Test func runsInItsDirectoryWhereARelativeProgramIsFound() async throws {
        // A program of the system's: one written by the test could meet ETXTBSY (another test's fork holding it).
        let directory = try #require(realpath("/bin", nil))
        defer { free(directory) }
        let captured = try await Launch(["./sh", "-c", "pwd -P"], directory: "/bin").run(
            timeout: .seconds(60), maxOutput: 4096)
        #expect(captured.ending == .exited(0))
        #expect(String(decoding: captured.stdout, as: UTF8.self) == String(cString: directory) + "\n")
    }

    @Test func aProgramNotOnThePathIsNamedInTheError() async throws {
        let launch = Launch(["weft-no-such-program"], environment: ["PATH": "/usr/bin:/bin"])
        let expected = SpawnError.cannotStart(
            program: "weft-no-such-program", reason: "no such program on PATH (/usr/bin:/bin)")
        await #expect(throws: expected) { _ = try await launch.run(timeout: .seconds(60), maxOutput: 100) }
        #expect(throws: expected) { try launch.startDetached() }
        #expect("\(expected)" == "cannot run weft-no-such-program: no such program on PATH (/usr/bin:/bin)")
        #expect(throws: SpawnError.emptyCommand) { try Launch([]).startDetached() }
    }

    @Test func aMissingPathIsReportedWithTheSystemsReason() async throws {
        await #expect(throws: SpawnError.cannotStart(program: "/no/such/program", reason: "No such file or directory"))
        {
            _ = try await Launch(["/no/such/program"]).run(timeout: .seconds(60), maxOutput: 100)
        }
    }

    @Test func aDetachedProgramIsReapedAndItsEndingReported() throws {
        let ending = Locked<Ending?>(nil)
        let pid = try shell("exit 4").startDetached { value in ending.withLock { $0 = value } }.pid
        #expect(Poll.blocking { ending.current != nil })
        #expect(ending.current == .exited(4))
        // Reaped: no zombie left under this process.
        #expect(
            Poll.blocking { !FileManager.default.fileExists(atPath: "/proc/\(pid)") }, "pid \(pid) left as a zombie")
    }

    @Test func aDetachedProgramPastItsLimitIsStoppedWithItsGroupAndReaped() throws {
        let folder = try TemporaryHome("spawn")
        let pidFile = folder.root + "/grandchild.pid"
        let ending = Locked<Ending?>(nil)
        let pid = try shell("sleep 300 & echo $! > '\(pidFile)'; sleep 300").startDetached(
            limit: .milliseconds(300)
        ) { value in ending.withLock { $0 = value } }.pid
        #expect(Poll.blocking { ending.current != nil })
        #expect(ending.current == .timedOut)
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"))
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let grandchild = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Poll.blocking { !Self.isRunning(grandchild) }, "the grandchild \(grandchild) outlived the limit")
    }

    @Test func theStandardStreamsGoWhereTheLaunchSays() async throws {
        // Stdin is /dev/null: `cat` ends at once instead of waiting for the test's input.
        let captured = try await Launch(["cat"]).run(timeout: .seconds(60), maxOutput: 100)
        #expect(captured.ending == .exited(0) && captured.stdout.isEmpty && captured.stderr.isEmpty)
    }

    /// Whether `pid` is alive: present and not a zombie waiting for a reaper.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}

/// The spawner's scopes: what a program left running is ended by the mark it carries, not by its parentage.
@Suite struct SpawnScopeTests {
    @Test func aProgramThatLeftItsGroupIsStoppedWhenTheRunEnds() async throws {
        let folder = try TemporaryHome("spawn")
        let marker = MarkedProcesses.marker("escapee")
        defer { MarkedProcesses.kill(marker) }
        let started = folder.root + "/started"
        // The escapee is in a session (and group) of its own before the program exits: killing the group misses it.
        let script = """
            setsid sh -c 'touch "$1"; sleep 300; exit 0' "\(marker)" '\(started)' &
            n=0; while [ ! -e '\(started)' ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done; printf done
            """
        let captured = try await Launch(["/bin/sh", "-c", script]).run(timeout: .seconds(120), maxOutput: 100)
        #expect(captured.ending == .exited(0) && captured.stdout == Array("done".utf8))
        #expect(
            await Poll.until { MarkedProcesses.pids(marker).isEmpty },
            "left running: \(MarkedProcesses.pids(marker))")
    }

    @Test func theLeftoversOfAnOwnerThatIsGoneEndWithTheNextScope() throws {
        let folder = try #require(SpawnLedger.folder())
        let gone = String(repeating: "0", count: 16) + String(UInt64.random(in: 1 ... .max) | 1 << 63, radix: 16)
        let alive = String(repeating: "1", count: 16) + String(UInt64.random(in: 1 ... .max) | 1 << 63, radix: 16)
        let marker = MarkedProcesses.marker("leftover")
        defer { MarkedProcesses.kill(marker) }
        let boot = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let me = try #require(ProcessEntry(pid: getpid()))
        let endings = Locked<[String: Ending]>([:])
        var programs: [RunningProgram] = []
        // The marker names the shells only: their `sleep` children end with their groups.
        defer { for program in programs { program.stop() } }
        for (name, token) in [("gone", gone), ("alive", alive)] {
            programs.append(
                try Launch(["/bin/sh", "-c", "sleep 300; exit 0", marker], adding: [SpawnScope.variable: token])
                    .startDetached { ending in endings.withLock { $0[name] = ending } })
        }
        #expect(Poll.blocking { MarkedProcesses.pids(marker).count == 2 })
        // No pid is that high (pid_max is at most 2^22): the owner is gone. The other record's owner is this process.
        // Written once the programs run: a weft of a parallel test may sweep the record at any moment.
        try "\(me.pid) \(me.startTime) \(boot)\n".write(
            toFile: folder + "/" + alive, atomically: false, encoding: .utf8)
        defer { unlink(folder + "/" + alive) }
        try "999999999 1 \(boot)\n".write(toFile: folder + "/" + gone, atomically: false, encoding: .utf8)
        SpawnScope().end()
        #expect(Poll.blocking { endings.current["gone"] != nil })
        #expect(endings.current["gone"] == .signalled(SIGKILL))
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + gone), "the record of a gone owner stays")
        // The record of a live owner is kept, and its program left alone.
        #expect(FileManager.default.fileExists(atPath: folder + "/" + alive))
        #expect(endings.current["alive"] == nil && MarkedProcesses.pids(marker).count == 1)
    }

    @Test func aRunningProgramStopsWithItsGroup() throws {
        let marker = MarkedProcesses.marker("group")
        defer { MarkedProcesses.kill(marker) }
        let ending = Locked<Ending?>(nil)
        let program = try Launch(["/bin/sh", "-c", "sh -c 'sleep 300; exit 0' \"$0\" & sleep 300; exit 0", marker])
            .startDetached { value in ending.withLock { $0 = value } }
        #expect(Poll.blocking { MarkedProcesses.pids(marker).count == 2 })
        program.stop()
        #expect(Poll.blocking { ending.current != nil })
        #expect(ending.current == .signalled(SIGTERM))
        #expect(Poll.blocking { MarkedProcesses.pids(marker).isEmpty }, "\(MarkedProcesses.pids(marker))")
        // Once reaped, stopping again signals nothing.
        program.stop()
    }
}
