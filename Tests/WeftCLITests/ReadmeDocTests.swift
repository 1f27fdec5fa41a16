import Foundation
import Testing
import WeftTestSupport

/// README.md's console examples run as tests: every fenced block with `$ ` lines runs its commands against a fixture
/// home and must print what the block shows after each command (stdout and stderr as a terminal shows them).
///
/// The convention, in README.md: an HTML comment on the line before the block's fence says how to run it,
///
///     <!-- doctest: home=check now=2026-11-27T12:00:00Z tz=Europe/Berlin -->
///     <!-- doctest: skip needs a desktop's notification server -->
///
/// `home=NAME` copies `Tests/Fixtures/doctest/NAME/home` as `$HOME` (providers in `~/.config/weft/providers`, the
/// database in `~/.local/state/weft`) and runs `Tests/Fixtures/doctest/NAME/setup.sh` there when it exists (its output
/// is not shown; `$DOCTEST_FIXTURES` is `Tests/Fixtures`, to copy shared fixtures from). Then each command of the block
/// runs in `$HOME` with `/bin/sh`, where `weft` is the built binary with `--now NOW` added to every subcommand that
/// takes it (and does not give its own), `TZ=ZONE` and `NO_COLOR=1`. `home=` may be left out (an empty home). Files
/// under `NAME/http` are served on 127.0.0.1 at their relative path, and `@BASE_URL@` in the home's provider files is
/// that server's address. In the output the home's path reads `/home/anna` and the binary's `/usr/local/bin/weft`. A
/// shown line that is `…` alone matches any number of lines, and `…` inside a line matches any text. A console block
/// with neither marker fails, and the skips are counted here, so no example is left out silently.
@Suite("README doc-test")
struct ReadmeDocTests {
    /// The skipped console blocks, each with its reason in README.md; a new skip must be added here too.
    static let expectedSkips = 0

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/Fixtures/doctest")
    /// What the fixture home's path is shown as.
    static let shownHome = "/home/anna"
    /// What the built binary's path is shown as.
    static let shownBinary = "/usr/local/bin/weft"

    /// How a block is run.
    enum Marker: Equatable {
        case run(home: String?, now: String, tz: String)
        case skip(String)
        case missing
    }

    /// One command of a block and the lines it shows.
    struct Step: Equatable {
        var command: String
        var shown: [String]
    }

    /// One console block of README.md.
    struct Block {
        /// The line of its opening fence (1-based).
        var line: Int
        var marker: Marker
        var steps: [Step]
    }

