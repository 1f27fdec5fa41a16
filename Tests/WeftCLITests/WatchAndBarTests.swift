import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The per-second path through the real binary: `weft watch` on one open cache, `weft bar` speaking the i3bar
/// protocol, and Waybar's escaping, `--alt` and `--class`. Time bounds here are generous behaviour bounds (an
/// event seen "at once" rather than at the next interval); speed is measured in `make bench`.
@Suite struct WatchAndBarTests {
    /// `sh -c script` with `WEFT` set to the binary.
    private func shell(_ script: String, timeout: Duration = .seconds(30)) async -> ProcessResult {
        await WeftProcess.run(["/bin/sh", "-c", script], environment: ["WEFT": WeftProcess.binary], timeout: timeout)
    }

    @Test func watchOpensTheCacheOnceWhateverTheTicksAndChanges() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        let locations = box.locations.joined(separator: " ")
        // A 20 ms interval for well over a second with two commits in between, each made once the previous line
        // showed: the debug log counts opens, renders and wake-ups.
        let run = await shell(
            """
            out="\(box.root)/out"; log="\(box.root)/log"
            upto() { n=0; until grep -q "$1" "$out" 2>/dev/null || [ $n -ge 400 ]; do sleep 0.05; n=$((n+1)); done; }
            WEFT_LOG=debug "$WEFT" watch 'mood: {{mood|none}}' --interval 20ms \(locations) >"$out" 2>"$log" &
            upto 'mood: calm'; sleep 0.5; "$WEFT" var set mood happy \(locations) >/dev/null
            upto 'mood: happy'; sleep 0.5; "$WEFT" var set mood glad \(locations) >/dev/null
            upto 'mood: glad'; sleep 0.3; kill $!; wait $!
            cat "$out" "$log"
            """)
        #expect(
            run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("mood: ") } == [
                "mood: calm", "mood: happy", "mood: glad",
            ], "\(run)")
        let log = run.stdout
        #expect(log.components(separatedBy: "opened the cache").count - 1 == 1, "\(run)")
        let renders = log.components(separatedBy: "\n").filter { $0.contains("] render ") }
        // One render per change, not one per tick: 3 renders (maybe one more at a minute's turn).
        #expect((3...4).contains(renders.count), "\(run)")
        let last = try #require(renders.last)
        let wakeUps = try #require(last.split(separator: ",").first { $0.contains("wake-ups") })
        let count = Int(wakeUps.split(separator: " ").last ?? "") ?? 0
        // With inotify watching, an idle loop sleeps until a write or a time boundary: a loop that woke on every
        // 20 ms tick would count well over 60 in the 1.3 s and more this runs.
        #expect(count < 60, "the loop woke \(count) times: \(run)")
        #expect(last.contains("cache opens 1,"), "\(run)")
    }

    @Test func watchReadsTheCacheAgainOnlyAfterAWrite() async throws {
        let box = try Sandbox()
        try box.provider("host", shellProvider(#"echo '{"load": 0.5}'"#))
        #expect(await box.weft("refresh", "--quiet").exitCode == 0)
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        let locations = box.locations.joined(separator: " ")
        // `__now_unix` renders every second; the debug log counts the rows read from the cache at each render.
        let run = await shell(
            """
            out="\(box.root)/out"; log="\(box.root)/log"
            upto() { n=0; until grep -q "$1" "$2" 2>/dev/null || [ $n -ge 400 ]; do sleep 0.05; n=$((n+1)); done; }
            WEFT_LOG=debug "$WEFT" watch '{{__now_unix}} {{__host_load}} {{__host_error|fine}} {{mood|none}}' \
              \(locations) >"$out" 2>"$log" &
            upto '] render 3:' "$log"; "$WEFT" var set mood glad \(locations) >/dev/null
            upto 'glad' "$out"; r=$(grep -c '] render ' "$log")
            upto "] render $((r + 2)):" "$log"; kill $!; wait $!
            cat "$out"; echo ---; cat "$log"
            """)
        let parts = run.stdout.components(separatedBy: "\n---\n")
        let lines = parts[0].components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.first?.hasSuffix(" 0.5 fine calm") == true, "\(run)")
        #expect(lines.last?.hasSuffix(" 0.5 fine glad") == true, "\(run)")
        let renders = (parts.last ?? "").components(separatedBy: "\n").filter { $0.contains("] render ") }
        let reads = renders.compactMap { line -> Int? in
            let field = line.split(separator: ",").first { $0.contains("cache reads") }
            return field.flatMap { Int($0.split(separator: " ").last ?? "") }
        }
        #expect(reads.count >= 5, "\(run)")
        // Renders between writes derive the variables again from what the first one read: no row is read twice.
        #expect(reads.count >= 3 && reads[0] > 0 && reads[1] == reads[0] && reads[2] == reads[0], "\(reads) \(run)")
        // The write is read once, by the render after it, and kept again.
        #expect(reads.last.map { $0 > reads[0] } == true, "\(reads) \(run)")
        #expect(reads.count >= 2 && reads[reads.count - 1] == reads[reads.count - 2], "\(reads) \(run)")
    }

    /// Issue 31: every `weft get` on the cache woke each running watch (it opens, chowns and closes the `-wal` and
    /// `-shm`), and so did any file coming and going in the cache directory; only a write may.
    @Test func watchSleepsThroughReadersAndOtherFilesOfTheCacheDirectory() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        let locations = box.locations.joined(separator: " ")
        let run = await shell(
            """
            out="\(box.root)/out"; log="\(box.root)/log"; cache="\(box.cache)"
            upto() { n=0; until grep -q "$1" "$out" 2>/dev/null || [ $n -ge 600 ]; do sleep 0.05; n=$((n+1)); done; }
            WEFT_LOG=debug "$WEFT" watch 'mood: {{mood|none}}' --interval 1h \(locations) >"$out" 2>"$log" &
            upto 'mood: calm'
            i=0; while [ $i -lt 20 ]; do
              "$WEFT" get mood \(locations) >/dev/null; "$WEFT" vars \(locations) >/dev/null; i=$((i+1))
            done
            "$WEFT" var set mood glad \(locations) >/dev/null; upto 'mood: glad'
            i=0; while [ $i -lt 20 ]; do
              touch "$cache/refresh.lock"; echo $i >"$cache/run.marker"; rm "$cache/refresh.lock"; i=$((i+1))
            done
            "$WEFT" var set mood fine \(locations) >/dev/null; upto 'mood: fine'
            kill $!; wait $!
            cat "$out"; echo ---; cat "$log"
            """, timeout: .seconds(90))
        let parts = run.stdout.components(separatedBy: "\n---\n")
        #expect(
            parts[0].components(separatedBy: "\n").filter { !$0.isEmpty } == [
                "mood: calm", "mood: glad", "mood: fine",
            ],
            "\(run)")
        // Each render's debug line: its data version and the loop's counters so far.
        struct Render { var version: Int, reads: Int, wakeUps: Int, checks: Int }
        let renders = (parts.last ?? "").components(separatedBy: "\n").filter { $0.contains("] render ") }.compactMap {
            line -> Render? in
            func field(_ name: String) -> Int? {
                line.split(separator: ",").first { $0.contains(name) }.flatMap {
                    Int($0.split(separator: " ").last ?? "")
                }
            }
            guard let version = field("data version"), let reads = field("cache reads"),
                let wakeUps = field("wake-ups"), let checks = field("cache checks")
            else { return nil }
            return Render(version: version, reads: reads, wakeUps: wakeUps, checks: checks)
        }
        let versions = Array(Set(renders.map(\.version))).sorted()
        try #require(versions.count == 3, "\(run)")
        let calm = try #require(renders.first { $0.version == versions[0] })
        let glad = try #require(renders.first { $0.version == versions[1] })
        let fine = try #require(renders.first { $0.version == versions[2] })
        // 40 readers: no row read again, and no wake-up but the commit's own few (and a minute's turn); each reader
        // woke the loop two or three times before.
        #expect(glad.reads == calm.reads + 1, "\(run)")
        #expect(glad.wakeUps - calm.wakeUps < 15, "\(run)")
        // 20 lock files and markers may wake the loop, but it does not ask SQLite about them.
        #expect(fine.checks - glad.checks < 15, "\(run)")
    }

    /// Issue 31: an idle watch woke every second from a timer weft never set (libdispatch's worker-pool monitor,
    /// started with Swift concurrency's threads) and every few seconds to look at the cache. Counted with strace:
    /// once the first line is out, the one `poll` is the only system call until SIGTERM, a `weft get` on the same
    /// cache included. The clock is pinned, so there is no boundary to wait for and nothing here is timed.
    @Test func anIdleWatchMakesNoSystemCallButItsOneWaitAndSleepsThroughAReader() async throws {
        guard await shell("command -v strace").exitCode == 0 else {
            print("skipped: strace is not installed (make deps installs it)")
            return
        }
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        let locations = box.locations.joined(separator: " ")
        let run = await shell(
            """
            out="\(box.root)/out"; trace="\(box.root)/trace"
            upto() { n=0; until grep -q "$1" "$out" 2>/dev/null || [ $n -ge 600 ]; do sleep 0.05; n=$((n+1)); done; }
            strace -f -ttt -o "$trace" "$WEFT" watch '{{__time}}' --now 2026-03-10T09:30:00Z --tz UTC \(locations) \
              >"$out" 2>/dev/null &
            upto '09:30'; sleep 1
            echo "quiet from $(date +%s.%N)"
            "$WEFT" get mood \(locations)
            sleep 1.5
            kill "$(awk 'NR == 1 {print $1}' "$trace")"; wait $!
            echo ---; cat "$trace"
            """, timeout: .seconds(60))
        let parts = run.stdout.components(separatedBy: "\n---\n")
        let head = parts[0].components(separatedBy: "\n")
        #expect(head.contains("calm"), "the reader read the same cache: \(run)")
        let quiet = try #require(
            head.first { $0.hasPrefix("quiet from ") }.flatMap { Double($0.dropFirst("quiet from ".count)) }, "\(run)")
        // strace -ttt: "PID SECONDS.MICROS call(…) = result", stamped when the call began.
        let calls = (parts.last ?? "").components(separatedBy: "\n").compactMap { line -> (at: Double, text: String)? in
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, let at = Double(fields[1]) else { return nil }
            return (at, String(fields[2]))
        }
        let ended = try #require(calls.first { $0.text.hasPrefix("--- SIGTERM") }, "\(run)")
        let meanwhile = calls.filter { $0.at >= quiet && $0.at < ended.at }
        #expect(meanwhile.isEmpty, "system calls while idle: \(meanwhile.map(\.text))")
        // The one wait began before the quiet time, without a timeout, and only the signal ended it.
        let wait = try #require(calls.last { $0.at < quiet }, "\(run)")
        #expect(wait.text.hasPrefix("poll(") && wait.text.contains("], 3, -1"), "\(wait.text)")
    }

    /// Seen through inotify, long before the hour-long interval; how soon is `make bench`'s concern, not a test's.
    @Test func watchShowsACacheChangeWithoutWaitingForItsInterval() async throws {
        let box = try Sandbox()
        let watch = try StreamingChild(
            [WeftProcess.binary, "watch", "mood: {{mood|none}}", "--interval", "1h"] + box.locations)
        #expect(await watch.line(within: .seconds(10)) == "mood: none")
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        #expect(await watch.line(within: .seconds(30)) == "mood: calm")
        // A cache replaced under it (a new inode) is opened again, not a crash.
        let copy = box.root + "/copy.sqlite"
        #expect(await box.weft("var", "set", "mood", "moved").exitCode == 0)
        #expect(await watch.line(within: .seconds(30)) == "mood: moved")
        let replaced = await shell(
            "sqlite3 '\(box.database)' 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null && cp '\(box.database)' '\(copy)' "
                + "&& mv '\(copy)' '\(box.database)'")
        #expect(replaced.exitCode == 0, "\(replaced)")
        #expect(await watch.line(within: .milliseconds(700)) == nil)
        #expect(await box.weft("var", "set", "mood", "after").exitCode == 0)
        #expect(await watch.line(within: .seconds(30)) == "mood: after")
        // A cache deleted under it reads as empty.
        #expect(unlink(box.database) == 0)
        #expect(await watch.line(within: .seconds(30)) == "mood: none")
        watch.send(SIGTERM)
        #expect(watch.ending(within: .seconds(10))?.code == 0)
    }

    @Test func watchKeepsItsLineWhenTheCacheIsCorruptedAndRecovers() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        let places = box.locations.joined(separator: " ")
        let run = await shell(
            """
            out="\(box.root)/out"
            upto() { n=0; until grep -q "$1" "$out" 2>/dev/null || [ $n -ge 400 ]; do sleep 0.05; n=$((n+1)); done; }
            "$WEFT" watch 'mood: {{mood|none}}' --interval 50ms \(places) >"$out" 2>"\(box.root)/err" &
            upto 'mood: calm'; printf 'this is not a database at all, not at all' > "\(box.root)/bad"
            mv "\(box.root)/bad" "\(box.database)"; rm -f "\(box.database)-wal" "\(box.database)-shm"
            n=0; until [ -s "\(box.root)/err" ] || [ $n -ge 400 ]; do sleep 0.05; n=$((n+1)); done
            rm "\(box.database)"; "$WEFT" var set mood fixed \(places) >/dev/null
            upto 'mood: fixed'; sleep 0.2; kill $!; wait $!; echo "status $?" >>"$out"; cat "$out" "\(box.root)/err"
            """)
        // The damaged file keeps the last line; once it is deleted the empty cache may show before the new one.
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(
            lines.filter { $0.hasPrefix("mood: ") && $0 != "mood: none" } == ["mood: calm", "mood: fixed"], "\(run)")
        #expect(lines.contains("status 0"), "\(run)")
        #expect(run.stdout.components(separatedBy: "is damaged or not a weft cache").count - 1 == 1, "\(run)")
    }

    @Test func watchEndsWhenItsReaderGoesEvenWithNothingToPrint() async throws {
        let box = try Sandbox()
        let watch = try StreamingChild(
            [WeftProcess.binary, "watch", "mood: {{mood|none}}", "--interval", "1h"] + box.locations)
        #expect(await watch.line(within: .seconds(10)) == "mood: none")
        watch.closeOutput()
        // Nothing changes, so nothing is written: only polling stdout for its hang-up ends it.
        let ending = watch.ending(within: .seconds(1))
        #expect(ending?.code == 0, "ended with \(String(describing: ending))")
    }

    @Test func watchPipedIntoHeadEnds() async throws {
        let box = try Sandbox()
        let run = await shell(
            "\"$WEFT\" watch 'x {{mood|none}}' --interval 1h \(box.locations.joined(separator: " ")) | head -1",
            timeout: .seconds(20))
        #expect(run.exitCode == 0 && run.stdout == "x none\n", "\(run)")
        #expect(!run.killedByHarness)
    }

    @Test func watchEndsWhenItsParentIsKilled() async throws {
        let box = try Sandbox()
        let output = box.root + "/out.txt"
        let parent = try StreamingChild(
            [
                "/bin/sh", "-c",
                "'\(WeftProcess.binary)' watch 'x {{mood|none}}' --interval 1h --output '\(output)' "
                    + box.locations.map { "'\($0)'" }.joined(separator: " ") + " & echo $!; sleep 60",
            ])
        let pid = try #require(await parent.line(within: .seconds(10)).flatMap { pid_t($0) })
        #expect(await Poll.until { (try? String(contentsOfFile: output, encoding: .utf8)) == "x none\n" })
        parent.send(SIGKILL)
        _ = parent.ending(within: .seconds(5))
        #expect(
            await Poll.until(within: .seconds(1), every: .milliseconds(10)) { !Self.isRunning(pid) },
            "weft watch (pid \(pid)) outlived its parent by a second")
        // Its output file was replaced whole each time: no temporary file is left beside it.
        let left = try FileManager.default.contentsOfDirectory(atPath: box.root).filter { $0.contains(".weft-") }
        #expect(left.isEmpty, "\(left)")
    }

    /// Whether `pid` is alive: present and not a zombie waiting for a reaper.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    @Test func watchWritesEachRenderingToItsOutputFile() async throws {
        let box = try Sandbox()
        let output = box.root + "/bar.txt"
        let watch = try StreamingChild(
            [WeftProcess.binary, "watch", "mood: {{mood|none}}", "--interval", "1h", "--output", output]
                + box.locations)
        func waitFor(_ text: String) -> Bool {
            Poll.blocking { (try? String(contentsOfFile: output, encoding: .utf8)) == text }
        }
        #expect(waitFor("mood: none\n"))
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        #expect(waitFor("mood: calm\n"))
        // Nothing on stdout: the file is the output.
        watch.send(SIGTERM)
        #expect(watch.ending(within: .seconds(10))?.code == 0)
        #expect(await watch.line(within: .milliseconds(100)) == nil)
    }

    /// A folder that goes away while watch runs: the failed write is reported, and the next rendering after the
    /// folder is back writes the file, even when its line is the one that could not be written.
    @Test func watchWritesAgainWhenTheOutputFolderIsBack() async throws {
        let box = try Sandbox()
        let folder = box.root + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = folder + "/bar.txt"
        let errors = box.root + "/stderr.txt"
        let watch = try StreamingChild(
            [
                "/bin/sh", "-c",
                "exec '\(WeftProcess.binary)' watch 'mood: {{mood|none}}' --interval 1h --output '\(output)' "
                    + box.locations.map { "'\($0)'" }.joined(separator: " ") + " 2>'\(errors)'",
            ])
        defer {
            watch.send(SIGTERM)
            _ = watch.ending(within: .seconds(10))
        }
        #expect(Poll.blocking { (try? String(contentsOfFile: output, encoding: .utf8)) == "mood: none\n" })
        try FileManager.default.removeItem(atPath: folder)
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        #expect(
            Poll.blocking { (try? String(contentsOfFile: errors, encoding: .utf8))?.contains("--output \(output): ") == true })
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Another variable changes: the rendering is the same line, which was never written.
        #expect(await box.weft("var", "set", "other", "1").exitCode == 0)
        #expect(Poll.blocking { (try? String(contentsOfFile: output, encoding: .utf8)) == "mood: calm\n" })
    }

    /// An --output in a folder that does not exist (or cannot be written) is refused at once, not retried forever.
    @Test func watchRefusesAnOutputInAMissingFolder() async throws {
        let box = try Sandbox()
        let output = box.root + "/no-such-folder/bar.txt"
        let watch = await box.weft(arguments: ["watch", "{{__time}}", "--interval", "1h", "--output", output])
        #expect(watch.exitCode == 1, "\(watch)")
        #expect(
            watch.stderr == "weft: error: --output \(output): no such file or directory; check that its directory "
                + "exists and is writable\n", "\(watch)")
    }

    @Test func barSpeaksTheI3barProtocolAndRunsClickActions() async throws {
        let box = try Sandbox()
        try box.write(
            "bar.toml",
            """
            # a water counter and a static block
            [[block]]
            name = "water"
            template = "water {{water|0}}/8"
            color = "{{water_color|#00ff00}}"
            on_click = ["weft", "var", "incr", "water"]
            on_right_click = ["weft", "var", "incr", "water", "--by", "-1"]

            [[block]]
            name = "static"
            template = "static"
            align = "center"
            """)
        let client = FixtureFiles.path("bar", "i3bar-client.py")
        let run = await WeftProcess.run(
            ["python3", client, WeftProcess.binary, box.path("bar.toml")] + box.locations, timeout: .seconds(60))
        #expect(run.exitCode == 0 && run.stdout == "ok\n", "\(run)")
        #expect(await box.weft("get", "water").stdout == "1\n")
    }

    /// The whole i3bar protocol through a Python i3bar: short_text and Pango markup with the values escaped, colours
    /// and borders, blocks sharing a name told apart by instance, a click's modifiers and coordinates reaching the
    /// action as i3blocks' variables (out-of-range numbers left out), buttons 4 to 9, and SIGSTOP/SIGCONT from the
    /// header pausing the renders.
    @Test func barSpeaksTheWholeI3barProtocol() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "title", "R&D <sync>").exitCode == 0)
        #expect(await box.weft("var", "set", "short", "R&D").exitCode == 0)
        let out = box.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let fields = [
            "button", "modifiers", "x", "y", "relative_x", "relative_y", "output_x", "output_y", "width",
            "height", "name", "instance",
        ]
        // TOML literal strings (no escapes); the shell command uses double quotes only.
        func writeClick(_ file: String) -> String {
            let format = Array(repeating: "%s", count: fields.count).joined(separator: "|")
            let values = fields.map { "\"$\($0)\"" }.joined(separator: " ")
            return "['sh', '-c', 'printf \"\(format)\\n\" \(values) > \(out)/\(file)']"
        }
        func append(_ word: String) -> String { "['sh', '-c', 'echo \(word) $button >> \(out)/buttons']" }
        try box.write(
            "bar.toml",
            """
            [[block]]
            name = "title"
            instance = "a"
            template = "<b>{{title}}</b>"
            short_text = "{{short}}"
            markup = "pango"
            background = "#102030"
            border = "{{border_colour|#405060aa}}"
            border_bottom = 2
            on_click = \(writeClick("click-a"))

            [[block]]
            name = "title"
            instance = "b"
            template = "{{title}}"
            on_click = \(writeClick("click-b"))
            on_scroll_up = \(append("up"))
            on_scroll_down = \(append("down"))
            on_scroll_left = \(append("left"))
            on_scroll_right = \(append("right"))
            on_back = \(append("back"))
            on_forward = \(append("forward"))

            [[block]]
            name = "clock"
            template = "{{__now_unix}}"
            """)
        let check = await box.weft("bar", "--check", "--config", box.path("bar.toml"))
        #expect(check.exitCode == 0 && check.stderr.contains("3 blocks, no problems"), "\(check)")
        let client = FixtureFiles.path("bar", "i3bar-protocol-client.py")
        let run = await WeftProcess.run(
            ["python3", client, WeftProcess.binary, box.path("bar.toml"), out] + box.locations, timeout: .seconds(90))
        #expect(run.exitCode == 0 && run.stdout == "ok\n", "\(run)")
    }

    @Test func barCheckValidatesTheI3barKeys() async throws {
        let box = try Sandbox()
        try box.write(
            "bad.toml",
            """
            [[block]]
            name = "one"
            template = "x"
            color = "red"
            background = "#12345"
            border = "{{colour|#123456}}"
            border_top = 20000
            markup = "html"

            [[block]]
            name = "one"
            instance = "i"
            template = "y"

            [[block]]
            name = "one"
            instance = "i"
            template = "z"
            """)
        let bad = await box.weft("bar", "--check", "--config", box.path("bad.toml"))
        let file = box.path("bad.toml")
        #expect(bad.exitCode == 2, "\(bad)")
        for expected in [
            "\(file):4: block \"one\": color: must be a colour #rrggbb or #rrggbbaa (or a template giving one), found \"red\"",
            "\(file):5: block \"one\": background: must be a colour #rrggbb or #rrggbbaa",
            "\(file):7: block \"one\": border_top: must be a number of pixels from 0 to 10000, found 20000",
            "\(file):8: block \"one\": markup: must be \"pango\" or \"none\", found \"html\"",
            "\(file):16: a second block named \"one\" with instance \"i\" (the first is on line 10)",
        ] {
            #expect(bad.stderr.contains(expected), "\(expected)\n\(bad)")
        }
        // A template colour is checked when it renders; one block name with two instances is fine.
        #expect(!bad.stderr.contains(":6:"), "\(bad)")
        #expect(!bad.stderr.contains(":12:") && !bad.stderr.contains("line 1)"), "\(bad)")
    }

    @Test func barCheckPlacesProblemsOnTheirLines() async throws {
        let box = try Sandbox()
        try box.write(
            "bad.toml",
            """
            [[block]]
            name = "one"
            template = "x"

            [[block]]
            name = "two"
            template = 5
            align = "middle"
            on_click = ["weft", 3]
            """)
        let bad = await box.weft("bar", "--check", "--config", box.path("bad.toml"))
        #expect(bad.exitCode == 2, "\(bad)")
        let file = box.path("bad.toml")
        #expect(bad.stderr.contains("\(file):7: block \"two\": template: must be a string"), "\(bad)")
        #expect(bad.stderr.contains("\(file):8: block \"two\": align: must be left, center or right"), "\(bad)")
        #expect(bad.stderr.contains("\(file):9: block \"two\": on_click[1] must be a string"), "\(bad)")

        try box.write(
            "good.toml",
            """
            [[block]]
            name = "one"
            template = "x"
            on_click = ["no-such-program-for-weft"]
            """)
        let missing = await box.weft("bar", "--check", "--config", box.path("good.toml"))
        #expect(missing.exitCode == 2, "\(missing)")
        #expect(missing.stderr.contains("good.toml:4: block \"one\": on_click: no program"), "\(missing)")
        try box.write(
            "good.toml", "[[block]]\nname = \"one\"\ntemplate = \"x\"\non_click = [\"weft\", \"get\", \"x\"]\n")
        let good = await box.weft("bar", "--check", "--config", box.path("good.toml"))
        #expect(good.exitCode == 0, "\(good)")
        // Without --check a broken file is refused the same way, before the protocol starts.
        let refused = await box.weft("bar", "--config", box.path("bad.toml"))
        #expect(refused.exitCode == 2 && refused.stdout.isEmpty, "\(refused)")
    }

    @Test func waybarEscapesMarkupAndFillsAltAndClasses() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "title", "R&D <sync>").exitCode == 0)
        #expect(await box.weft("var", "set", "minutes", "7").exitCode == 0)
        let escaped = await box.weft(
            "resolve", "--format", "waybar", "--tooltip", "<b>{{title}}</b>", "--alt", "m{{minutes}}",
            "--class", "soon=minutes<=10", "--class", "later=minutes>10", "--class", "missing=nothing<5",
            "--class", "text=title>1", "--class", "titled={{title}}", "--class", "zero={{nothing|0}}", "{{title}}")
        #expect(
            escaped.stdout
                == #"{"alt":"m7","class":["soon","titled"],"text":"R&amp;D &lt;sync&gt;","tooltip":"&lt;b&gt;R&amp;D &lt;sync&gt;&lt;/b&gt;"}"#
                + "\n", "\(escaped)")
        let markup = await box.weft("resolve", "--format", "waybar", "--markup", "<b>{{title}}</b>")
        // The template's own markup is kept; the stored value is data and is escaped.
        #expect(markup.stdout == #"{"class":[],"text":"<b>R&amp;D &lt;sync&gt;</b>"}"# + "\n", "\(markup)")
        let bad = await box.weft("resolve", "--format", "waybar", "--class", "soon=minutes<=ten", "x")
        #expect(bad.exitCode == 64 && bad.stderr.contains("--class \"soon=minutes<=ten\""), "\(bad)")
    }
}
