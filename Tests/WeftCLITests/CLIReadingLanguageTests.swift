import Foundation
import Testing
import WeftTestSupport

/// The reading output of `init`, `forget`, `backup`/`restore`, `alarm` and `habit rename/remove` in the reader's
/// language, through the built binary; the English of each stays as the other suites pin it.
@Suite("CLI reading output in the reader's language")
struct CLIReadingLanguageTests {
    static let german = ["LC_ALL": "de_DE.UTF-8"]
    static let czech = ["LC_ALL": "cs_CZ.UTF-8"]

    @Test func initSaysWhatItWroteAndWhatToRunNextInGerman() async throws {
        let box = try Sandbox()
        try FirstRunTests.machine(box)
        var environment = FirstRunTests.homeEnvironment(box)
        environment["LC_ALL"] = "de_DE.UTF-8"
        let arguments = ["init", "--latitude", "52.52", "--longitude", "13.405", "--name", "Berlin"]
        let result = await WeftProcess.weft(arguments, environment: environment)
        #expect(result.exitCode == 0, "\(result)")
        let providers = box.path(".config/weft/providers")
        for line in [
            "\(providers)/calendar.toml geschrieben: 2 Kalender (family, Work)\n",
            "\(providers)/steps.toml geschrieben: der Export von Apple Health\n",
            "\(providers)/weather.toml geschrieben: Open-Meteo bei 52.52, 13.405\n",
            "weather.toml: `contact` ausfüllen (Ihre E-Mail-Adresse oder eine URL)",
            "als Nächstes:\n  weft refresh  # holt und importiert, was die Dateien nennen\n",
            "  weft schedule --systemd  # alle 5 Minuten per Benutzer-Timer aktualisieren\n",
        ] {
            #expect(result.stdout.contains(line), "\(line): \(result)")
        }
        #expect(!result.stdout.contains("wrote "), "\(result)")
        // The files themselves keep their English comments: they are configuration, not output.
        let steps = try String(contentsOfFile: providers + "/steps.toml", encoding: .utf8)
        #expect(steps.hasPrefix("# Steps from Apple Health's export, written by `weft init`."), "\(steps)")

        let again = await WeftProcess.weft(arguments, environment: environment)
        #expect(again.exitCode == 0, "\(again)")
        #expect(again.stdout.contains("calendar: calendar.toml (calendar) behalten; 2 in "), "\(again)")
        #expect(again.stdout.contains("weather: weather.toml (open-meteo) behalten\n"), "\(again)")
    }

