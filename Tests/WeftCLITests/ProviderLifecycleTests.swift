import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The life of a provider file — added, checked, changed, broken, renamed, removed — through the built binary
/// (issue 15's list of what users met).
@Suite("provider lifecycle")
struct ProviderLifecycleTests {
    /// A `command` provider printing `{"name": NAME}`.
    static func echo(_ name: String, extra: String = "") -> String {
        shellProvider("printf '{\"name\": \"\(name)\"}'", extra: extra)
    }

    /// Issue 15 #1: a renamed or deleted file is forgotten by the next refresh, everywhere.
    @Test func aRenamedOrDeletedFileIsForgotten() async throws {
        let box = try Sandbox()
        try box.provider("old", Self.echo("old", extra: "prefix = \"__up_\""))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        #expect(await box.weft("get", "__up_name").stdout == "old\n")

        // Renamed, and the new file takes the prefix: after a refresh only the new instance answers.
        try FileManager.default.removeItem(atPath: box.providers + "/old.toml")
        try box.provider("new", Self.echo("new", extra: "prefix = \"__up_\""))
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(refresh.stderr.contains("old: its provider file is gone: forgot its snapshot"), "\(refresh)")
        #expect(await box.weft("get", "__up_name").stdout == "new\n")
        #expect(await box.weft("resolve", "{{__up_name}}").stdout == "new\n")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(!status.stdout.contains("old"), "\(status)")
        let vars = await box.weft("vars", "--prefix", "__up_", "--format", "json")
        #expect(vars.stdout.contains("\"__up_name\" : \"new\""), "\(vars)")

        // Deleted (another provider file stays, so the folder was not emptied by mistake): its variables stop
        // answering and the database holds nothing of it.
        try box.provider("other", Self.echo("other", extra: "prefix = \"__other_\""))
        try FileManager.default.removeItem(atPath: box.providers + "/new.toml")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        #expect(await box.weft("get", "__up_name").exitCode == 1)
        #expect(!(await box.weft(arguments: ["status"] + Fixed.clock).stdout.contains("new")))
        let dump = await WeftProcess.run(
            [
                "sqlite3", box.database,
                "SELECT count(*) FROM snapshot WHERE instance != 'other'; "
                    + "SELECT count(*) FROM refresh_attempt WHERE instance != 'other';",
            ])
        #expect(dump.stdout == "0\n0\n", "\(dump)")
    }

