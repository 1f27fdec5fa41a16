import Foundation
import Testing
import WeftTestSupport

/// Dates, step import errors, notifications and the board's own words in the reader's language, through the built
/// binary: without `--locale`, dates and numbers follow `LC_ALL`, `LC_TIME`, `LANG` (POSIX's order for dates) as the
/// words follow `LC_ALL`, `LC_MESSAGES`, `LANG`; machine values stay as they are.
@Suite("the reader's language in dates, errors, notifications and the board")
struct ReaderLanguageTests {
    /// Tuesday 24 January 2023, 00:36 in New York.
    static let clock = ["--now", "2023-01-24T05:36:00Z", "--tz", "America/New_York"]

    /// A calendar whose next event, a review on Friday 3 February, is ten days away (a label with its date).
    static func calendar() async throws -> Sandbox {
        let box = try Sandbox()
        try box.write(
            "work.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//weft tests//EN\r
            BEGIN:VEVENT\r
            UID:review@weft\r
            DTSTAMP:20230101T000000Z\r
            DTSTART:20230203T160000Z\r
            DTEND:20230203T170000Z\r
            SUMMARY:Design review\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        try box.provider(
            "work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        try box.write("vars.json", #"{"day": "2023-01-24T15:00:00Z", "n": "1234.5"}"#)
        return box
    }

    @Test func datesFollowTheEnvironmentWithoutLocale() async throws {
        let box = try await Self.calendar()
        let template =
            "{{__calendar_next_label}}|{{day||date:EEEE d MMMM}}|{{n||number:1}}|{{__calendar_next_start_iso}}"
        let english = "On Fri Feb 3|Tuesday 24 January|1,234.5|2023-02-03T16:00:00Z\n"
        let german = "Am Fr. 3. Feb.|Dienstag 24 Januar|1.234,5|2023-02-03T16:00:00Z\n"
        let cases: [([String: String], [String], String)] = [
            ([:], [], english),
            (["LANG": "de_DE.UTF-8"], [], german),
            // LC_TIME chooses the dates only; LC_ALL wins over both; C and POSIX format as en_US.
            (
                ["LC_TIME": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], [],
                "On Fr. 3. Feb.|Dienstag 24 Januar|1.234,5|"
                    + "2023-02-03T16:00:00Z\n"
            ),
            (["LC_ALL": "de_DE.UTF-8", "LC_TIME": "fr_FR.UTF-8"], [], german),
            (["LC_ALL": "C", "LANG": "de_DE.UTF-8"], [], english),
            (["LC_ALL": "POSIX"], [], english),
            // --locale wins over the environment, for dates as for words.
            (["LANG": "de_DE.UTF-8"], ["--locale", "en_US"], english),
        ]
        for (environment, locale, want) in cases {
            let run = await box.weft(
                arguments: ["resolve", "--vars", box.path("vars.json")] + locale + [template] + Self.clock,
                environment: environment)
            #expect(run.exitCode == 0 && run.stdout == want, "\(environment) \(locale): \(run)")
        }
        // JSON keeps the machine value whatever the locale.
        let json = await box.weft(
            arguments: ["resolve", "--format", "json", "{{__calendar_next_start_iso}}"] + Self.clock,
            environment: ["LANG": "de_DE.UTF-8"])
        #expect(json.stdout.contains("2023-02-03T16:00:00Z"), "\(json)")
    }

    /// A Fitbit daily export of ten days, `bad` of them with a step count that is not a number.
    static func stepsFile(_ box: Sandbox, bad: Int) throws -> String {
        var csv = "Id,ActivityDate,TotalSteps\n"
        for day in 1...10 { csv += "1,1/\(day)/2023,\(day <= bad ? "many" : String(4000 + day))\n" }
        let name = "bad\(bad).csv"
        try box.write(name, csv)
        return box.path(name)
    }

    @Test func stepImportAndCacheErrorsInTheReadersLanguage() async throws {
        let box = try Sandbox()
        let missing = await box.weft(
            arguments: ["steps", "import", box.path("missing.csv")] + Self.clock,
            environment: ["LANG": "de_DE.UTF-8"])
        #expect(missing.exitCode != 0, "\(missing)")
        #expect(missing.stderr.contains("missing.csv: Datei nicht lesbar: "), "\(missing)")
        // Czech's three forms, by the number of bad rows; the setting the user can change, as the command line
        // spells it.
        for (bad, words) in [
            (1, "1 z 10 řádků je chybný"), (3, "3 z 10 řádků jsou chybné"), (5, "5 z 10 řádků je chybných"),
        ] {
            let run = await box.weft(
                arguments: ["steps", "import", try Self.stepsFile(box, bad: bad)] + Self.clock,
                environment: ["LANG": "cs_CZ.UTF-8"])
            #expect(run.exitCode == 1, "\(run)")
            #expect(run.stderr.contains("bad\(bad).csv: \(words) (více než 1 %)"), "\(run)")
            #expect(run.stderr.contains("(--lenient naimportuje dobré řádky)"), "\(run)")
        }
        let german = await box.weft(
            arguments: ["steps", "import", try Self.stepsFile(box, bad: 3)] + Self.clock,
            environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.stderr.contains("bad3.csv: 3 von 10 Zeilen sind fehlerhaft (mehr als 1 %)"), "\(german)")
        // The cache's errors too.
        #expect(await box.weft("var", "set", "mood", "fine").exitCode == 0)
        let store = await box.weft(arguments: ["var", "incr", "mood"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(
            store.exitCode != 0
                && store.stderr == "weft: error: die Variable „mood“ enthält „fine“, was keine Zahl ist\n",
            "\(store)")
        // And a render setting that cannot be used.
        let vars = await box.weft(
            arguments: ["resolve", "--vars", box.path("none.json"), "{{x}}"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(vars.stderr == "weft: error: --vars \(box.path("none.json")): Datei nicht lesbar\n", "\(vars)")
        let english = await box.weft(arguments: ["steps", "import", try Self.stepsFile(box, bad: 1)] + Self.clock)
        #expect(english.stderr.contains("bad1.csv: 1 of 10 rows is bad (more than 1%)"), "\(english)")
    }

    /// `weft notify --dry-run` in German: an alarm's pre-alert with its countdown, a timer's end, a habit not done
    /// yet; and MET's gale warning `Bis Fr 15:00`.
    @Test func notificationsInTheReadersLanguage() async throws {
        let box = try Sandbox()
        let german = ["LANG": "de_DE.UTF-8"]
        let zone = ["--tz", "Europe/Berlin"]
        let start = "2026-11-30T05:00:00Z"
        for arguments in [
            ["alarm", "add", "07:00", "--label", "Wake", "--pre-alert", "10m"],
            ["timer", "start", "25m", "--label", "Tea", "--repeat", "2"],
        ] {
            let done = await box.weft(arguments: arguments + ["--now", start] + zone)
            #expect(done.exitCode == 0, "\(arguments): \(done)")
        }
        let window = ["--now", start, "--from", "now", "--until", "+2h"] + zone
        let run = await box.weft(arguments: ["notify", "--dry-run"] + window, environment: german)
        #expect(run.exitCode == 0, "\(run)")
        #expect(run.stdout.contains("Wake in 10 Min."), "\(run)")
        #expect(run.stdout.contains("Tea: Runde 1 von 2 fertig — Die Zeit ist um"), "\(run)")
        let czech = await box.weft(arguments: ["notify", "--dry-run"] + window, environment: ["LANG": "cs_CZ.UTF-8"])
        #expect(czech.stdout.contains("Wake za 10 min"), "\(czech)")

        let met = try WeatherAlertTests.MET()
        let coast = try met.sandbox()
        let oslo = ["--now", "2024-05-02T14:40:00Z"] + WeatherAlertTests.oslo
        #expect(await coast.weft(arguments: ["refresh"] + oslo).exitCode == 0)
        let alert = await coast.weft(
            arguments: ["notify", "--dry-run", "--from", "now", "--until", "+1h"] + oslo, environment: german)
        #expect(alert.stdout.contains("Kuling — Bis Fr 15:00 · Torungen - Oksøy · Kristiansand"), "\(alert)")
    }

    /// The board in Czech and German: alarm schedules with Czech's plural forms, the countdown's units, the empty
    /// cards' words; the login page in German.
    @Test func theBoardsOwnWordsInTheReadersLanguage() async throws {
        let box = try Sandbox()
        let zone = ["--tz", "Europe/Berlin"]
        let start = "2026-11-30T05:00:00Z"
        for arguments in [
            ["alarm", "add", "07:00", "--every", "2d", "--label", "Plants"],
            ["alarm", "add", "08:00", "--every", "5w", "--days", "tue", "--label", "Bins"],
            ["alarm", "add", "09:00", "--days", "mon-fri", "--label", "Work"],
        ] {
            let done = await box.weft(arguments: arguments + ["--now", start] + zone)
            #expect(done.exitCode == 0, "\(arguments): \(done)")
        }
        try box.provider("habits", "type = \"habits\"\ntimezone = \"Europe/Berlin\"\n")
        try box.provider("demo", shellProvider(#"printf '{}'"#))
        #expect(await box.weft(arguments: ["refresh", "--now", start] + zone).exitCode == 0)
        let czech = try await ServeTests.Server(box, ["--now", start] + zone, environment: ["LANG": "cs_CZ.UTF-8"])
        let board = await czech.request("/board")
        #expect(board.status == 200, "\(board)")
        for words in [
            "každé 2 dny od 2026-11-30 v 07:00", "každých 5 týdnů v út od 2026-12-01 v 08:00", "po–pá v 09:00",
            "za 1 h 00 min", "Zatím žádné návyky.", "Žádné hodnoty.",
        ] {
            #expect(board.body.contains(words), "\(words): \(board.body)")
        }

        try box.write("token", "3f9c2d7e1a8b4c6d9e0f1a2b3c4d5e6f\n")
        let german = try await ServeTests.Server(
            box, ["--token-file", box.path("token")], environment: ["LANG": "de_DE.UTF-8"])
        let login = await german.request("/login")
        #expect(login.body.contains("<html lang=\"de\">"), "\(login)")
        #expect(login.body.contains("<button type=\"submit\">Anmelden</button>"), "\(login)")
        #expect(login.body.contains("Beim Start hat <code>weft serve</code> einen Link ausgegeben"), "\(login)")
        let wrong = await german.request("/login?once=nothing")
        #expect(wrong.status == 401 && wrong.body.contains("Dieser Anmeldelink wurde schon benutzt"), "\(wrong)")
    }
}