    @Test func forgetAndItsTrashInGermanAndCzech() async throws {
        let box = try await UserDataTests().populated()
        let clock = UserDataTests.clock
        let plan = await box.weft(arguments: ["forget", "habits", "--dry-run"] + clock, environment: Self.german)
        #expect(plan.exitCode == 0, "\(plan)")
        #expect(plan.stderr.hasPrefix("habits: würde "), "\(plan)")
        #expect(
            plan.stderr.contains(
                "; würde 1 Eintrag (habit) in den Papierkorb verschieben (`weft forget --restore habits` innerhalb von "
                    + "30 Tagen)"), "\(plan)")
        let forget = await box.weft(arguments: ["forget", "habits"] + clock, environment: Self.german)
        #expect(forget.stderr.contains("; 1 Eintrag (habit) in den Papierkorb verschoben"), "\(forget)")
        let trash = await box.weft(arguments: ["forget", "--list-trash"] + clock, environment: Self.german)
        // The first two columns are names and counts a script may read; the third is for people.
        #expect(
            trash.stdout.hasPrefix("habits\t1 habit\tgelöscht 2024-10-10T12:00:00Z, bleibt noch 30 Tage\n"), "\(trash)")
        let restore = await box.weft(arguments: ["forget", "--restore", "habits"] + clock, environment: Self.czech)
        #expect(restore.exitCode == 0, "\(restore)")
        #expect(restore.stderr.hasPrefix("habits: obnoveno 1 záznam habit\n"), "\(restore)")
        let empty = await box.weft("forget", "--list-trash", "--now", "2024-11-11T12:00:00Z", environment: Self.german)
        #expect(empty.stdout == "der Papierkorb ist leer\n", "\(empty)")
        let missing = await box.weft(arguments: ["forget", "nosuch"] + clock, environment: Self.german)
        #expect(missing.exitCode == 1 && missing.stderr == "nosuch: nicht in der Datenbank\n", "\(missing)")
    }

    @Test func backupAndRestoreInGermanAndCzech() async throws {
        let box = try await UserDataTests().populated()
        let clock = UserDataTests.clock
        let file = box.path("backup.json")
        let backup = await box.weft(arguments: ["backup", file] + clock, environment: Self.german)
        #expect(backup.exitCode == 0 && backup.stderr == "weft: \(file) geschrieben\n", "\(backup)")
        let other = try Sandbox()
        try FileManager.default.copyItem(
            atPath: box.providers + "/habits.toml", toPath: other.providers + "/habits.toml")
        let restore = await other.weft(arguments: ["restore", file] + clock, environment: Self.czech)
        #expect(restore.exitCode == 0, "\(restore)")
        #expect(restore.stderr.hasPrefix("weft: obnoveno: 0 proměnných a 2 záznamy\n"), "\(restore)")
        #expect(restore.stderr.contains("weft: obnoveno: habits\n"), "\(restore)")
        let again = await other.weft(arguments: ["restore", file] + clock, environment: Self.german)
        #expect(
            again.stderr.hasPrefix("weft: 0 Variablen und 0 Einträge wiederhergestellt; 2 schon aktuell\n"), "\(again)")
    }

    @Test func alarmLinesAndRefusalsInGerman() async throws {
        let box = try Sandbox()
        let clock = AlarmCommandTests.clock
        func german(_ arguments: [String], clock: [String] = clock) async -> ProcessResult {
            await box.weft(arguments: arguments + clock, environment: Self.german)
        }
        let added = await german([
            "alarm", "add", "07:00", "--days", "mon-fri", "--label", "Wake", "--pre-alert", "10m",
        ])
        #expect(added.stdout == "Wake (wake): 07:00 Mo–Fr, nächstes Mal Mo 2026-11-30 07:00 (in 2d 18h)\n", "\(added)")
        #expect(
            await german(["alarm", "add", "18:00", "--every", "2w", "--days", "tue", "--label", "Bins"]).exitCode == 0)
        #expect(await german(["alarm", "add", "09:30", "--on", "2026-12-24", "--label", "Presents"]).exitCode == 0)
        let list = await german(["alarm", "list"])
        #expect(
            list.stdout == """
                wake  Wake  07:00  Mo–Fr  an  nächstes Mal Mo 2026-11-30 07:00  Vorwarnung 10m  Schlummern 9m
                presents  Presents  09:30  einmal am 2026-12-24  an  nächstes Mal Do 2026-12-24 09:30  Schlummern 9m
                bins  Bins  18:00  alle 2 Wochen am Di ab 2026-12-01  an  nächstes Mal Di 2026-12-01 18:00  Schlummern 9m

                """, "\(list)")
        // JSON keeps the English words a script reads.
        let json = await german(["alarm", "list", "--json"])
        #expect(json.stdout.contains("\"repeats\" : \"every 2 weeks on Tue from 2026-12-01\""), "\(json)")
        let skip = await german(["alarm", "skip-next", "wake"])
        #expect(skip.stdout == "Wake: überspringt Mo 2026-11-30 07:00; nächstes Mal Di 2026-12-01 07:00\n", "\(skip)")
        #expect(await german(["alarm", "disable", "Wake"]).stdout == "Wake: aus\n")
        let enabled = await german(["alarm", "enable", "wake"])
        #expect(enabled.stdout == "Wake: an, nächstes Mal Mo 2026-11-30 07:00\n", "\(enabled)")
        let removed = await german(["alarm", "remove", "presents"])
        #expect(
            removed.stdout
                == "Presents: in den Papierkorb verschoben (`weft forget --restore \"alarm Presents\"` holt ihn zurück)\n",
            "\(removed)")
        let ringing = AlarmCommandTests.at("2026-11-30T06:02:00Z")
        let snoozed = await german(["alarm", "snooze"], clock: ringing)
        #expect(snoozed.stdout == "Wake: schlummert bis 07:11\n", "\(snoozed)")
        let dismissed = await german(["alarm", "dismiss"], clock: AlarmCommandTests.at("2026-11-30T06:12:00Z"))
        #expect(dismissed.stdout == "Wake: beendet; nächstes Mal Di 2026-12-01 07:00\n", "\(dismissed)")
        // Refusals: the same exit status, the reader's words.
        let nothing = await german(["alarm", "snooze"], clock: AlarmCommandTests.at("2026-11-30T06:12:00Z"))
        #expect(nothing.exitCode == 1, "\(nothing)")
        #expect(
            nothing.stderr.contains(
                "kein Wecker klingelt, der schlummern könnte; einen nennen: `weft alarm snooze LABEL`"),
            "\(nothing)")
        let typo = await german(["alarm", "skip-next", "wkae"])
        #expect(typo.exitCode == 1 && typo.stderr.contains("kein Wecker „wkae“; meinten Sie „Wake“?"), "\(typo)")
        let english = await box.weft(arguments: ["alarm", "skip-next", "wkae"] + clock)
        #expect(english.stderr.contains("no alarm \"wkae\"; did you mean \"Wake\"?"), "\(english)")
    }

    @Test func habitRenameAndRemoveInGerman() async throws {
        let box = try Sandbox()
        try box.provider("habits", UserDataTests.habitsToml)
        let clock = UserDataTests.clock
        #expect(await box.weft(arguments: ["habit", "add", "Stretch"] + clock).exitCode == 0)
        let rename = await box.weft(
            arguments: ["habit", "rename", "stretch", "Stretch 10min"] + clock, environment: Self.german)
        #expect(rename.stdout == "Stretch: umbenannt in Stretch 10min (stretch_10min)\n", "\(rename)")
        let remove = await box.weft(arguments: ["habit", "remove", "stretch 10min"] + clock, environment: Self.german)
        #expect(
            remove.stdout
                == "Stretch 10min: in den Papierkorb verschoben (`weft forget --restore \"habit stretch_10min\"` holt "
                + "sie zurück)\n", "\(remove)")
    }

    @Test func calendarListAndNextInGerman() async throws {
        let box = try Sandbox()
        try box.write("work.ics", CalendarCommandTests.ics)
        let list = await WeftProcess.weft(
            [
                "calendar", "list", box.path("work.ics"), "--from", "2026-03-10T00:00:00Z", "--to",
                "2026-03-12T00:00:00Z", "--tz", "Europe/Berlin",
            ], environment: Self.german)
        #expect(
            list.stdout == """
                Dienstag, 2026-03-10
                  13:00–13:30  Call  [work] (abgesagt)
                  14:00–15:00  Planning @ Room 2  [work]
                Mittwoch, 2026-03-11
                  ganztägig    Holiday  [work]

                """, "\(list)")
        let none = await WeftProcess.weft(
            ["calendar", "list", box.path("work.ics"), "--from", "2027-01-01", "--tz", "UTC"], environment: Self.german)
        #expect(none.stdout == "Keine Termine\n", "\(none)")
        let next = await WeftProcess.weft(
            ["calendar", "next", box.path("work.ics"), "--now", "2026-03-10T12:00:00Z", "--tz", "Europe/Berlin"],
            environment: Self.german)
        #expect(next.stdout.hasPrefix("Als Nächstes\n  "), "\(next)")
        #expect(next.stdout.contains("  14:00–15:00  Planning @ Room 2  [work]\n"), "\(next)")
        let later = await WeftProcess.weft(
            ["calendar", "next", box.path("work.ics"), "--now", "2027-03-10T12:00:00Z", "--tz", "Europe/Berlin"],
            environment: Self.german)
        #expect(later.stdout == "Keine anstehenden Termine\n", "\(later)")
    }

    @Test func stepsDaysHistoryAndStatsInGerman() async throws {
        let box = try Sandbox()
        let clock = StepsCommandTests.clock
        try box.write(
            "a.csv",
            StepsCommandTests.header + StepsCommandTests.row(9, "09:00:00", "09:30:00", 3000)
                + StepsCommandTests.row(10, "08:00:00", "08:20:00", 12000))
        #expect(await box.weft(arguments: ["steps", "import", box.path("a.csv")] + clock).exitCode == 0)
        let stats = await box.weft(arguments: ["steps", "stats"] + clock, environment: Self.german)
        #expect(stats.stdout.hasPrefix("heute     12000 / 10000 (100%)\nSerie     1 Tag ("), "\(stats)")
        #expect(stats.stdout.contains("\nBestwert  12000 am 2026-03-10\n"), "\(stats)")
        let english = await box.weft(arguments: ["steps", "stats"] + clock)
        #expect(english.stdout.hasPrefix("today    12000 / 10000 (100%)\nstreak   1 day ("), "\(english)")
        let history = await box.weft(
            arguments: ["steps", "history", "--year", "2026"] + clock, environment: Self.german)
        #expect(history.stdout.hasPrefix("Schritte 2026 · 2 Tage mit Daten, Ziel erreicht an 1\n"), "\(history)")
        #expect(history.stdout.contains("\nMärz 2026\n Mo   Di   Mi   Do   Fr   Sa   So\n"), "\(history)")
        #expect(history.stdout.contains("█ Ziel erreicht"), "\(history)")
        let none = await box.weft(
            arguments: ["steps", "days", "--from", "2025-01-01", "--to", "2025-01-02"], environment: Self.german)
        #expect(none.stdout == "Keine Tage\n", "\(none)")
    }

    @Test func scheduleVarListAndBarCheckInGerman() async throws {
        let box = try Sandbox()
        let units = await box.weft("schedule", "--systemd", "--every", "10m", environment: Self.german)
        #expect(units.stdout.contains("\n# Die beiden Dateien oben speichern, dann:\n"), "\(units)")
        #expect(units.stdout.contains("Description=Run weft refresh every 10min\n"), "the unit stays English: \(units)")
        let cron = await box.weft("schedule", "--cron", "--every", "2h", environment: Self.german)
        #expect(cron.stdout.hasPrefix("# weft: die fälligen Anbieter alle 2 h aktualisieren;"), "\(cron)")
        #expect(await box.weft("var", "incr", "water", "--goal", "8", "--reset", "daily").exitCode == 0)
        let vars = await box.weft("var", "list", environment: Self.german)
        #expect(vars.stdout == "water = 1  (Zähler, Schritt 1, Ziel 8, täglich zurückgesetzt)\n", "\(vars)")
        let json = await box.weft("var", "list", "--json", environment: Self.german)
        #expect(json.stdout.contains("\"reset\""), "\(json)")
        try box.write("bar.toml", "[[block]]\nname = \"clock\"\ntemplate = \"{{__now_unix}}\"\n")
        let check = await box.weft("bar", "--check", "--config", box.path("bar.toml"), environment: Self.german)
        #expect(check.exitCode == 0 && check.stderr.hasSuffix(": 1 Block, keine Probleme\n"), "\(check)")
    }

    @Test func aWaybarPercentageOutOfRangeIsSaidInGerman() async throws {
        let box = try Sandbox()
        let over = await box.weft("resolve", "--format", "waybar", "--percentage", "130", "x", environment: Self.german)
        #expect(over.exitCode == 1, "\(over)")
        #expect(over.stdout == #"{"class":[],"text":"x"}"# + "\n", "\(over)")
        #expect(
            over.stderr.contains(
                #"--percentage '130' ergab „130“, keine Zahl von 0 bis 100, daher bekommt waybar keinen Prozentwert; "#
                    + "mit {{=clamp(VALUE, 0, 100)}} im Bereich halten"), "\(over)")
    }
}