    /// `weft forget` does it by hand, and says which instances the cache did not hold.
    @Test func forgetByHand() async throws {
        let box = try Sandbox()
        try box.write("a.csv", StepsCommandTests.header + StepsCommandTests.row(10, "08:00:00", "08:20:00", 2000))
        #expect(
            await box.weft(arguments: ["steps", "import", box.path("a.csv")] + StepsCommandTests.clock).exitCode == 0)
        // Imported without a provider file: a refresh never forgets it.
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        #expect(await box.weft(arguments: ["get", "__steps_today"] + StepsCommandTests.clock).stdout == "2000\n")
        let forget = await box.weft(arguments: ["forget", "steps", "nothing"] + Fixed.clock)
        #expect(forget.exitCode == 1, "\(forget)")
        #expect(
            forget.stderr.hasPrefix(
                "steps: deleted 2 rebuildable rows (snapshot, attempts, validators, parsed files); moved 1 steps "
                    + "record to the trash (`weft forget --restore steps` within 30 days)\n"), "\(forget)")
        #expect(forget.stderr.hasSuffix("nothing: not in the database\n"), "\(forget)")
        #expect(await box.weft(arguments: ["get", "__steps_today"] + StepsCommandTests.clock).exitCode == 1)
    }

    /// A missing providers directory (a mistyped --providers) forgets nothing.
    @Test func aMissingProvidersDirectoryForgetsNothing() async throws {
        let box = try Sandbox()
        try box.provider("up", Self.echo("kept"))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let elsewhere = await WeftProcess.weft(
            ["refresh", "--providers", box.path("nowhere"), "--cache", box.cache] + Fixed.clock)
        #expect(elsewhere.exitCode == 0, "\(elsewhere)")
        #expect(await box.weft("get", "__up_name").stdout == "kept\n")
    }

    /// Issue 15 #3: after a prefix conflict is fixed, no error stays on the file that did nothing wrong.
    @Test func aFixedPrefixConflictLeavesNoErrorBehind() async throws {
        let box = try Sandbox()
        try box.provider("alpha", Self.echo("alpha", extra: "prefix = \"__shared_\"\ninterval = \"1h\""))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        // "aardvark" sorts first, but alpha owns the prefix: the newcomer is the one in the wrong.
        try box.provider("aardvark", Self.echo("aardvark", extra: "prefix = \"__shared_\"\ninterval = \"1h\""))
        let conflict = await box.weft("refresh", "--now", "2026-03-10T09:31:00Z", "--tz", Fixed.zone)
        #expect(conflict.exitCode == 2, "\(conflict)")
        #expect(conflict.stderr.contains("aardvark: invalid provider file"), "\(conflict)")
        #expect(conflict.stderr.contains("alpha: fresh"), "\(conflict)")
        #expect(await box.weft("get", "__shared_error").exitCode == 1, "alpha did nothing wrong")
        #expect(await box.weft("get", "__shared_name").stdout == "alpha\n")

        try box.provider("aardvark", Self.echo("aardvark", extra: "prefix = \"__aard_\"\ninterval = \"1h\""))
        let fixed = await box.weft("refresh", "--now", "2026-03-10T09:32:00Z", "--tz", Fixed.zone)
        #expect(fixed.exitCode == 0, "\(fixed)")
        let status = await box.weft("status", "--json", "--now", "2026-03-10T09:32:00Z")
        #expect(status.exitCode == 0, "\(status)")
        #expect(!status.stdout.contains("last_error"), "no error is left anywhere: \(status)")
        #expect(await box.weft("get", "__shared_error").exitCode == 1)
        #expect(await box.weft("get", "__aard_name").stdout == "aardvark\n")
    }

    /// Issue 15 #4: a setting that changes derived data takes effect at the next refresh, though no file changed.
    @Test func aChangedSettingRebuildsDerivedData() async throws {
        let box = try Sandbox()
        // The iPhone and the Watch saw the same walk: by priority the Watch wins, by max the larger count.
        let export =
            StepsCommandTests.header + StepsCommandTests.row(10, "08:00:00", "08:20:00", 2000)
            + StepsCommandTests.row(10, "08:00:00", "08:20:00", 1500, source: "Anna's Apple Watch")
        try box.write("export.csv", export)
        try FileManager.default.setAttributes([.modificationDate: Fixed.fileDate], ofItemAtPath: box.path("export.csv"))
        let files = "files = [\"\(box.path("export.csv"))\"]\ninterval = \"1h\"\n"
        try box.provider("walk", "type = \"steps\"\n" + files)
        let clock = StepsCommandTests.clock
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        #expect(await box.weft(arguments: ["get", "__steps_today"] + clock).stdout == "1500\n")

        try box.provider("walk", "type = \"steps\"\ndedup = \"max\"\n" + files)
        let changed = await box.weft(arguments: ["refresh"] + clock)
        #expect(changed.stderr.contains("walk: ok"), "a changed setting is due at once: \(changed)")
        #expect(await box.weft(arguments: ["get", "__steps_today"] + clock).stdout == "2000\n")

        // A zone that moves the walk to another local day: the day it counts for moves too.
        try box.provider("walk", "type = \"steps\"\ndedup = \"max\"\ntimezone = \"Pacific/Kiritimati\"\n" + files)
        let moved = await box.weft(arguments: ["refresh", "--force"] + clock)
        #expect(moved.stderr.contains("walk: ok"), "\(moved)")
        let days = await box.weft("steps", "days", "--json", "--instance", "walk")
        #expect(days.stdout.contains("\"date\" : \"2026-03-10\"") && days.stdout.contains("2000"), "\(days)")
        #expect(!days.stdout.contains("1500"), "\(days)")
    }

    /// The calendar's own settings (here `all_day`) rebuild its occurrences without a new file.
    @Test func aChangedCalendarSettingTakesEffect() async throws {
        let box = try Sandbox()
        try box.write("work.ics", CalendarCommandTests.ics)
        try FileManager.default.setAttributes([.modificationDate: Fixed.fileDate], ofItemAtPath: box.path("work.ics"))
        let source =
            "type = \"calendar\"\ninterval = \"1h\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n"
        try box.provider("work", source + "all_day = \"include\"\n")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        #expect(await box.weft(arguments: ["get", "__calendar_then_title"] + Fixed.clock).stdout == "Holiday\n")
        try box.provider("work", source + "all_day = \"exclude\"\n")
        let refresh = await box.weft("refresh", "--now", "2026-03-10T09:31:00Z", "--tz", Fixed.zone)
        #expect(refresh.stderr.contains("work: ok"), "\(refresh)")
        #expect(await box.weft(arguments: ["get", "__calendar_then_title"] + Fixed.clock).stdout != "Holiday\n")
    }

    /// Issue 15 #7: a `cache/` or `providers/` folder where the user stands never takes over.
    @Test func theWorkingDirectoryNeverTakesOver() async throws {
        let box = try Sandbox()
        let project = box.path("project")
        try FileManager.default.createDirectory(atPath: project + "/cache", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: project + "/providers", withIntermediateDirectories: true)
        try Self.echo("project").write(toFile: project + "/providers/up.toml", atomically: false, encoding: .utf8)
        let home = box.path("home")
        let environment = [
            "HOME": home, "WEFT_HOME": "", "WEFT_CACHE": "", "WEFT_PROVIDERS": "", "XDG_CACHE_HOME": "",
            "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "",
        ]
        let set = await WeftProcess.run(
            ["sh", "-c", "cd \"$1\" && exec \"$2\" var set mood fine", "sh", project, WeftProcess.binary],
            environment: environment)
        #expect(set.exitCode == 0, "\(set)")
        #expect(
            !FileManager.default.fileExists(atPath: project + "/cache/weft.sqlite"), "the project's cache/ was used")
        #expect(FileManager.default.fileExists(atPath: home + "/.local/state/weft/weft.sqlite"))
        let status = await WeftProcess.run(
            ["sh", "-c", "cd \"$1\" && exec \"$2\" status", "sh", project, WeftProcess.binary], environment: environment
        )
        #expect(!status.stdout.contains("up (command)"), "the project's providers/ was read: \(status)")
        // WEFT_HOME holds both.
        let weftHome = await WeftProcess.weft(["var", "set", "mood", "ok"], environment: ["WEFT_HOME": box.path("wh")])
        #expect(weftHome.exitCode == 0, "\(weftHome)")
        #expect(FileManager.default.fileExists(atPath: box.path("wh/cache/weft.sqlite")))
    }

    /// Issue 15 #9: a prefix must start with `__`; before, `weft vars` listed it and `weft get` could not read it.
    @Test func aPrefixWithoutUnderscoresIsAClearError() async throws {
        let box = try Sandbox()
        try box.provider("q", Self.echo("q", extra: "prefix = \"q_\""))
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 2, "\(refresh)")
        #expect(refresh.stderr.contains("q.toml:3: key \"prefix\": \"q_\" must start with \"__\""), "\(refresh)")
        #expect(!(await box.weft("vars")).stdout.contains("q_name"))
        let check = await box.weft("check")
        #expect(check.exitCode == 2 && check.stdout.contains("q.toml:3:"), "\(check)")
    }

    /// Issue 15 #10: explain reports what resolve uses: a stored key under a provider's prefix is stored, and
    /// `--vars` ranks above stored variables.
    @Test func explainAgreesWithResolve() async throws {
        let box = try Sandbox()
        try box.provider("weather", Self.echo("w", extra: "prefix = \"__weather_\""))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        #expect(await box.weft("var", "set", "__weather_note", "umbrella").exitCode == 0)
        let stored = await box.weft("explain", "__weather_note", "--json")
        #expect(stored.exitCode == 0, "\(stored)")
        #expect(stored.stdout.contains("\"source\" : \"stored\""), "\(stored)")
        #expect(await box.weft("resolve", "{{__weather_note}}").stdout == "umbrella\n")

        #expect(await box.weft("var", "set", "mood", "stored").exitCode == 0)
        try box.write("vars.json", "{\"mood\": \"from vars\"}")
        let resolved = await box.weft("resolve", "{{mood}}", "--vars", box.path("vars.json"))
        #expect(resolved.stdout == "from vars\n", "\(resolved)")
        let explained = await box.weft("explain", "mood", "--vars", box.path("vars.json"), "--json")
        #expect(explained.stdout.contains("\"source\" : \"vars\""), "\(explained)")
        #expect(explained.stdout.contains("\"value\" : \"from vars\""), "\(explained)")
        let provider = await box.weft("explain", "__weather_name", "--json")
        #expect(provider.stdout.contains("\"source\" : \"provider\""), "\(provider)")
        #expect(provider.stdout.contains("\"instance\" : \"weather\""), "\(provider)")
    }

    /// Issue 15 #12: a command's relative paths are relative to its provider file, wherever weft runs; the cache
    /// is private.
    @Test func commandPathsAreRelativeToTheProviderFileAndTheCacheIsPrivate() async throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.providers + "/bin", withIntermediateDirectories: true)
        // Written by a child: a write descriptor open in this process while sibling tests fork would make the
        // script's exec fail with ETXTBSY.
        let script = await WeftProcess.run(
            [
                "sh", "-c", "printf '#!/bin/sh\\ncat data.json\\n' > \"$1\" && chmod 755 \"$1\"", "sh",
                box.providers + "/bin/show.sh",
            ])
        #expect(script.exitCode == 0, "\(script)")
        try "{\"where\": \"beside the file\"}".write(
            toFile: box.providers + "/data.json", atomically: false, encoding: .utf8)
        try box.provider("rel", "type = \"command\"\ncommand = [\"bin/show.sh\"]\n")
        try box.provider("cat", "type = \"command\"\ncommand = [\"cat\", \"data.json\"]\n")
        let refresh = await WeftProcess.run(
            [
                "sh", "-c", "cd / && exec \"$@\"", "sh", WeftProcess.binary, "refresh", "--providers", box.providers,
                "--cache", box.cache,
            ] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(await box.weft("get", "__rel_where").stdout == "beside the file\n")
        #expect(await box.weft("get", "__cat_where").stdout == "beside the file\n")

        let fresh = box.path("fresh-cache")
        #expect(await WeftProcess.weft(["var", "set", "x", "1", "--cache", fresh]).exitCode == 0)
        var info = stat()
        #expect(stat(fresh, &info) == 0 && info.st_mode & 0o777 == 0o700)
        for file in ["weft.sqlite", "weft.sqlite-wal", "weft.sqlite-shm"] where stat(fresh + "/" + file, &info) == 0 {
            #expect(info.st_mode & 0o777 == 0o600, "\(file) is \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    /// `weft check` validates without refreshing: nested keys on their own lines, missing files, exit codes, JSON.
    @Test func checkNamesEveryProblemOnItsLine() async throws {
        let box = try Sandbox()
        try box.provider("good", Self.echo("good"))
        let empty = await box.weft("check")
        #expect(empty.exitCode == 0, "\(empty)")
        #expect(empty.stderr.contains("1 provider file in "), "\(empty)")
        try box.provider(
            "cal",
            """
            type = "calendar"
            sources = [
              { name = "Work", path = "\(box.path("missing.ics"))" },
              { name = "Team", url = "ftp://example.org/team.ics" },
            ]
            """)
        try box.provider("walk", "type = \"steps\"\nfiles = [\n  \"\(box.path("none-*.csv"))\",\n]\n")
        try box.provider("typo", "type = \"command\"\ncommand = [\"true\"]\ninterval = \"1e300s\"\n")
        let check = await box.weft("check")
        #expect(check.exitCode == 2, "\(check)")
        #expect(check.stdout.contains("cal.toml:4: key \"sources[1].url\""), "the url's own line: \(check)")
        #expect(check.stdout.contains("walk.toml:3: key \"files[0]\": no file matches"), "\(check)")
        #expect(check.stdout.contains("typo.toml:3: key \"interval\""), "\(check)")
        #expect(!check.stdout.contains("good.toml"), "\(check)")
        try box.provider(
            "cal",
            "type = \"calendar\"\nsources = [\n  { name = \"Work\", path = \"\(box.path("missing.ics"))\" },\n]\n")
        let missing = await box.weft("check", "--json")
        #expect(missing.stdout.contains("cal.toml:3: key \\\"sources[0].path\\\""), "\(missing)")
        #expect(missing.stdout.contains("\"line\" : 3"), "\(missing)")
        #expect(missing.stdout.contains("\"valid\" : false"), "\(missing)")
        // Nothing was refreshed or written.
        #expect(!FileManager.default.fileExists(atPath: box.database))
    }

    /// A cache written by the previous weft (no provider-file table yet) is read as it is until the next refresh
    /// migrates it: renders never fail on an upgrade.
    @Test func aCacheFromThePreviousVersionStillRenders() async throws {
        let box = try Sandbox()
        try box.provider("up", Self.echo("before"))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let downgrade = await WeftProcess.run([
            "sqlite3", box.database,
            "DROP TABLE provider_file; DELETE FROM grdb_migrations WHERE identifier LIKE 'v3%';",
        ])
        #expect(downgrade.exitCode == 0, "\(downgrade)")
        #expect(await box.weft("get", "__up_name").stdout == "before\n")
        #expect(await box.weft("vars", "--prefix", "__up_").exitCode == 0)
        #expect(await box.weft(arguments: ["status"] + Fixed.clock).exitCode == 0)
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.stderr.contains("up: ok"), "an unknown fingerprint rebuilds once: \(refresh)")
        #expect(await box.weft("get", "__up_name").stdout == "before\n")
    }

    /// Ages and validity spans from the cache are counted with checked conversions: a snapshot dated 1e300 seconds
    /// away is shown, not a crash of `weft status`, `weft explain` or a render.
    @Test func farOffDatesInTheCacheNeverCrashAReader() async throws {
        let box = try Sandbox()
        try box.provider("up", Self.echo("far"))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let edit = await WeftProcess.run([
            "sqlite3", box.database, "UPDATE snapshot SET fetched_at = -1e300, valid_until = 1e300;",
        ])
        #expect(edit.exitCode == 0, "\(edit)")
        for arguments in [["status", "--json"], ["status"], ["explain", "__up_name"], ["get", "__up_age_min"]] {
            let result = await box.weft(arguments: arguments + Fixed.clock)
            #expect(result.exitCode == 0 && result.signal == nil, "\(arguments): \(result)")
        }
    }
}
