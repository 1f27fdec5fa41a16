import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Nothing weft starts outlives it (issue 32, root 4): a command's children and `setsid` escapees end with the
/// refresh, a refresh killed outright leaves them to the next one, and `weft bar` runs one action per block at a
/// time and ends them when it ends. Processes are found by a unique marker in their argv.
@Suite struct OutlivingProcessTests {
    /// A `command` provider whose program leaves a child in its group and a `setsid` escapee running, each carrying
    /// `marker`, and prints a JSON object once both started. With `hold`, it then waits (to be killed mid-run) unless
    /// the file `second` exists, in which case it starts nothing.
    private func leavingProvider(_ box: Sandbox, marker: String, hold: Bool) throws {
        let script = """
            if [ -e '\(box.root)/second' ]; then echo '{"run": 2}'; exit 0; fi
            sh -c 'touch "$1"; sleep 300; exit 0' "\(marker)-group" '\(box.root)/group' &
            setsid sh -c 'touch "$1"; sleep 300; exit 0' "\(marker)-escapee" '\(box.root)/escapee' &
            n=0
            while { [ ! -e '\(box.root)/group' ] || [ ! -e '\(box.root)/escapee' ]; } && [ $n -lt 1200 ]; do
              sleep 0.05; n=$((n+1))
            done
            echo '{"run": 1}'
            \(hold ? "touch '\(box.root)/holding'; sleep 300" : "")
            """
        try box.provider("leaver", shellProvider(script, extra: "timeout = \"600s\""))
    }

