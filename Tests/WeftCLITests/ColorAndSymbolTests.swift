import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What fits the user's terminal and bar through the built binary: `NO_COLOR` and `--color`, Waybar's percentage
/// and escaped tooltip, and the Nerd Font weather glyphs.
@Suite("colours and symbols")
struct ColorAndSymbolTests {
    static let clock = ["--now", "2023-01-24T15:00:00Z", "--tz", "America/New_York"]
    static let escape = "\u{1B}["

    /// A sandbox with a `steps` provider over ten days of Fitbit daily totals, refreshed.
    static func steps() async throws -> Sandbox {
        let box = try Sandbox()
        var csv = "Id,ActivityDate,TotalSteps\n"
        for day in 15...24 { csv += "1,1/\(day)/2023,\(day % 3 == 0 ? 2500 : 11000)\n" }
        try box.write("steps.csv", csv)
        try box.provider(
            "steps", "type = \"steps\"\nfiles = [\"\(box.path("steps.csv"))\"]\ntimezone = \"America/New_York\"\n")
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        return box
    }

    /// `arguments` run by script(1) on a pseudo-terminal, so weft's stdout is a terminal; `\r\n` back to `\n`.
    static func onTerminal(
        _ box: Sandbox, _ arguments: [String], environment: [String: String]
    ) async -> ProcessResult {
        let words = ([WeftProcess.binary] + arguments + box.locations).map {
            "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
        var result = await WeftProcess.run(
            ["/usr/bin/script", "-qec", words.joined(separator: " "), "/dev/null"], environment: environment)
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    @Test func stepsHistoryColoursByNoColorAndTheColorFlag() async throws {
        let box = try await Self.steps()
        let history = ["steps", "history"] + Self.clock
        // NO_COLOR empty counts as unset (no-color.org): piped output is still plain under auto.
        let piped = await box.weft(arguments: history, environment: ["NO_COLOR": "", "TERM": "xterm"])
        #expect(piped.exitCode == 0 && piped.stdout.contains("█"), "\(piped)")
        #expect(!piped.stdout.contains(Self.escape), "plain when piped")
        let always = await box.weft(arguments: history + ["--color", "always"], environment: ["NO_COLOR": ""])
        #expect(always.stdout.contains(Self.escape + "38;5;28m█"), "\(always)")
        // The flag is the user's own ask for this call: it overrides NO_COLOR.
        let overriding = await box.weft(arguments: history + ["--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(overriding.stdout.contains(Self.escape), "\(overriding)")
        // What always prints is the plain text with escapes around the shades (a coloured month keeps its spaces).
        func lines(_ text: String) -> [String] {
            text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                .replacingOccurrences(of: " +\n", with: "\n", options: .regularExpression)
                .components(separatedBy: "\n")
        }
        #expect(lines(always.stdout) == lines(piped.stdout))

        let terminal = await Self.onTerminal(box, history, environment: ["NO_COLOR": "", "TERM": "xterm"])
        #expect(terminal.exitCode == 0, "\(terminal)")
        #expect(terminal.stdout.contains(Self.escape + "38;5;28m█"), "auto colours a terminal: \(terminal)")
        for (what, arguments, environment) in [
            ("NO_COLOR=1", history, ["NO_COLOR": "1", "TERM": "xterm"]),
            ("NO_COLOR=false (any value)", history, ["NO_COLOR": "false", "TERM": "xterm"]),
            ("--color never", history + ["--color", "never"], ["NO_COLOR": "", "TERM": "xterm"]),
            ("TERM=dumb", history, ["NO_COLOR": "", "TERM": "dumb"]),
        ] {
            let plain = await Self.onTerminal(box, arguments, environment: environment)
            #expect(plain.exitCode == 0 && plain.stdout.contains("█"), "\(what): \(plain)")
            #expect(!plain.stdout.contains(Self.escape), "\(what) on a terminal: \(plain)")
        }

        let bad = await box.weft(arguments: history + ["--color", "sometimes"])
        #expect(bad.exitCode == 64 && bad.stderr.contains("--color"), "\(bad)")
    }

    /// `steps import` redraws a progress line on a terminal; on `TERM=dumb` (which prints escapes as text) it does
    /// not, whatever NO_COLOR says (it is not colour).
    @Test func importProgressLineOnlyOnATerminalThatReadsEscapes() async throws {
        let box = try Sandbox()
        try box.write("daily.csv", "Id,ActivityDate,TotalSteps\n1,1/23/2023,9000\n1,1/24/2023,4000\n")
        let import_ = ["steps", "import", box.path("daily.csv")] + Self.clock
        let xterm = await Self.onTerminal(box, import_, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(xterm.exitCode == 0 && xterm.stdout.contains("\r\u{1B}[K"), "\(xterm)")
        let dumb = await Self.onTerminal(box, import_ + ["--force"], environment: ["TERM": "dumb"])
        #expect(dumb.exitCode == 0 && dumb.stdout.contains("2 days"), "\(dumb)")
        #expect(!dumb.stdout.contains("\u{1B}"), "\(dumb)")
    }

    @Test func waybarPercentageAndEscapedTooltip() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "title", "R&D <sync>").exitCode == 0)
        #expect(await box.weft("var", "set", "pct", "62").exitCode == 0)
        #expect(await box.weft("var", "set", "over", "130").exitCode == 0)
        let line = await box.weft(
            "resolve", "--format", "waybar", "--percentage", "{{pct}}", "--tooltip", "Next: {{title}}", "{{title}}")
        #expect(line.exitCode == 0 && line.stderr.isEmpty, "\(line)")
        #expect(
            line.stdout
                == #"{"class":[],"percentage":62,"text":"R&amp;D &lt;sync&gt;","tooltip":"Next: R&amp;D &lt;sync&gt;"}"#
                + "\n", "\(line)")
        // Under --markup the tooltip template's own tags stay and the value is still escaped.
        let markup = await box.weft(
            "resolve", "--format", "waybar", "--markup", "--percentage", "{{pct}}%", "--tooltip", "<i>{{title}}</i>",
            "x")
        #expect(
            markup.stdout == #"{"class":[],"percentage":62,"text":"x","tooltip":"<i>R&amp;D &lt;sync&gt;</i>"}"# + "\n",
            "\(markup)")

        // Out of range: the line is printed without a percentage, and the call fails naming the flag and the value.
        let over = await box.weft("resolve", "--format", "waybar", "--percentage", "{{over}}", "{{title}}")
        #expect(over.exitCode == 1, "\(over)")
        #expect(over.stdout == #"{"class":[],"text":"R&amp;D &lt;sync&gt;"}"# + "\n", "\(over)")
        #expect(over.stderr.contains(#"--percentage '{{over}}' gave "130", not a number from 0 to 100"#), "\(over)")
        let words = await box.weft("resolve", "--format", "waybar", "--percentage", "{{title}}", "x")
        #expect(words.exitCode == 1 && words.stderr.contains(#"gave "R&D <sync>""#), "\(words)")
        // A missing value with an empty fallback is no percentage, not a mistake.
        let missing = await box.weft("resolve", "--format", "waybar", "--percentage", "{{nothing|}}", "x")
        #expect(missing.exitCode == 0 && missing.stdout == #"{"class":[],"text":"x"}"# + "\n", "\(missing)")
        // Formats without a percentage do not check it.
        let i3 = await box.weft("resolve", "--format", "i3bar", "--percentage", "{{over}}", "x")
        #expect(i3.exitCode == 0 && i3.stderr.isEmpty, "\(i3)")
    }

