import Foundation
import Testing
import WeftTestSupport

/// `weft init`, what `check`/`status`/`resolve` say with no providers, and the shell completions' own answers.
@Suite struct FirstRunTests {
    /// An environment whose only home is the sandbox: HOME set, every weft and XDG location variable empty (unset).
    static func homeEnvironment(_ box: Sandbox, tz: String = "Europe/Berlin") -> [String: String] {
        var environment = ["HOME": box.root, "TZ": tz]
        for name in [
            "WEFT_HOME", "WEFT_PROVIDERS", "WEFT_CACHE", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
            "VDIRSYNCER_CONFIG",
        ] {
            environment[name] = ""
        }
        return environment
    }

    /// Two vdirsyncer collections (one named by its `displayname`) and Apple Health's export in ~/Downloads.
    static func machine(_ box: Sandbox) throws {
        let calendar = try String(
            contentsOfFile: FixtureFiles.path("ical", "calendars/event_10_times.ics"), encoding: .utf8)
        try box.write("sync/calendars/work-id/event.ics", calendar)
        try box.write("sync/calendars/work-id/displayname", "Work\n")
        try box.write("sync/calendars/family/birthdays.ics", calendar)
        try box.write(
            ".config/vdirsyncer/config",
            """
            [general]
            status_path = "~/.local/share/vdirsyncer/status/"

            [pair my_calendars]
            a = "my_calendars_remote"
            b = "my_calendars_local"
            collections = ["from a", "from b"]

            [storage my_calendars_local]
            type = "filesystem"
            path = "~/sync/calendars/"
            fileext = ".ics"

            [storage my_calendars_remote]
            type = "caldav"
            url = "https://dav.example.org/"
            """)
        try FileManager.default.createDirectory(
            atPath: box.path("Downloads"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: FixtureFiles.path("steps", "apple_health_export/export.zip"),
            toPath: box.path("Downloads/export.zip"))
    }

    @Test func initWritesCommentedFilesThatPassCheck() async throws {
        let box = try Sandbox()
        try Self.machine(box)
        let environment = Self.homeEnvironment(box)
        let result = await WeftProcess.weft(
            ["init", "--latitude", "52.52", "--longitude", "13.405", "--name", "Berlin"], environment: environment)
        #expect(result.exitCode == 0, "\(result)")
        let providers = box.path(".config/weft/providers")
        #expect(result.stdout.contains("wrote \(providers)/calendar.toml: 2 calendars (family, Work)"), "\(result)")
        #expect(result.stdout.contains("wrote \(providers)/steps.toml: Apple Health's export"), "\(result)")
        #expect(result.stdout.contains("wrote \(providers)/weather.toml"), "\(result)")
        #expect(result.stdout.contains("fill in `contact`"), "\(result)")
        // The next three commands, the resolve naming what was written.
        #expect(result.stdout.contains("\n  weft refresh  # "), "\(result)")
        #expect(
            result.stdout.contains(
                "  weft resolve '{{__weather_nowcast|…}} · {{__calendar_next_title|free}} {{__calendar_next_label|}} "
                    + "· 👟 {{__steps_today|0}}'"), "\(result)")
        #expect(result.stdout.contains("\n  weft schedule --systemd  # "), "\(result)")

        let calendar = try String(contentsOfFile: providers + "/calendar.toml", encoding: .utf8)
        #expect(calendar.contains("# Next-up events, written by `weft init` from ~/.config/vdirsyncer/config."))
        #expect(calendar.contains(#"{ name = "Work", path = "~/sync/calendars/work-id" },"#), "\(calendar)")
        #expect(calendar.contains(#"{ name = "family", path = "~/sync/calendars/family" },"#), "\(calendar)")
        #expect(calendar.contains(#"timezone = "Europe/Berlin""#), "\(calendar)")
        let steps = try String(contentsOfFile: providers + "/steps.toml", encoding: .utf8)
        #expect(steps.contains(#"files = ["~/Downloads/export.zip"]"#), "\(steps)")
        let weather = try String(contentsOfFile: providers + "/weather.toml", encoding: .utf8)
        #expect(weather.contains(#"type = "open-meteo""#) && weather.contains("latitude = 52.52"), "\(weather)")
        #expect(weather.contains(#"# contact = "you@example.org"  # FILL IN"#), "\(weather)")
        // The place's days, sunrise and sunset are local to the zone weft init was given (here $TZ).
        #expect(weather.contains(#"timezone = "Europe/Berlin""#), "\(weather)")

        let check = await WeftProcess.weft(["check"], environment: environment)
        #expect(check.exitCode == 0, "\(check)")
        #expect(check.stderr.contains("3 provider files in \(providers): all valid"), "\(check)")
        // The calendar and the export are read as written (the weather is left alone: no network in tests).
        let refresh = await WeftProcess.weft(
            ["refresh", "calendar", "steps"] + Fixed.clock, environment: environment, timeout: .seconds(60))
        #expect(refresh.exitCode == 0, "\(refresh)")
    }

