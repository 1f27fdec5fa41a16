import Foundation
import Testing
import WeftTestSupport

@testable import WeftTemplate

/// The `Examples:` lines of `--help` run against a fixture home, so a wrong example fails here.
@Suite("help examples")
struct HelpExamplesTests {
    /// A home where every key the examples name has a value: Open-Meteo weather (from a loopback server), an
    /// `uptime` command provider, the stored variable `water` and today's steps.
    static func fixtureHome(_ server: TestHTTPServer) async throws -> Sandbox {
        let rain = try WeatherCommandTests.rain()
        server.route("/v1/forecast") { _ in TestResponse(headers: [("Content-Type", "application/json")], body: rain) }
        let box = try WeatherCommandTests.sandbox(server)
        try box.provider("uptime", shellProvider(#"printf '{"load": 0.42}'"#))
        let refresh = await box.weft(arguments: ["refresh"] + WeatherCommandTests.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let water = await box.weft(arguments: ["var", "set", "water", "5"] + WeatherCommandTests.clock)
        #expect(water.exitCode == 0, "\(water)")
        try box.write(
            "steps.csv",
            StepsCommandTests.header
                + "\"iPhone\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\",\"2026-08-13 18:20:00 +0200\","
                + "\"2026-08-13 18:00:00 +0200\",\"2026-08-13 18:20:00 +0200\",\"2400\"\n")
        let steps = await box.weft(arguments: ["steps", "import", box.path("steps.csv")] + WeatherCommandTests.clock)
        #expect(steps.exitCode == 0, "\(steps)")
        return box
    }

    /// The commands under `Examples:` in a help text, trimmed, up to the first blank line; a line ending in ` \`
    /// goes on in the next one, as in a shell.
    static func examples(_ help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let start = lines.firstIndex(of: "Examples:") else { return [] }
        var commands: [String] = []
        var pending = ""
        for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
            pending += pending.isEmpty ? line : " " + line
            if pending.hasSuffix(" \\") {
                pending.removeLast(2)
                continue
            }
            commands.append(pending)
            pending = ""
        }
        return commands
    }

    /// What is wrong with the tokens of `example` by the language's own parsing: a fallback that is a filter
    /// name (`{{x|upper}}` meant `{{x||upper}}`); and every key the tokens read.
    static func tokens(of example: String) -> (filterFallbacks: [String], keys: [String]) {
        var filterFallbacks: [String] = []
        var keys: [String] = []
        var rest = Substring(example)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let body = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = rest[close.upperBound...]
            let left = body.components(separatedBy: "||")[0]
            let parts = left.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            if !body.contains("||"), parts.count == 2, Filter(parts[1])?.isRecognised == true {
                filterFallbacks.append(body)
            }
            let base = parts[0].trimmingCharacters(in: .whitespaces)
            if base.hasPrefix("=") {
                keys += identifiers(inExpression: String(base.dropFirst()))
            } else {
                keys.append(TemplateKey.canonical(base))
            }
        }
        return (filterFallbacks, keys)
    }

    /// The variable keys a maths expression reads: identifiers that are not a function call or a constant.
    static func identifiers(inExpression expression: String) -> [String] {
        var keys: [String] = []
        var scalars = Substring(expression)
        while let start = scalars.firstIndex(where: { $0.isLetter || $0 == "_" }) {
            let name = scalars[start...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            scalars = scalars[name.endIndex...]
            let isCall = scalars.first == "("
            if !isCall, !["pi", "e"].contains(name.lowercased()) {
                keys.append(MathExpression.key(forIdentifier: String(name)))
            }
        }
        return keys
    }

    @Test func everyResolveAndGetExampleRunsAndPrintsItsKeys() async throws {
        let server = try TestHTTPServer()
        let box = try await Self.fixtureHome(server)
        let weft = WeftProcess.binary
        // A shell function stands in for `weft`, adding the fixture home and the pinned clock.
        let prelude =
            "weft() { \"$WEFT_BINARY\" \"$@\" --providers \"$WEFT_FIXTURE_PROVIDERS\" --cache \"$WEFT_FIXTURE_CACHE\" "
            + "--now \(WeatherCommandTests.now) --tz \(WeatherCommandTests.clock[3]); }\n"
        let environment = [
            "WEFT_BINARY": weft, "WEFT_FIXTURE_PROVIDERS": box.providers, "WEFT_FIXTURE_CACHE": box.cache,
        ]
        // Every example of resolve and get, and the resolve and get examples other commands' help shows.
        var examples: [(command: String, example: String)] = []
        for path in try await Self.commandPaths() {
            let help = await WeftProcess.weft(path + ["--help"])
            for example in Self.examples(help.stdout) {
                if path == ["resolve"] || path == ["get"] {
                    #expect(example.contains("weft \(path[0])"), "an example of \(path[0]): \(example)")
                    examples.append((path[0], example))
                } else if let command = ["resolve", "get"].first(where: { example.hasPrefix("weft \($0) ") }) {
                    examples.append((command, example))
                }
            }
        }
        var checked = 0
        for (command, example) in examples {
            let run = await WeftProcess.run(["/bin/sh", "-c", prelude + example], environment: environment)
            #expect(run.exitCode == 0, "\(example)\n\(run)")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(!lines.isEmpty && !lines.contains(""), "\(example) prints a line per template: \(run)")

            let (filterFallbacks, keys) = Self.tokens(of: example)
            #expect(filterFallbacks.isEmpty, "\(example): a filter name used as the fallback: \(filterFallbacks)")
            var named = keys
            if command == "get", let key = example.split(separator: " ").dropFirst(2).first {
                named.append(String(key))
            }
            for key in named {
                let value = await box.weft(arguments: ["get", key] + WeatherCommandTests.clock)
                #expect(value.exitCode == 0 && value.stdout != "\n", "\(example): \(key) has a value: \(value)")
            }
            checked += 1
        }
        #expect(checked >= 10)
    }

    /// The examples that are not run, each with why; a new one must be added here with its reason.
    static let notRun: [(example: String, reason: String)] = [
        ("curl -s 'https://api.open-meteo.com/v1/forecast?…' > saved.json", "reaches the internet"),
        ("weft calendar next work.ics https://example.org/team.ics", "reaches the internet"),
        ("| crontab -", "replaces the user's crontab"),
        ("weft serve", "listens on port 7878 (ServeTests run the server on free ports)"),
        ("curl -s -H \"Authorization: Bearer", "needs `weft serve` on port 7878"),
    ]

    /// Commands that run until stopped: an example of one passes when it is still running after a few seconds.
    static func runsUntilStopped(_ example: String) -> Bool {
        example.hasPrefix("weft watch ") || example == "weft notify"
    }

    /// Every `Examples:` line of every `--help`, in the order the help shows them, runs in one fixture home
    /// (Tests/Fixtures/doctest/help: two weather instances, a calendar, steps, a command provider, the files the
    /// examples name): it exits 0, or 1 or 2 with a message saying why (a refused change, such as snoozing when no
    /// alarm rings: README, "Alarms and timers"), never with a usage error (64) or a signal. A long-running command
    /// is still running after 3 s.
    @Test func everyExampleOfEveryHelpRunsOrSaysWhy() async throws {
        let prepared = try await ReadmeDocTests.prepare("help", now: Fixed.now, tz: Fixed.zone)
        var ran = 0
        var skipped = 0
        for path in try await Self.commandPaths() {
            let help = await WeftProcess.weft(path + ["--help"])
            for example in Self.examples(help.stdout) {
                if Self.notRun.contains(where: { example.contains($0.example) }) {
                    skipped += 1
                    continue
                }
                let run = await WeftProcess.run(
                    ["/bin/sh", "-c", "unset WEFT_CACHE WEFT_PROVIDERS WEFT_HOME; cd \"$HOME\" && " + example],
                    environment: prepared.environment,
                    timeout: .seconds(Self.runsUntilStopped(example) ? 3 : 30))
                let shown = "weft \(path.joined(separator: " ")) --help: \(example)\n\(run)"
                if Self.runsUntilStopped(example) {
                    // The notifier says once that there is no session bus here, and goes on.
                    #expect(run.killedByHarness && (example == "weft notify" || run.stderr.isEmpty), "\(shown)")
                } else if run.exitCode != 0 {
                    #expect([1, 2].contains(run.exitCode) && !(run.stdout + run.stderr).isEmpty, "\(shown)")
                    #expect(!run.stderr.contains("Usage:") && !run.stderr.contains("Error:"), "\(shown)")
                }
                ran += 1
            }
        }
        withExtendedLifetime(prepared) {}
        #expect(ran > 120, "examples run: \(ran)")
        #expect(skipped == 7, "examples not run: \(skipped)")
    }

    /// Every command path of `weft`, from ArgumentParser's description of the command tree.
    static func commandPaths() async throws -> [[String]] {
        struct Dump: Decodable {
            struct Command: Decodable {
                var commandName: String
                var subcommands: [Command]?
            }
            var command: Command
        }
        let dump = await WeftProcess.weft(["--experimental-dump-help"])
        let root = try JSONDecoder().decode(Dump.self, from: Data(dump.stdout.utf8)).command
        func walk(_ command: Dump.Command, _ path: [String]) -> [[String]] {
            [path] + (command.subcommands ?? []).flatMap { walk($0, path + [$0.commandName]) }
        }
        return walk(root, []).filter { $0 != ["help"] }
    }

    /// Help is wrapped at 80 columns when not on a terminal: an example line longer than that comes out as two
    /// lines, the second of which is not a command, so copying it fails. Long examples go on with ` \`.
    @Test func noCommandsExampleIsWrapped() async throws {
        let programs: Set<String> = ["weft", "printf", "curl", "gunzip"]
        var seen = 0
        for path in try await Self.commandPaths() {
            let help = await WeftProcess.weft(path + ["--help"])
            for example in Self.examples(help.stdout) {
                seen += 1
                let program = String(example.prefix { $0 != " " })
                #expect(programs.contains(program), "weft \(path.joined(separator: " ")) --help: \(example)")
            }
        }
        #expect(seen > 50)
    }

    @Test func theTokenCheckCatchesTheOldExamples() {
        #expect(Self.tokens(of: "'{{__weekday|upper}}'").filterFallbacks == ["__weekday|upper"])
        #expect(Self.tokens(of: "'{{__weekday||upper}}' '{{x|number:2}}'").filterFallbacks == ["x|number:2"])
        let keys = Self.tokens(of: "{{__time}} {{=ratio(water,8)||percent}} {{=__a_b*pi}}").keys
        #expect(keys == ["__time", "water", "__a_b"])
        #expect(Self.examples("Examples:\n  weft a \\\n    --b\n  weft c\n\nmore") == ["weft a --b", "weft c"])
    }
}