    /// `weft watch` keeps running on a bad percentage and says so once, then again only when it changes.
    @Test func watchSaysABadPercentageOnce() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "pct", "130").exitCode == 0)
        let errors = box.path("watch-stderr")
        let watch = try StreamingChild(
            [
                "/bin/sh", "-c", "exec \"$@\" 2>'\(errors)'", "sh", WeftProcess.binary, "watch", "--format", "waybar",
                "--percentage", "{{pct}}", "t{{mood|}}", "--interval", "1h",
            ] + box.locations)
        #expect(await watch.line(within: .seconds(10)) == #"{"class":[],"text":"t"}"#)
        #expect(await box.weft("var", "set", "mood", "1").exitCode == 0)
        #expect(await watch.line(within: .seconds(30)) == #"{"class":[],"text":"t1"}"#)
        #expect(await box.weft("var", "set", "pct", "40").exitCode == 0)
        #expect(await watch.line(within: .seconds(30)) == #"{"class":[],"percentage":40,"text":"t1"}"#)
        #expect(await box.weft("var", "set", "pct", "-5").exitCode == 0)
        #expect(await watch.line(within: .seconds(30)) == #"{"class":[],"text":"t1"}"#)
        watch.send(SIGTERM)
        #expect(watch.ending(within: .seconds(10))?.code == 0)
        let said = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n").map(String.init)
        let advice =
            "not a number from 0 to 100, so waybar gets no percentage; keep it in range with "
            + "{{=clamp(VALUE, 0, 100)}}"
        let expected: [String] = [
            #"weft: --percentage '{{pct}}' gave "130", "# + advice,
            #"weft: --percentage '{{pct}}' gave "-5", "# + advice,
        ]
        #expect(said == expected, "\(said)")
    }

    /// The Nerd Font glyph beside the emoji, from recorded responses: New York's clear night (Pirate Weather) and a
    /// drizzly afternoon (WeatherKit), through `weft weather parse` and a rendered template.
    @Test func nerdFontWeatherGlyphsFromRecordedResponses() async throws {
        func variables(_ type: String, _ file: String, _ now: String) async throws -> [String: String] {
            let result = await WeftProcess.weft(
                [
                    "weather", "parse", "--type", type, WeatherCommandTests.fixtures + "/" + file, "--now", now, "--tz",
                    "America/New_York", "--json",
                ])
            #expect(result.exitCode == 0, "\(result)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require(object["variables"] as? [String: String])
        }
        let pirate = try await variables(
            "pirate-weather", "pirateweather-forecast-nyc-2023-sanitized-trimmed.json", "2023-01-24T05:36:00Z")
        let apple = try await variables(
            "weatherkit", "weatherkit-full-nyc-2022-trimmed.json", "2022-07-05T17:30:00Z")
        for vars in [pirate, apple] {
            for key in vars.keys where key.hasSuffix("_icon") {
                let nerd = try #require(vars[key + "_nerd"], "\(key) has a Nerd Font twin")
                #expect(
                    nerd.unicodeScalars.count == 1
                        && nerd.unicodeScalars.allSatisfy { (0xE300...0xE3EB).contains($0.value) }, "\(key)_nerd")
            }
        }
        #expect(pirate["__weather_condition"] != nil && pirate["__weather_icon_nerd"] != nil, "\(pirate)")
        #expect(apple["__weather_day0_condition"] == "Drizzle")
        #expect(apple["__weather_day0_icon_nerd"] == "\u{E30B}", "nf-weather-day_sprinkle")

        // The same recording refreshed into a cache: `weft vars` lists the key and a template renders it.
        let http = try TestHTTPServer()
        let body = Array(
            try Data(
                contentsOf: URL(
                    fileURLWithPath: WeatherCommandTests.fixtures
                        + "/pirateweather-forecast-nyc-2023-sanitized-trimmed.json")))
        http.route("/forecast/KEY/40.7128,-74.006") { _ in
            TestResponse(headers: [("Content-Type", "application/json")], body: body)
        }
        let box = try Sandbox()
        try box.write("key", "KEY\n")
        try box.provider(
            "weather",
            "type = \"pirate-weather\"\nname = \"New York\"\nlatitude = 40.7128\nlongitude = -74.006\n"
                + "api_key_file = \"\(box.path("key"))\"\nbase_url = \"\(http.baseURL)\"\n")
        let nyc = ["--now", "2023-01-24T05:36:00Z", "--tz", "America/New_York"]
        let refresh = await box.weft(arguments: ["refresh"] + nyc)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let icon = try #require(pirate["__weather_icon_nerd"])
        let listed = await box.weft(arguments: ["vars", "--prefix", "__weather_icon"] + nyc)
        #expect(listed.stdout.contains("__weather_icon_nerd") && listed.stdout.contains(icon), "\(listed)")
        let line = await box.weft(arguments: ["resolve", "{{__weather_icon_nerd|}} {{__weather_condition}}"] + nyc)
        #expect(line.stdout == "\(icon) \(pirate["__weather_condition"] ?? "")\n", "\(line)")
    }
}