    @Test func initReadsKhalAndDryRunWritesNothing() async throws {
        let box = try Sandbox()
        let calendar = try String(
            contentsOfFile: FixtureFiles.path("ical", "calendars/event_10_times.ics"), encoding: .utf8)
        try box.write("cals/private/a.ics", calendar)
        try box.write("cals/shared/team/b.ics", calendar)
        try box.write("cals/shared/club/c.ics", calendar)
        try box.write(
            ".config/khal/config",
            """
            [calendars]

              [[private]]
                path = ~/cals/private/
                color = dark green

              [[shared]]
                path = ~/cals/shared/*
                type = discover

            [locale]
            timeformat = %H:%M
            """)
        let result = await box.weft(
            "init", "--dry-run", "--zone", "America/New_York", environment: Self.homeEnvironment(box))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("would write \(box.providers)/calendar.toml"), "\(result)")
        #expect(result.stdout.contains(#"{ name = "private", path = "~/cals/private" },"#), "\(result)")
        #expect(result.stdout.contains(#"{ name = "club", path = "~/cals/shared/club" },"#), "\(result)")
        #expect(result.stdout.contains(#"{ name = "team", path = "~/cals/shared/team" },"#), "\(result)")
        #expect(result.stdout.contains(#"timezone = "America/New_York""#), "\(result)")
        #expect(result.stdout.contains("steps: no export.zip or Takeout in ~/Downloads"), "\(result)")
        #expect(result.stdout.contains("weather: no place given"), "\(result)")
        // The next commands carry the locations given.
        #expect(result.stdout.contains("  weft refresh --providers \(box.providers) --cache \(box.cache)"), "\(result)")
        let written = try FileManager.default.contentsOfDirectory(atPath: box.providers)
        #expect(written.isEmpty, "\(written)")
    }

    @Test func initNeverOverwritesAndKeepsAKindYouHave() async throws {
        let box = try Sandbox()
        try box.write("Downloads/Takeout/Fit/All Data/derived_com.google.step_count.delta_x.json", "{}")
        try box.write("Downloads/takeout-20260101T000000Z-001.zip", "")
        let mine = "type = \"met-norway\"\nlatitude = 1\nlongitude = 2\ncontact = \"me@example.org\"\n"
        try box.provider("home", mine)
        let foreign = shellProvider("printf '{}'")
        try box.provider("steps", foreign)
        let result = await box.weft(
            "init", "--latitude", "52.5", "--longitude", "13.4", environment: Self.homeEnvironment(box))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("weather: kept home.toml (met-norway)"), "\(result)")
        #expect(result.stdout.contains("kept \(box.providers)/steps.toml: it exists"), "\(result)")
        #expect(try String(contentsOfFile: box.providers + "/steps.toml", encoding: .utf8) == foreign)
        #expect(!FileManager.default.fileExists(atPath: box.providers + "/weather.toml"))
        // The kept weather file's prefix is what the next resolve names.
        #expect(result.stdout.contains("{{__weather_nowcast|…}}"), "\(result)")
        #expect(!result.stdout.contains("__steps_today"), "\(result)")
        // An unzipped Takeout is found even when its zip is there too.
        let dry = await WeftProcess.weft(
            ["init", "--dry-run", "--providers", box.path("other"), "--cache", box.cache],
            environment: Self.homeEnvironment(box))
        #expect(
            dry.stdout.contains("Downloads/Takeout/Fit/All Data/derived_com.google.step_count.delta_*.json"), "\(dry)")
    }

    /// On a terminal the place is asked once (script(1) gives weft a terminal for its stdin).
    @Test func initAsksForThePlaceOnATerminal() async throws {
        let box = try Sandbox()
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        let command = [WeftProcess.binary, "init"] + box.locations
        let result = await WeftProcess.run(
            ["/usr/bin/script", "-qec", command.joined(separator: " "), "/dev/null"],
            stdin: "48.2082, 16.3738 Wien\n", environment: Self.homeEnvironment(box))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("Weather: where are you?"), "\(result)")
        let weather = try String(contentsOfFile: box.providers + "/weather.toml", encoding: .utf8)
        #expect(weather.contains("name = \"Wien\"") && weather.contains("latitude = 48.2082"), "\(weather)")
        #expect(weather.contains("longitude = 16.3738"), "\(weather)")
        // Without a terminal nothing is asked and no weather is written.
        let piped = await WeftProcess.weft(["init", "--dry-run"] + box.locations, stdin: "1 2\n")
        #expect(!piped.stdout.contains("Weather: where") && !piped.stderr.contains("Weather: where"), "\(piped)")
    }

    @Test func initSaysWhatAZipIsAndValidatesFlags() async throws {
        let box = try Sandbox()
        try box.write("Downloads/takeout-20260101T000000Z-001.zip", "")
        let result = await box.weft("init", "--dry-run", environment: Self.homeEnvironment(box))
        #expect(
            result.stdout.contains("~/Downloads/takeout-20260101T000000Z-001.zip is a Google Takeout zip: unzip it"),
            "\(result)")
        let contact = await box.weft(
            "init", "--latitude", "52.5", "--longitude", "13.4", "--contact", "anna@example.org",
            environment: Self.homeEnvironment(box))
        #expect(contact.exitCode == 0 && !contact.stdout.contains("fill in"), "\(contact)")
        let weather = try String(contentsOfFile: box.providers + "/weather.toml", encoding: .utf8)
        #expect(weather.contains("\ncontact = \"anna@example.org\""), "\(weather)")
        #expect(weather.contains("name = \"Home\""), "\(weather)")
        let half = await box.weft("init", "--latitude", "52.5", environment: Self.homeEnvironment(box))
        #expect(half.exitCode == 64 && half.stderr.contains("give --latitude and --longitude together"), "\(half)")
        let zone = await box.weft("init", "--zone", "Mars/Olympus", environment: Self.homeEnvironment(box))
        #expect(zone.exitCode == 64 && zone.stderr.contains("unknown time zone \"Mars/Olympus\""), "\(zone)")
    }

    @Test func withoutProvidersCheckStatusAndResolveSayHowToStart() async throws {
        let box = try Sandbox()
        let check = await box.weft("check")
        #expect(check.exitCode == 0, "\(check)")
        #expect(check.stderr.contains("start with `weft init`"), "\(check)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.exitCode == 0, "\(status)")
        #expect(status.stdout.contains("start with `weft init`"), "\(status)")
        let resolve = await box.weft(arguments: ["resolve", "{{__weather_nowcast|-}}"] + Fixed.clock)
        #expect(resolve.exitCode == 0 && resolve.stdout == "-\n", "\(resolve)")
        #expect(resolve.stderr.contains("nothing gives __weather_nowcast"), "\(resolve)")
        #expect(resolve.stderr.contains("start with `weft init`"), "\(resolve)")
        // A template of built-ins needs no provider, and says nothing.
        let time = await box.weft(arguments: ["resolve", "{{__weekday}}"] + Fixed.clock)
        #expect(time.exitCode == 0 && time.stderr.isEmpty, "\(time)")
        // With a provider file, an unknown key is not a first run.
        try box.provider("uptime", shellProvider("printf '{}'"))
        let configured = await box.weft(arguments: ["resolve", "{{__weather_nowcast|-}}"] + Fixed.clock)
        #expect(!configured.stderr.contains("weft init"), "\(configured)")
        // A missing providers directory keeps check's exit 2.
        let missing = await WeftProcess.weft(
            ["check", "--providers", box.path("none"), "--cache", box.cache])
        #expect(missing.exitCode == 2 && missing.stderr.contains("start with `weft init`"), "\(missing)")
    }

    @Test func completionScriptCallsBackIntoWeft() async throws {
        let result = await WeftProcess.weft(["--generate-completion-script", "bash"])
        #expect(result.exitCode == 0, "\(result)")
        for call in [
            "---completion get -- positional@0", "---completion explain -- positional@0",
            "---completion habit done -- positional@0", "---completion habit list -- --instance",
            "---completion refresh -- positional@0", "---completion status -- --tz", "---completion init -- --zone",
            "---completion var set -- positional@0",
        ] {
            #expect(result.stdout.contains(call), "\(call)")
        }
        for shell in ["zsh", "fish"] {
            let script = await WeftProcess.weft(["--generate-completion-script", shell])
            #expect(script.exitCode == 0 && script.stdout.contains("---completion get -- positional@0"), "\(shell)")
        }
    }

    /// What the script's call gets: `weft ---completion SUBCOMMANDS -- ARGUMENT INDEX CURSOR WORDS…`.
    static func complete(_ path: [String], _ argument: String, words: [String]) async -> [String] {
        let result = await WeftProcess.weft(
            ["---completion"] + path + ["--", argument, "\(words.count - 1)", "0"] + words)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func completionsAnswerFromTheSandbox() async throws {
        let box = try Sandbox()
        try box.provider("uptime", shellProvider("printf '{\"load\": 1}'"))
        try box.provider("reading", "type = \"habits\"\n")
        let done = await box.weft(
            arguments: ["habit", "done", "Read more", "--create", "--instance", "reading"] + Fixed.clock)
        #expect(done.exitCode == 0, "\(done)")
        let set = await box.weft(arguments: ["var", "set", "water", "3"] + Fixed.clock)
        #expect(set.exitCode == 0, "\(set)")
        let refresh = await box.weft(arguments: ["refresh", "uptime"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let locations = ["--providers", box.providers, "--cache", box.cache]

        let all = await Self.complete(["refresh"], "positional@0", words: ["weft", "refresh"] + locations + [""])
        #expect(all == ["reading", "uptime"], "\(all)")
        let habitsOnly = await Self.complete(
            ["habit", "list"], "--instance", words: ["weft", "habit", "list"] + locations + ["--instance", ""])
        #expect(habitsOnly == ["reading"], "\(habitsOnly)")
        let habits = await Self.complete(
            ["habit", "done"], "positional@0", words: ["weft", "habit", "done", "--cache=\(box.cache)", ""])
        #expect(habits == ["Read more"], "\(habits)")
        let keys = await Self.complete(["get"], "positional@0", words: ["weft", "get"] + locations + [""])
        #expect(keys.contains("water") && keys.contains("__uptime_load") && keys.contains("__time"), "\(keys)")
        let stored = await Self.complete(
            ["var", "set"], "positional@0", words: ["weft", "var", "set"] + locations + [""])
        #expect(stored == ["water"], "\(stored)")
        let zones = await Self.complete(["status"], "--tz", words: ["weft", "status", "--tz", ""])
        #expect(zones.contains("Europe/Berlin") && zones.contains("America/New_York"), "\(zones.count)")
        // HOME's default locations when no flag names them.
        let empty = await WeftProcess.weft(
            ["---completion", "refresh", "--", "positional@0", "1", "0", "weft", ""],
            environment: Self.homeEnvironment(box))
        #expect(empty.exitCode == 0 && empty.stdout.isEmpty, "\(empty)")
    }
}
