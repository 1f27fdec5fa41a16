import Foundation
import Testing

/// The CLI's reading output and its errors in the reader's language (LC_ALL/LC_MESSAGES/LANG, or `--locale` where a
/// command has it), through the built binary; exit statuses and machine output never change with the language.
@Suite("CLI language")
struct CLILanguageTests {
    static let clock = ["--now", "2026-03-10T19:00:00Z", "--tz", "Europe/Berlin"]

    /// Each shipped language, its locale, and how it says the unknown key `bogus` of a steps provider file.
    static let unknownKey: [(locale: String, words: String)] = [
        ("C.UTF-8", "unknown key \"bogus\"; this provider type knows: "),
        ("de_DE.UTF-8", "unbekannter Schlüssel „bogus“; dieser Anbietertyp kennt: "),
        ("fr_FR.UTF-8", "clé inconnue « bogus » ; ce type de fournisseur connaît : "),
        ("es_ES.UTF-8", "clave desconocida «bogus»; este tipo de proveedor admite: "),
        ("cs_CZ.UTF-8", "neznámý klíč „bogus“; tento typ poskytovatele zná: "),
    ]

    /// Apple Health CSV rows of `count` walks on 10 March, local times in Berlin.
    static func export(rows count: Int) -> String {
        var text = "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"
        for index in 0..<count {
            let start = String(format: "2026-03-10 %02d:00:00 +0100", 8 + index)
            let end = String(format: "2026-03-10 %02d:20:00 +0100", 8 + index)
            text +=
                "\"iPhone\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\",\"\(end)\",\"\(start)\","
                + "\"\(end)\",\"1000\"\n"
        }
        return text
    }

