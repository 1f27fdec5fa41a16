import Foundation
import Testing

/// `weft vars` in its four formats, with `--prefix`, and the shell format's quoting under a real `sh`.
@Suite("vars formats")
struct VarsFormatTests {
    static func withSnapshot() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21, "city": "Bad Tölz"}'"#))
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(await box.weft("var", "set", "mood", "happy").exitCode == 0)
        return box
    }

    @Test func textIsAlignedColumnsSortedByKey() async throws {
        let box = try await Self.withSnapshot()
        let result = await box.weft(arguments: ["vars", "--prefix", "__demo_"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(
            result.stdout == """
                __demo_age_min      0
                __demo_city         Bad Tölz
                __demo_stale        0
                __demo_temp         21
                __demo_updated_iso  2026-03-10T09:30:00Z

                """, "\(result)")
    }

    @Test func jsonHasEverySourceWithoutPrefix() async throws {
        let box = try await Self.withSnapshot()
        let result = await box.weft(arguments: ["vars", "--format", "json"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String], "\(result)")
        #expect(object["__demo_temp"] == "21")
        #expect(object["__demo_city"] == "Bad Tölz")
        #expect(object["mood"] == "happy")
        #expect(object["__time"] == "10:30")
        #expect(object["__now_unix"] == "1773135000")
        #expect(object["__weekday"] == "Tue")
        #expect(object["__demo_error"] == nil)
    }

    @Test func prefixFiltersEveryFormat() async throws {
        let box = try await Self.withSnapshot()
        let json = await box.weft(arguments: ["vars", "--format", "json", "--prefix", "__NOW"] + Fixed.clock)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String], "\(json)")
        #expect(object == ["__now": "2026-03-10T09:30:00.000Z", "__now_unix": "1773135000"])

        let env = await box.weft(arguments: ["vars", "--format", "env", "--prefix", "mo"] + Fixed.clock)
        #expect(env.stdout == "mood=happy\n", "\(env)")
        let shell = await box.weft(arguments: ["vars", "--format", "shell", "--prefix", "__demo_t"] + Fixed.clock)
        #expect(shell.stdout == "export __demo_temp='21'\n", "\(shell)")
        let none = await box.weft(arguments: ["vars", "--prefix", "zzz"] + Fixed.clock)
        #expect(none.exitCode == 0 && none.stdout.isEmpty, "\(none)")
    }

    @Test func envEscapesNewlinesAndBackslashes() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "note", "two\nlines \\ here").exitCode == 0)
        #expect(await box.weft("var", "set", "my key-1", "x").exitCode == 0)
        let result = await box.weft(arguments: ["vars", "--format", "env"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("note=two\\nlines \\\\ here"), "\(result)")
        #expect(lines.contains("my_key_1=x"), "keys become identifiers: \(result)")
        #expect(lines.contains("__today=2026-03-10"), "\(result)")
    }

    @Test func shellFormatSurvivesEvalExactly() async throws {
        let box = try Sandbox()
        let nasty = "it's $(touch pwned) `touch pwned2` \"quoted\" \\ back\nsecond line $HOME ${x} * ;|&"
        let set = await box.weft("var", "set", "__x", nasty)
        #expect(set.exitCode == 0, "\(set)")
        #expect(await box.weft("var", "get", "__x").stdout == nasty + "\n")

        let script = #"""
            cd "$1" || exit 9
            eval "$("$2" vars --format shell --prefix __x --providers "$1/providers" --cache "$1/cache")" || exit 8
            printf %s "$__x"
            """#
        let result = await WeftProcess.run(["sh", "-c", script, "sh", box.root, WeftProcess.binary])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == nasty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.path("pwned")), "command substitution ran")
        #expect(!FileManager.default.fileExists(atPath: box.path("pwned2")), "backquote substitution ran")

        // Every variable, not just the one, evaluates cleanly, and the exports reach a child process.
        let all = #"""
            cd "$1" || exit 9
            eval "$("$2" vars --format shell --now 2026-03-10T09:30:00Z --tz Europe/Berlin \
                --providers "$1/providers" --cache "$1/cache")" || exit 8
            sh -c 'printf "%s|%s" "$__time" "$__x"'
            """#
        let exported = await WeftProcess.run(["sh", "-c", all, "sh", box.root, WeftProcess.binary])
        #expect(exported.exitCode == 0, "\(exported)")
        #expect(exported.stdout == "10:30|" + nasty, "\(exported)")
        #expect(!FileManager.default.fileExists(atPath: box.path("pwned")))
    }

    @Test func unknownFormatIsRejected() async throws {
        let box = try Sandbox()
        let result = await box.weft("vars", "--format", "yaml")
        #expect(result.exitCode != 0 && result.signal == nil, "\(result)")
        #expect(result.stderr.contains("yaml"), "\(result)")
    }
}