    @Test func aCommandsChildrenAndItsSetsidEscapeeEndWithTheRefresh() async throws {
        let box = try Sandbox()
        let marker = MarkedProcesses.marker("refresh")
        defer { MarkedProcesses.kill(marker) }
        try leavingProvider(box, marker: marker, hold: false)
        let run = await box.weft("refresh", "--force", timeout: .seconds(120))
        #expect(run.exitCode == 0, "\(run)")
        #expect(FileManager.default.fileExists(atPath: box.path("escapee")), "the escapee never started: \(run)")
        #expect(
            await Poll.until { MarkedProcesses.pids(marker).isEmpty },
            "left running after the refresh: \(MarkedProcesses.pids(marker))")
    }

    @Test func theNextRefreshEndsWhatARefreshKilledOutrightLeftRunning() async throws {
        let box = try Sandbox()
        let marker = MarkedProcesses.marker("killed")
        defer { MarkedProcesses.kill(marker) }
        try leavingProvider(box, marker: marker, hold: true)
        let refresh = try StreamingChild([WeftProcess.binary, "refresh", "--force"] + box.locations)
        #expect(await Poll.until { FileManager.default.fileExists(atPath: box.path("holding")) })
        refresh.send(SIGKILL)
        #expect(refresh.ending(within: .seconds(60))?.signal == SIGKILL)
        try box.write("second", "")
        let next = await box.weft("refresh", "--force", timeout: .seconds(120))
        #expect(next.exitCode == 0, "\(next)")
        #expect(
            await Poll.until { MarkedProcesses.pids(marker).isEmpty },
            "left running after the next refresh: \(MarkedProcesses.pids(marker))")
    }

    /// `weft bar` reading click events from a FIFO the test writes to (held open for reading and writing, so the
    /// bar never meets its end), under a shell that waits for it and exits with its status: the bar's parent-death
    /// signal must not come from a test thread that ends.
    private final class Bar {
        let shell: StreamingChild
        let clicks: Int32
        let pid: pid_t

        init(_ box: Sandbox, blocks: String) async throws {
            try box.write("bar.toml", blocks)
            let fifo = box.path("clicks")
            guard mkfifo(fifo, 0o600) == 0 else { throw SandboxError("mkfifo: \(errno)") }
            clicks = open(fifo, O_RDWR | O_CLOEXEC)
            guard clicks >= 0 else { throw SandboxError("open the FIFO: \(errno)") }
            let pidFile = box.path("bar.pid")
            shell = try StreamingChild(
                [
                    "/bin/sh", "-c", "\"$0\" \"$@\" < '\(fifo)' & echo $! > '\(pidFile)'; wait $!",
                    WeftProcess.binary, "bar", "--config", box.path("bar.toml"),
                ] + box.locations)
            guard await shell.line(within: .seconds(60))?.contains("click_events") == true,
                let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw SandboxError("weft bar did not start") }
            self.pid = pid
        }

        /// Sends `signal` to the bar and returns its exit status as its shell saw it (128 + a signal that ended it).
        func end(with signal: Int32) -> Int32? {
            kill(pid, signal)
            return shell.ending(within: .seconds(60))?.code
        }

        deinit { close(clicks) }

        func click(_ block: String, times: Int) {
            let bytes = Array(("[\n" + String(repeating: "{\"name\":\"\(block)\",\"button\":1}\n", count: times)).utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBufferPointer { write(clicks, $0.baseAddress, $0.count) }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    @Test func aBarRunsOneActionPerBlockAtATimeAndCoalescesClicks() async throws {
        let box = try Sandbox()
        let marker = MarkedProcesses.marker("clicks")
        defer { MarkedProcesses.kill(marker) }
        // Each run notes itself; a run that finds another one running notes the overlap.
        let action = """
            if ! mkdir '\(box.root)/running' 2>/dev/null; then echo overlap >> '\(box.root)/overlaps'; fi
            echo run >> '\(box.root)/runs'
            sleep 0.3
            rmdir '\(box.root)/running' 2>/dev/null
            exit 0
            """
        let bar = try await Bar(
            box,
            blocks: """
                [[block]]
                name = "b"
                template = "b"
                on_click = \(tomlArray(["sh", "-c", action, marker]))
                """)
        bar.click("b", times: 200)
        // The clicks all came while the first action ran: they are coalesced into one that runs after it.
        func runs() -> Int {
            ((try? String(contentsOfFile: box.path("runs"), encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        #expect(
            await Poll.until {
                runs() >= 2 && !FileManager.default.fileExists(atPath: box.path("running"))
                    && MarkedProcesses.pids(marker).isEmpty
            })
        #expect(bar.end(with: SIGTERM) == 0)
        let overlaps = (try? String(contentsOfFile: box.path("overlaps"), encoding: .utf8)) ?? ""
        #expect(overlaps.isEmpty, "\(overlaps.split(separator: "\n").count) actions ran beside another")
        // Two, unless the bar read the clicks in pieces far apart: nowhere near one per click.
        #expect((2...10).contains(runs()), "\(runs()) runs for 200 clicks")
    }

    @Test func aBarsActionsEndWhenTheBarEnds() async throws {
        let box = try Sandbox()
        let marker = MarkedProcesses.marker("bar-end")
        defer { MarkedProcesses.kill(marker) }
        let action = "setsid sh -c 'sleep 300; exit 0' \"$0-escapee\" & sleep 300; exit 0"
        let bar = try await Bar(
            box,
            blocks: """
                [[block]]
                name = "b"
                template = "b"
                on_click = \(tomlArray(["sh", "-c", action, marker]))
                """)
        bar.click("b", times: 1)
        #expect(await Poll.until { MarkedProcesses.pids(marker).count == 2 })
        #expect(bar.end(with: SIGTERM) == 0)
        #expect(
            await Poll.until { MarkedProcesses.pids(marker).isEmpty },
            "left running after the bar ended: \(MarkedProcesses.pids(marker))")
    }

    @Test func theNextRefreshEndsWhatABarKilledOutrightLeftRunning() async throws {
        let box = try Sandbox()
        let marker = MarkedProcesses.marker("bar-killed")
        defer { MarkedProcesses.kill(marker) }
        let action = """
            setsid sh -c 'sleep 300; exit 0' "$0-escapee" & sh -c 'sleep 300; exit 0' "$0-group" & sleep 300; exit 0
            """
        let bar = try await Bar(
            box,
            blocks: """
                [[block]]
                name = "b"
                template = "b"
                on_click = \(tomlArray(["sh", "-c", action, marker]))
                """)
        bar.click("b", times: 1)
        #expect(await Poll.until { MarkedProcesses.pids(marker).count == 3 })
        #expect(bar.end(with: SIGKILL) == 128 + SIGKILL)
        #expect(await box.weft("refresh").exitCode == 0)
        #expect(
            await Poll.until { MarkedProcesses.pids(marker).isEmpty },
            "left running after the next refresh: \(MarkedProcesses.pids(marker))")
    }
}