    @Test func aBrokenProviderFileIsSaidInEachLanguageWithTheSameExitStatus() async throws {
        let box = try Sandbox()
        try box.provider("steps", "type = \"steps\"\nbogus = 1\n")
        for (locale, words) in Self.unknownKey {
            let environment = ["LC_ALL": locale]
            // `weft check` lists the problem on stdout; `weft steps days` ends with it as `weft: error: …`.
            let check = await box.weft("check", environment: environment)
            #expect(check.exitCode == 2, "\(locale): \(check)")
            #expect(check.stdout.contains("steps.toml:2: " + words), "\(locale): \(check)")
            let days = await box.weft("steps", "days", environment: environment)
            #expect(days.exitCode == 1, "\(locale): \(days)")
            #expect(days.stderr.hasPrefix("weft: error: "), "\(locale): \(days)")
            #expect(days.stderr.contains(words), "\(locale): \(days)")
        }
        let german = await box.weft("steps", "days", environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(german.stderr.hasSuffix("; `weft check` listet alle Probleme auf\n"), "\(german)")
    }

    @Test func aMissingFileIsSaidInEachLanguageWithTheSameExitStatus() async throws {
        let box = try Sandbox()
        let missing = box.path("missing.json")
        let expected = [
            // The system's reason stays the system's (English) words.
            ("C.UTF-8", "weft: error: cannot read \(missing): no such file or directory\n"),
            ("de_DE.UTF-8", "weft: error: \(missing) kann nicht gelesen werden: no such file or directory\n"),
            ("fr_FR.UTF-8", "weft: error: impossible de lire \(missing) : no such file or directory\n"),
            ("es_ES.UTF-8", "weft: error: no se puede leer \(missing): no such file or directory\n"),
            ("cs_CZ.UTF-8", "weft: error: nelze přečíst \(missing): no such file or directory\n"),
        ]
        for (locale, line) in expected {
            let result = await box.weft("restore", missing, environment: ["LC_ALL": locale])
            #expect(result.exitCode == 1, "\(locale): \(result)")
            #expect(result.stderr == line, "\(locale): \(result)")
        }
    }

    @Test func theEnvironmentIsReadAsGettextReadsIt() async throws {
        let box = try Sandbox()
        let missing = box.path("missing.json")
        let german = "weft: error: \(missing) kann nicht gelesen werden: no such file or directory\n"
        let english = "weft: error: cannot read \(missing): no such file or directory\n"
        // LC_ALL wins over LC_MESSAGES, which wins over LANG; a language weft does not ship reads English.
        let cases: [([String: String], String)] = [
            (["LANG": "de_DE.UTF-8"], german),
            (["LC_MESSAGES": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"], german),
            (["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"], german),
            (["LC_ALL": "C", "LANG": "de_DE.UTF-8"], english),
            (["LC_ALL": "ja_JP.UTF-8"], english),
        ]
        for (environment, line) in cases {
            let result = await box.weft("restore", missing, environment: environment)
            #expect(result.stderr == line, "\(environment): \(result)")
        }
    }

    @Test func localeOnTheCommandLineWinsOverTheEnvironment() async throws {
        let box = try Sandbox()
        let result = await box.weft(
            "resolve", "{{__steps_today}}", "--locale", "de_DE", environment: ["LC_ALL": "fr_FR.UTF-8"])
        #expect(
            result.stderr.contains("weft: __steps_today liefert niemand: in \(box.providers) gibt es keine "),
            "\(result)")
        #expect(result.stderr.contains("zum Einstieg `weft init`"), "\(result)")
    }

    @Test func statusReadsInGerman() async throws {
        let box = try Sandbox()
        try box.write("a.csv", Self.export(rows: 2))
        let imported = await box.weft(arguments: ["steps", "import", box.path("a.csv")] + Self.clock)
        #expect(imported.exitCode == 0, "\(imported)")
        let later = ["--now", "2026-03-13T19:00:00Z", "--tz", "Europe/Berlin"]
        let german = await box.weft(arguments: ["status"] + later, environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(german.exitCode == 0, "\(german)")
        #expect(
            german.stdout
                == "steps (steps): aktualisiert 2026-03-10 20:00 (3 Tage alt), jetzt fällig, nicht mehr eingerichtet "
                + "[veraltet]\n", "\(german)")
        let english = await box.weft(arguments: ["status"] + later)
        #expect(
            english.stdout
                == "steps (steps): updated 2026-03-10 20:00 (3 days ago), due now, no longer configured [stale]\n",
            "\(english)")
        let empty = try Sandbox()
        let none = await empty.weft("status", environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(none.stdout.hasPrefix("keine Anbieter in \(empty.providers)\nzum Einstieg `weft init`"), "\(none)")
    }

    @Test func czechCountsRowsInThreeForms() async throws {
        let forms = [
            (1, "importován 1 řádek z 1 souboru do steps: 1 den, dnes 1000 kroků\n"),
            (3, "importovány 3 řádky z 1 souboru do steps: 1 den, dnes 3000 kroků\n"),
            (5, "importováno 5 řádků z 1 souboru do steps: 1 den, dnes 5000 kroků\n"),
        ]
        for (rows, line) in forms {
            let box = try Sandbox()
            try box.write("a.csv", Self.export(rows: rows))
            let result = await box.weft(
                arguments: ["steps", "import", box.path("a.csv")] + Self.clock, environment: ["LC_ALL": "cs_CZ.UTF-8"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stderr == line, "\(rows) rows: \(result)")
        }
    }

    @Test func checkSummariesCountInTheReadersLanguage() async throws {
        let box = try Sandbox()
        try box.provider("steps", "type = \"steps\"\nbogus = 1\nother = 2\n")
        try box.provider("habits", "type = \"habits\"\n")
        let czech = await box.weft("check", environment: ["LC_ALL": "cs_CZ.UTF-8"])
        #expect(czech.exitCode == 2, "\(czech)")
        #expect(czech.stderr.contains("2 problémy v 1 z 2 souborů poskytovatelů v \(box.providers)"), "\(czech)")
        let spanish = await box.weft("check", environment: ["LC_ALL": "es_ES.UTF-8"])
        #expect(
            spanish.stderr.contains("2 problemas en 1 de 2 archivos de proveedor en \(box.providers)"), "\(spanish)")
    }

    @Test func machineOutputIsTheSameInEveryLanguage() async throws {
        let box = try Sandbox()
        try box.write("a.csv", Self.export(rows: 3))
        #expect(await box.weft(arguments: ["steps", "import", box.path("a.csv")] + Self.clock).exitCode == 0)
        try box.provider("broken", "type = \"steps\"\nbogus = 1\n")
        let commands = [
            ["status", "--json"] + Self.clock, ["check", "--json"], ["steps", "days", "--json", "--instance", "steps"],
            ["vars", "--prefix", "__steps_today", "--format", "json"] + Self.clock,
        ]
        for command in commands {
            let english = await box.weft(arguments: command)
            #expect(!english.stdout.isEmpty, "\(command): \(english)")
            for locale in ["de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8", "cs_CZ.UTF-8"] {
                let other = await box.weft(arguments: command, environment: ["LC_ALL": locale])
                #expect(other.stdout == english.stdout, "\(command) in \(locale)")
                #expect(other.exitCode == english.exitCode, "\(command) in \(locale)")
            }
        }
    }

    @Test func timerLinesReadInGerman() async throws {
        let box = try Sandbox()
        let german = ["LC_ALL": "de_DE.UTF-8"]
        let start = await box.weft(
            arguments: ["timer", "start", "25m", "--label", "Tee", "--repeat", "2"] + Self.clock, environment: german)
        #expect(start.exitCode == 0, "\(start)")
        #expect(start.stdout.hasPrefix("Tee ("), "\(start)")
        #expect(start.stdout.hasSuffix("): noch 25:00, Runde 1/2, läuft bis 20:25\n"), "\(start)")
        let later = ["--now", "2026-03-10T19:05:00Z", "--tz", "Europe/Berlin"]
        let list = await box.weft(arguments: ["timer", "list"] + later, environment: ["LC_ALL": "fr_FR.UTF-8"])
        #expect(list.stdout.hasSuffix(") : il reste 20:00, tour 1/2, en cours jusqu’à 20:25\n"), "\(list)")
        let stop = await box.weft(arguments: ["timer", "stop"] + later, environment: german)
        #expect(stop.stdout == "Tee: gestoppt\n", "\(stop)")
        let none = await box.weft(arguments: ["timer", "list"] + later, environment: ["LC_ALL": "cs_CZ.UTF-8"])
        #expect(none.stdout == "žádné časovače; `weft timer start 25m` jeden spustí\n", "\(none)")
    }

    @Test func habitLinesReadInTheReadersLanguage() async throws {
        let box = try Sandbox()
        let add = await box.weft(
            arguments: ["habit", "add", "Lesen"] + Self.clock, environment: ["LC_ALL": "cs_CZ.UTF-8"])
        #expect(add.stdout == "Lesen: přidán (lesen), plán: každý den; 1 návyk\n", "\(add)")
        let done = await box.weft(
            arguments: ["habit", "done", "Lesen"] + Self.clock, environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(done.stdout == "Lesen: erledigt am 2026-03-10, Serie 1\n", "\(done)")
        let list = await box.weft(arguments: ["habit", "list"] + Self.clock, environment: ["LC_ALL": "fr_FR.UTF-8"])
        #expect(list.stdout == "       LMMJVSD\nLesen   ✓       série 1  7 j 100%  30 j 100%\n", "\(list)")
        let undo = await box.weft(
            arguments: ["habit", "undo", "Lesen"] + Self.clock, environment: ["LC_ALL": "es_ES.UTF-8"])
        #expect(undo.stdout == "Lesen: no hecho el 2026-03-10, racha 0\n", "\(undo)")
    }

    @Test func refreshLinesReadInGerman() async throws {
        let box = try Sandbox()
        try box.write("walks.csv", Self.export(rows: 2))
        try box.provider("walk", "type = \"steps\"\nfiles = [\"\(box.path("walks.csv"))\"]\n")
        let german = ["LC_ALL": "de_DE.UTF-8"]
        let first = await box.weft(arguments: ["refresh"] + Self.clock, environment: german)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr == "walk: in Ordnung, fällig, wenn sich seine Dateien ändern\n", "\(first)")
        let again = await box.weft(arguments: ["refresh"] + Self.clock, environment: german)
        #expect(again.stderr == "walk: unverändert, fällig, wenn sich seine Dateien ändern\n", "\(again)")
        try box.provider("walk", "type = \"steps\"\nbogus = 1\n")
        let invalid = await box.weft(arguments: ["refresh"] + Self.clock, environment: german)
        #expect(invalid.exitCode == 2, "\(invalid)")
        #expect(invalid.stderr.contains("walk: ungültige Anbieterdatei, übersprungen: "), "\(invalid)")
    }
}