    /// Every fenced block of `text` holding a line that starts with `$ `, with its marker.
    static func blocks(_ text: String) -> [Block] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let open = index
            var close = open + 1
            while close < lines.count, !lines[close].hasPrefix("```") { close += 1 }
            let body = Array(lines[(open + 1)..<min(close, lines.count)])
            index = close + 1
            guard body.contains(where: { $0.hasPrefix("$ ") }) else { continue }
            var steps: [Step] = []
            for line in body {
                if line.hasPrefix("$ ") {
                    steps.append(Step(command: String(line.dropFirst(2)), shown: []))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].shown.append(line)
                }
            }
            let before = lines[..<open].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            blocks.append(Block(line: open + 1, marker: marker(before), steps: steps))
        }
        return blocks
    }

    /// The marker a comment line gives.
    static func marker(_ line: String) -> Marker {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("<!-- doctest:"), text.hasSuffix("-->") else { return .missing }
        let inner = text.dropFirst("<!-- doctest:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
        if inner.hasPrefix("skip ") { return .skip(String(inner.dropFirst(5))) }
        var settings: [String: String] = [:]
        for word in inner.split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return .missing }
            settings[String(parts[0])] = String(parts[1])
        }
        guard let now = settings["now"], let tz = settings["tz"] else { return .missing }
        return .run(home: settings["home"], now: now, tz: tz)
    }

    /// Whether `actual` is what `shown` shows: line by line, a line `…` taking any number of lines and a `…` in a
    /// line any text.
    static func matches(_ shown: [String], _ actual: [String]) -> Bool {
        guard let first = shown.first else { return actual.isEmpty }
        if first == "…" {
            return (0...actual.count).contains { matches(Array(shown.dropFirst()), Array(actual.dropFirst($0))) }
        }
        guard let line = actual.first, matchesLine(first, line) else { return false }
        return matches(Array(shown.dropFirst()), Array(actual.dropFirst()))
    }

    /// One line against its shown form, `…` matching any text.
    static func matchesLine(_ shown: String, _ actual: String) -> Bool {
        let pieces = shown.components(separatedBy: "…")
        guard pieces.count > 1 else { return shown == actual }
        guard actual.hasPrefix(pieces[0]), let last = pieces.last, actual.hasSuffix(last),
            actual.count >= pieces[0].count + last.count
        else { return false }
        var rest = Substring(actual.dropFirst(pieces[0].count).dropLast(last.count))
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// The command paths whose options include `--now`, as `|resolve|var set|…|` for the shell stand-in.
    static func commandsTakingNow() throws -> String {
        struct Dump: Decodable {
            struct Command: Decodable {
                struct Argument: Decodable {
                    struct Name: Decodable { var name: String }
                    var names: [Name]?
                }
                var commandName: String
                var arguments: [Argument]?
                var subcommands: [Command]?
            }
            var command: Command
        }
        let dump = WeftProcess.runBlocking(
            [WeftProcess.binary, "--experimental-dump-help"], stdin: nil, environment: [:], timeout: .seconds(20))
        let root = try JSONDecoder().decode(Dump.self, from: Data(dump.stdout.utf8)).command
        func walk(_ command: Dump.Command, _ path: [String]) -> [String] {
            let takesNow = (command.arguments ?? []).contains { ($0.names ?? []).contains { $0.name == "now" } }
            return (takesNow && !path.isEmpty ? [path.joined(separator: " ")] : [])
                + (command.subcommands ?? []).flatMap { walk($0, path + [$0.commandName]) }
        }
        // `notify` and `serve` hand their options to weft-notify and weft-serve, which the dump does not describe.
        return "|" + (walk(root, []) + ["notify", "serve"]).joined(separator: "|") + "|"
    }

    /// The `weft` a block's commands call: the built binary, with `--now` where the subcommand takes it.
    static let standIn = """
        #!/bin/sh
        case " $* " in
          *" --now "*|*" --now="*) exec "$DOCTEST_WEFT" "$@" ;;
        esac
        case "$DOCTEST_NOW_COMMANDS" in
          *"|$1|"*|*"|$1 $2|"*) exec "$DOCTEST_WEFT" "$@" --now "$DOCTEST_NOW" ;;
        esac
        exec "$DOCTEST_WEFT" "$@"

        """

    /// A fresh home for `name` (nil: empty) in `box`, with `bin/weft`; the environment its commands run in.
    static func home(_ name: String?, now: String, tz: String, server: TestHTTPServer?, in box: Sandbox) throws -> (
        home: String, environment: [String: String]
    ) {
        let home = box.path("home")
        let manager = FileManager.default
        let source = name.map { fixtures.appendingPathComponent($0).appendingPathComponent("home").path }
        if let source, manager.fileExists(atPath: source) {
            try manager.copyItem(atPath: source, toPath: home)
        } else {
            try manager.createDirectory(atPath: home, withIntermediateDirectories: true)
        }
        let providers = home + "/.config/weft/providers"
        if let server, let files = try? manager.contentsOfDirectory(atPath: providers) {
            for file in files where file.hasSuffix(".toml") {
                let text = try String(contentsOfFile: providers + "/" + file, encoding: .utf8)
                try text.replacingOccurrences(of: "@BASE_URL@", with: server.baseURL)
                    .write(toFile: providers + "/" + file, atomically: true, encoding: .utf8)
            }
        }
        // Fixture files are dated a day before the block's now, so nothing looks edited after it.
        let dated = (ISO8601DateFormatter().date(from: now) ?? Date()).addingTimeInterval(-86_400)
        if let walker = manager.enumerator(atPath: home) {
            for case let relative as String in walker {
                try manager.setAttributes([.modificationDate: dated], ofItemAtPath: home + "/" + relative)
            }
        }
        try manager.createDirectory(atPath: box.path("bin"), withIntermediateDirectories: true)
        try box.writeProgram("bin/weft", standIn)
        let environment = [
            "HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_STATE_HOME": home + "/.local/state",
            "XDG_CACHE_HOME": home + "/.cache", "TZ": tz, "NO_COLOR": "1", "LC_ALL": "C.UTF-8",
            "PATH": box.path("bin") + ":/usr/bin:/bin", "DOCTEST_WEFT": WeftProcess.binary, "DOCTEST_NOW": now,
            "DOCTEST_NOW_COMMANDS": try commandsTakingNow(),
            "DOCTEST_FIXTURES": repository.appendingPathComponent("Tests/Fixtures").path, "WEFT_CACHE": "",
            "WEFT_PROVIDERS": "", "WEFT_HOME": "",
        ]
        return (home, environment)
    }

    /// Runs `script` in `home` under `/bin/sh`, stdout and stderr in one stream as a terminal shows them.
    static func shell(_ script: String, in home: String, _ environment: [String: String]) async -> ProcessResult {
        let prelude = "unset WEFT_CACHE WEFT_PROVIDERS WEFT_HOME LANGUAGE LC_MESSAGES LANG; cd \"$HOME\" || exit 99\n"
        return await WeftProcess.run(
            ["/bin/sh", "-c", prelude + "exec 2>&1\n" + script], environment: environment, timeout: .seconds(60))
    }

    /// A fixture home made ready: copied, served, its `setup.sh` run. Keep `server` alive while commands run.
    struct Prepared {
        var box: Sandbox
        var home: String
        var environment: [String: String]
        var server: TestHTTPServer?
    }

    /// Copies fixture `name` (nil: an empty home) and runs its `setup.sh`; throws when the setup fails.
    static func prepare(_ name: String?, now: String, tz: String) async throws -> Prepared {
        let box = try Sandbox("doctest")
        let server = try name.flatMap { try serve(fixtures.appendingPathComponent($0).appendingPathComponent("http")) }
        let (home, environment) = try home(name, now: now, tz: tz, server: server, in: box)
        if let name {
            let setup = fixtures.appendingPathComponent(name).appendingPathComponent("setup.sh").path
            if FileManager.default.fileExists(atPath: setup) {
                let run = await shell(". \"\(setup)\"", in: home, environment)
                if run.exitCode != 0 { throw SandboxError("\(name)/setup.sh failed: \(run)") }
            }
        }
        return Prepared(box: box, home: home, environment: environment, server: server)
    }

    /// What is wrong with `block` when it runs: one message per command whose output differs from what is shown.
    static func failures(of block: Block) async throws -> [String] {
        guard case .run(let name, let now, let tz) = block.marker else { return [] }
        let prepared = try await prepare(name, now: now, tz: tz)
        let (home, environment) = (prepared.home, prepared.environment)
        var failures: [String] = []
        for step in block.steps {
            let run = await shell(step.command, in: home, environment)
            var printed = run.stdout.replacingOccurrences(of: home, with: shownHome)
            for binary in [URL(fileURLWithPath: WeftProcess.binary).resolvingSymlinksInPath().path, WeftProcess.binary]
            {
                printed = printed.replacingOccurrences(of: binary, with: shownBinary)
            }
            var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            if !matches(step.shown, lines) {
                failures.append(
                    "README.md:\(block.line): $ \(step.command)\n--- shown\n\(step.shown.joined(separator: "\n"))\n"
                        + "--- printed (exit \(run.exitCode.map(String.init) ?? "signal"))\n\(printed)")
            }
        }
        withExtendedLifetime(prepared) {}
        return failures
    }

    /// A loopback server answering each file under `directory` at its relative path (nil when there is none).
    static func serve(_ directory: URL) throws -> TestHTTPServer? {
        guard FileManager.default.fileExists(atPath: directory.path),
            let walker = FileManager.default.enumerator(atPath: directory.path)
        else { return nil }
        let server = try TestHTTPServer()
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            let file = directory.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let body = Array(try Data(contentsOf: file))
            server.route("/" + relative) { _ in
                TestResponse(headers: [("Content-Type", "application/json")], body: body)
            }
        }
        return server
    }

    static func readme() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func everyConsoleBlockOfTheReadmeRunsAndPrintsWhatItShows() async throws {
        let blocks = Self.blocks(try Self.readme())
        #expect(blocks.count >= 10, "\(blocks.map(\.line))")
        var skips = 0
        for block in blocks {
            switch block.marker {
            case .missing:
                Issue.record("README.md:\(block.line): a console block without a `<!-- doctest: … -->` line before it")
            case .skip(let reason):
                #expect(!reason.isEmpty, "README.md:\(block.line): a skip says why")
                skips += 1
            case .run:
                for failure in try await Self.failures(of: block) { Issue.record("\(failure)") }
            }
        }
        #expect(skips == Self.expectedSkips, "skipped console blocks: \(skips)")
    }

    /// The matcher and the parser themselves, so a doc-test that passes is not one that cannot fail.
    @Test func theMatcherAndTheParser() async throws {
        #expect(Self.matches(["a", "b"], ["a", "b"]))
        #expect(!Self.matches(["a", "b"], ["a", "c"]))
        #expect(!Self.matches(["a"], ["a", "b"]))
        #expect(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
        #expect(Self.matches(["a", "…"], ["a"]))
        #expect(Self.matches(["in … days, …s"], ["in 3 days, 4s"]))
        #expect(!Self.matches(["in … days"], ["in 3 weeks"]))
        let text = """
            <!-- doctest: home=check now=2026-11-27T12:00:00Z tz=Europe/Berlin -->
            ```console
            $ weft a
            one
            $ weft b
            ```

            <!-- doctest: skip needs a desktop -->
            ```
            $ weft c
            ```

            ```sh
            weft d
            ```

            ```console
            $ weft e
            ```
            """
        let blocks = Self.blocks(text)
        #expect(blocks.map(\.line) == [2, 9, 17])
        #expect(blocks[0].marker == .run(home: "check", now: "2026-11-27T12:00:00Z", tz: "Europe/Berlin"))
        #expect(blocks[0].steps == [Step(command: "weft a", shown: ["one"]), Step(command: "weft b", shown: [])])
        #expect(blocks[1].marker == .skip("needs a desktop"))
        #expect(blocks[2].marker == .missing)

        // A changed line of output fails the block.
        var wrong = blocks[0]
        wrong.marker = .run(home: nil, now: "2026-11-27T12:00:00Z", tz: "UTC")
        wrong.steps = [Step(command: "weft resolve '{{__time}}'", shown: ["12:01"])]
        #expect(try await Self.failures(of: wrong).count == 1)
        wrong.steps = [Step(command: "weft resolve '{{__time}}'", shown: ["12:00"])]
        #expect(try await Self.failures(of: wrong).isEmpty)
    }
}
