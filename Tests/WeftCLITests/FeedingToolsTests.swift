import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What status bars and scripts read: `resolve --format`, `watch`, `explain` and `schedule`.
@Suite("feeding other tools")
struct FeedingToolsTests {
    /// A sandbox with a fresh `demo` provider (valid 1 min from 09:30) and a `broken` one that always fails.
    static func refreshed() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21}'"#, extra: "interval = \"1m\""))
        try box.provider("broken", shellProvider("echo 'station offline' >&2; exit 3"))
        let refresh = await box.weft("refresh", "--now", Fixed.now)
        #expect(refresh.exitCode == 1, "\(refresh)")
        return box
    }

    static func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
    }

    @Test func waybarClassCarriesStaleAndErrorOfWhatTheTemplateReads() async throws {
        let box = try await Self.refreshed()
        let fresh = await box.weft(
            "resolve", "--format", "waybar", "--tooltip", "now {{__demo_temp}}°", "--percentage", "{{=__demo_temp*3}}",
            "{{__demo_temp}}°", "--now", "2026-03-10T09:30:30Z")
        #expect(fresh.exitCode == 0, "\(fresh)")
        #expect(fresh.stdout == #"{"class":[],"percentage":63,"text":"21°","tooltip":"now 21°"}"# + "\n")

        let stale = try Self.json(
            await box.weft("resolve", "--format", "waybar", "{{__demo_temp}}°", "--now", "2026-03-10T09:35:00Z"))
        #expect(stale["class"] as? [String] == ["stale"])
        #expect((stale["tooltip"] as? String)?.contains("demo: stale") == true)

        let both = try Self.json(
            await box.weft(
                "resolve", "--format", "waybar", "{{__demo_temp}} {{__broken_level|?}}", "--now",
                "2026-03-10T09:35:00Z"))
        #expect(both["class"] as? [String] == ["stale", "error"])
        #expect((both["tooltip"] as? String)?.contains("broken: ") == true)
        #expect((both["tooltip"] as? String)?.contains("station offline") == true)
        #expect(both["text"] as? String == "21 ?")

        // A template that reads no failing provider is not marked, however broken others are.
        let time = try Self.json(await box.weft("resolve", "--format", "waybar", "{{__time}}", "--now", Fixed.now))
        #expect(time["class"] as? [String] == [])
    }

    @Test func i3barAndJSONFormats() async throws {
        let box = try await Self.refreshed()
        let block = await box.weft(
            "resolve", "--format", "i3bar", "{{__demo_temp}} {{__broken_level|?}}", "--now", "2026-03-10T09:30:30Z")
        #expect(block.stdout == #"{"full_text":"21 ?","name":"weft","urgent":true}"# + "\n", "\(block)")
        let stale = await box.weft("resolve", "--format", "i3bar", "{{__demo_temp}}", "--now", "2026-03-10T09:40:00Z")
        #expect(stale.stdout == ##"{"color":"#999999","full_text":"21","name":"weft"}"## + "\n", "\(stale)")

        let json = try Self.json(
            await box.weft(
                "resolve", "--format", "json", "{{__demo_temp}} {{__broken_level|?}}", "--now", "2026-03-10T09:30:30Z"))
        #expect(json["text"] as? String == "21 ?")
        #expect(json["stale"] as? Bool == false)
        let errors = try #require(json["errors"] as? [String: String])
        #expect(errors.keys.sorted() == ["broken"])
        #expect(errors["broken"]?.contains("station offline") == true)

        // Several templates: one object per line, each with the health of what it read.
        let lines = await box.weft(
            "resolve", "--format", "json", "{{__demo_temp}}", "{{__broken_level|-}}", "--now", "2026-03-10T09:30:30Z")
        let objects = lines.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(objects.count == 2)
        #expect((objects.first??["errors"] as? [String: String])?.isEmpty == true)
        #expect((objects.last??["errors"] as? [String: String])?.keys.sorted() == ["broken"])
    }

    @Test func explainNamesTheProviderAgeValidityErrorAndNextRefresh() async throws {
        let box = try await Self.refreshed()
        let text = await box.weft(arguments: ["explain", "__demo_temp", "--now", "2026-03-10T09:32:00Z", "--tz", "UTC"])
        #expect(text.exitCode == 0, "\(text)")
        #expect(text.stdout.hasPrefix("__demo_temp = 21\n"), "\(text)")
        #expect(text.stdout.contains("provider demo (command), prefix __demo_"))
        #expect(text.stdout.contains("fetched 09:30, 2 min ago"))
        #expect(text.stdout.contains("valid until  09:31 (stale for 1 min)"))
        #expect(text.stdout.contains("last error   none"))
        #expect(text.stdout.contains("next refresh due now"))

        let failing = try Self.json(
            await box.weft(arguments: ["explain", "__broken_error", "--json", "--now", "2026-03-10T09:32:00Z"]))
        #expect(failing["source"] as? String == "provider")
        #expect(failing["instance"] as? String == "broken")
        #expect((failing["last_error"] as? String)?.contains("station offline") == true)
        #expect(failing["fetched_at"] == nil)

        #expect(await box.weft("var", "set", "water", "3").exitCode == 0)
        let stored = await box.weft("explain", "water")
        #expect(stored.exitCode == 0 && stored.stdout.contains("a stored variable"), "\(stored)")
        let builtin = await box.weft("explain", "__weekday", "--now", Fixed.now)
        #expect(builtin.stdout.contains("time built-in"), "\(builtin)")

        let unknown = await box.weft("explain", "__nothing")
        #expect(unknown.exitCode == 1, "\(unknown)")
        #expect(unknown.stdout.contains("provider prefixes: __broken_, __demo_"), "\(unknown)")
    }

    @Test func scheduleUnitsAndCronLineCarryAbsolutePaths() async throws {
        let box = try Sandbox()
        let units = await box.weft("schedule", "--systemd", "--every", "10m")
        #expect(units.exitCode == 0, "\(units)")
        let command = "\(WeftProcess.binary) refresh --quiet --providers \(box.providers) --cache \(box.cache)"
        #expect(units.stdout.contains("ExecStart=\(command)\n"), "\(units)")
        #expect(units.stdout.contains("[Timer]\nOnBootSec=1min\nOnUnitActiveSec=10min\n"))
        #expect(units.stdout.contains("WantedBy=timers.target"))
        #expect(units.stdout.contains("systemctl --user enable --now weft-refresh.timer"))

        let cron = await box.weft("schedule", "--cron", "--every", "2h")
        #expect(cron.exitCode == 0, "\(cron)")
        let line = try #require(cron.stdout.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("0 */2 * * * \(command) >>"), "\(cron)")
        #expect(line.hasSuffix(" 2>&1"))

        let uneven = await box.weft("schedule", "--cron", "--every", "7m")
        #expect(uneven.exitCode == 64 && uneven.stderr.contains("does not divide an hour"), "\(uneven)")
        let neither = await box.weft("schedule")
        #expect(
            neither.exitCode == 64 && neither.stderr.contains("--systemd, --cron, --notify or --package-units"),
            "\(neither)")
    }

    /// The units `make deb` installs under /usr/lib/systemd/user are the ones `--systemd` and `--notify` print
    /// (one owner of their text), run from /usr/bin/weft with each user's default locations.
    @Test func packageUnitsAreThePrintedUnitsRunFromUsrBin() async throws {
        let box = try Sandbox()
        let written = await box.weft("schedule", "--package-units", box.path("units"))
        #expect(written.exitCode == 0 && written.stdout.isEmpty, "\(written)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.path("units")).sorted()
        #expect(names == ["weft-notify.service", "weft-refresh.service", "weft-refresh.timer"])
        func unit(_ name: String) throws -> String {
            try String(contentsOfFile: box.path("units/\(name)"), encoding: .utf8)
        }
        let service = try unit("weft-refresh.service")
        #expect(service.contains("\nExecStart=/usr/bin/weft refresh --quiet\n"), "\(service)")
        #expect(!service.contains("--providers") && !service.contains("--cache"), "\(service)")

        let printed = await box.weft("schedule", "--systemd", "--every", "5m")
        let command = "\(WeftProcess.binary) refresh --quiet --providers \(box.providers) --cache \(box.cache)"
        let printedService = service.replacingOccurrences(of: "/usr/bin/weft refresh --quiet", with: command)
        #expect(printed.stdout.contains("weft-refresh.service\n" + printedService + "\n#"), "\(printed)")
        #expect(printed.stdout.contains("weft-refresh.timer\n" + (try unit("weft-refresh.timer")) + "\n#"))

        let hourly = await box.weft("schedule", "--package-units", box.path("hourly"), "--every", "1h")
        #expect(hourly.exitCode == 0, "\(hourly)")
        let timer = try String(contentsOfFile: box.path("hourly/weft-refresh.timer"), encoding: .utf8)
        #expect(timer.contains("\nOnUnitActiveSec=1h\n"), "\(timer)")

        let notify = try unit("weft-notify.service")
        #expect(notify.contains("\nExecStart=/usr/bin/weft notify\n"), "\(notify)")
        let printedNotify = await box.weft("schedule", "--notify")
        let notifyCommand = "\(WeftProcess.binary) notify --providers \(box.providers) --cache \(box.cache)"
        #expect(
            printedNotify.stdout.contains(
                notify.replacingOccurrences(of: "/usr/bin/weft notify", with: notifyCommand)),
            "\(printedNotify)")
    }

    @Test func watchPrintsOnlyChangesAndStopsOnSIGTERM() async throws {
        let box = try Sandbox()
        let watch = try StreamingChild(
            [WeftProcess.binary, "watch", "mood: {{mood|none}}", "--interval", "200ms"] + box.locations)
        #expect(await watch.line(within: .seconds(10)) == "mood: none")
        // Many intervals pass with nothing new to print.
        #expect(await watch.line(within: .seconds(1)) == nil)

        #expect(await box.weft("var", "set", "mood", "happy").exitCode == 0)
        #expect(await watch.line(within: .seconds(10)) == "mood: happy")
        // The cache changes, the rendering does not: no line.
        #expect(await box.weft("var", "set", "other", "1").exitCode == 0)
        #expect(await watch.line(within: .seconds(1)) == nil)

        watch.send(SIGTERM)
        let ending = watch.ending(within: .seconds(10))
        #expect(ending?.code == 0, "ended with \(String(describing: ending))")
    }

    @Test func watchSeesACacheChangeWithoutWaitingForItsInterval() async throws {
        let box = try Sandbox()
        let watch = try StreamingChild(
            [WeftProcess.binary, "watch", "mood: {{mood|none}}", "--interval", "1h"] + box.locations)
        #expect(await watch.line(within: .seconds(10)) == "mood: none")
        #expect(await box.weft("var", "set", "mood", "calm").exitCode == 0)
        // An hour's interval: only the cache watch can print this line in time.
        #expect(await watch.line(within: .seconds(5)) == "mood: calm")
        watch.send(SIGTERM)
        #expect(watch.ending(within: .seconds(10))?.code == 0)
    }

    @Test func watchExitsCleanlyWhenItsReaderGoes() async throws {
        let box = try Sandbox()
        let watch = try StreamingChild(
            [WeftProcess.binary, "watch", "{{__now_unix}}", "--format", "json", "--interval", "200ms"] + box.locations)
        let first = try #require(await watch.line(within: .seconds(10)))
        #expect(first.hasPrefix(#"{"errors":{},"stale":false,"text":""#), "\(first)")
        watch.closeOutput()
        // The next second's line meets a closed pipe: exit 0, not death by SIGPIPE.
        let ending = watch.ending(within: .seconds(10))
        #expect(ending?.code == 0, "ended with \(String(describing: ending))")
    }
}
