import Foundation
import Testing
import WeftTestSupport

/// The words in variables in each shipped language: the dashboard's cache (rain in 12 minutes, a stand-up at 09:00
/// New York, a review on Thursday) rendered by the built binary with `--locale` and with the environment's
/// language, and machine-readable values that stay the same in every language.
@Suite("languages", .serialized)
struct LanguageTests {
    static let template =
        "{{__calendar_header}}|{{__calendar_next_label}}|{{__calendar_next_countdown}}|{{__calendar_then_label}}"
        + "|{{__weather_day1_weekday}}|{{__weather_day2_weekday_short}}|{{__weather_nowcast}}"
        + "|{{__weather_rain_next_hour_summary}}|{{__weather_day2_condition}}"

    static let plurals = "{{one||relative}}|{{three||relative}}|{{five||relative}}|{{later||relative}}"

    static let expected: [String: String] = [
        "en": "Next Up|In 8 hr|8h|In 2 days|Wednesday|Thu|Rain in 12m|Rain in 12m · Moderate rain|Snow",
        "de":
            "Als Nächstes|In 8 Std.|8 Std.|In 2 Tagen|Mittwoch|Do|Regen in 12 Min.|Regen in 12 Min. · Mäßiger Regen|Schnee",
        "fr":
            "À suivre|Dans 8 h|8 h|Dans 2 jours|mercredi|jeu.|Pluie dans 12 min|Pluie dans 12 min · Pluie modérée|Neige",
        "es":
            "A continuación|En 8 h|8 h|En 2 días|miércoles|jue|Lluvia en 12 min|Lluvia en 12 min · Lluvia moderada|Nieve",
        "cs": "Následuje|Za 8 h|8 h|Za 2 dny|středa|čt|Déšť za 12 min|Déšť za 12 min · Mírný déšť|Sníh",
    ]

    /// `relative` of one, three and five minutes and two days ahead: Czech's three plural forms (1, 2–4, 5+).
    static let expectedPlurals: [String: String] = [
        "en": "in 1 minute|in 3 minutes|in 5 minutes|in 2 days",
        "de": "in 1 Minute|in 3 Minuten|in 5 Minuten|in 2 Tagen",
        "fr": "dans 1 minute|dans 3 minutes|dans 5 minutes|dans 2 jours",
        "es": "dentro de 1 minuto|dentro de 3 minutos|dentro de 5 minutos|dentro de 2 días",
        "cs": "za 1 minutu|za 3 minuty|za 5 minut|za 2 dny",
    ]

    static func varsFile(_ box: Sandbox) throws -> String {
        try box.write(
            "times.json",
            #"{"one": "2023-01-24T05:37:00Z", "three": "2023-01-24T05:39:00Z", "five": "2023-01-24T05:41:00Z", "later": "2023-01-26T05:36:00Z"}"#
        )
        return box.path("times.json")
    }

    @Test func theSameCacheInEveryShippedLanguage() async throws {
        let http = try TestHTTPServer()
        let box = try await DashboardTests.sandbox(http)
        let vars = try Self.varsFile(box)
        for (code, locale) in [("en", "en_US"), ("de", "de_DE"), ("fr", "fr_FR"), ("es", "es_ES"), ("cs", "cs_CZ")] {
            let words = await box.weft(
                arguments: ["resolve", "--locale", locale, Self.template] + DashboardTests.clock)
            #expect(words.exitCode == 0 && words.stdout == Self.expected[code].map { $0 + "\n" }, "\(code): \(words)")
            let plural = await box.weft(
                arguments: ["resolve", "--locale", locale, "--vars", vars, Self.plurals] + DashboardTests.clock)
            #expect(plural.stdout == Self.expectedPlurals[code].map { $0 + "\n" }, "\(code): \(plural)")
        }
    }

    /// Without `--locale`, the words follow LC_ALL, then LC_MESSAGES, then LANG (and LANGUAGE under a non-C locale);
    /// the C locale, and a language weft does not ship, read English.
    @Test func withoutLocaleTheEnvironmentChooses() async throws {
        let http = try TestHTTPServer()
        let box = try await DashboardTests.sandbox(http)
        let cases: [([String: String], String)] = [
            (["LANG": "de_DE.UTF-8"], "de"), (["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"], "fr"),
            (["LC_ALL": "cs_CZ.UTF-8", "LANG": "de_DE.UTF-8"], "cs"),
            (["LANG": "es_ES.UTF-8", "LANGUAGE": "pt:fr"], "fr"),
            (["LC_ALL": "C.UTF-8", "LANGUAGE": "de"], "en"), (["LANG": "pt_BR.UTF-8"], "en"), ([:], "en"),
        ]
        for (environment, code) in cases {
            let words = await box.weft(
                arguments: ["resolve", "{{__calendar_header}}|{{__weather_nowcast}}"] + DashboardTests.clock,
                environment: environment)
            let want = Self.expected[code].map { $0.split(separator: "|") }.map { "\($0[0])|\($0[6])\n" }
            #expect(words.stdout == want, "\(environment): \(words)")
        }
        // An explicit --locale wins over the environment.
        let explicit = await box.weft(
            arguments: ["resolve", "--locale", "es_ES", "{{__calendar_header}}"] + DashboardTests.clock,
            environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(explicit.stdout == "A continuación\n", "\(explicit)")
    }

    /// `--format json`, the `*_iso`, `*_minutes`, `*_unix` values and every number stay as they are in every language;
    /// only words change.
    @Test func machineReadableValuesNeverChangeWithTheLanguage() async throws {
        let http = try TestHTTPServer()
        let box = try await DashboardTests.sandbox(http)
        func vars(_ environment: [String: String], _ locale: [String]) async throws -> [String: String] {
            let run = await box.weft(
                arguments: ["vars", "--format", "json"] + locale + DashboardTests.clock, environment: environment)
            #expect(run.exitCode == 0, "\(run)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: String])
        }
        let english = try await vars([:], [])
        #expect(english.count > 100)
        for (environment, locale) in [(["LANG": "de_DE.UTF-8"], []), ([:], ["--locale", "cs_CZ"])] {
            let other = try await vars(environment, locale)
            #expect(Set(other.keys) == Set(english.keys), "\(environment) \(locale)")
            let changed = english.keys.filter { english[$0] != other[$0] }
            #expect(changed.contains("__weather_nowcast"), "the language took effect: \(changed)")
            let machine = [
                "_iso", "_minutes", "_min", "_unix", "_unixms", "_fraction", "_mm", "_count", "_c", "_f", "_date",
            ]
            for key in changed {
                #expect(!machine.contains { key.hasSuffix($0) }, "\(key): \(english[key] ?? "") → \(other[key] ?? "")")
                #expect(Double(english[key] ?? "") == nil, "\(key) is a number: \(english[key] ?? "")")
            }
            let json = await box.weft(
                arguments: ["resolve", "--format", "json"] + locale + ["{{__calendar_next_start_iso}}"]
                    + DashboardTests.clock, environment: environment)
            #expect(json.stdout.contains("2023-01-24T14:00:00Z"), "\(json)")
        }
    }

    /// The board in German, chosen by the server's environment, in a real Chromium (DashboardTests' script): the
    /// cards' words, the weather's days and details, the clock and the ages the page's script writes. With
    /// WEFT_DASHBOARD_SHOTS set, its 1280 px light view is kept as `dashboard-de.png` there (docs/ in the repository).
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: DashboardTests.chromium), "needs Debian's chromium"))
    func theDashboardInGermanInChromium() async throws {
        let http = try TestHTTPServer()
        let box = try await DashboardTests.sandbox(http)
        let german = ["LANG": "de_DE.UTF-8"]
        let server = try await ServeTests.Server(box, DashboardTests.clock, environment: german)
        let ticking = try await ServeTests.Server(box, ["--tz", "America/New_York"], environment: german)
        let shots = box.path("shots")
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        try box.write("cdp.py", DashboardTests.script)
        let run = await WeftProcess.run(
            [
                "python3", box.path("cdp.py"), DashboardTests.chromium, server.base + "/", shots, box.path("profile"),
                WeftProcess.binary, box.providers, box.cache, ticking.base + "/",
            ],
            timeout: .seconds(120))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
        let views = try #require(report["views"] as? [[String: Any]], "\(report)")
        let view = try #require(views.first { $0["name"] as? String == "1280-light" }, "\(report)")
        #expect((view["headline"] as? String)?.hasPrefix("Regen in 12 Min.") == true, "\(view)")
        #expect(view["clock"] as? String == "Di 24 Jan. · 00:36", "\(view)")
        #expect(
            view["ages"] as? [String]
                == [
                    "gerade eben", "gerade eben", "gerade eben", "gerade eben", "vor 6 Min.", "vor 5 Min.",
                    "gerade eben",
                ],
            "\(view)")
        let weather = try #require(view["weather"] as? [String: Any], "\(view)")
        #expect(weather["days"] as? [String] == ["Heute", "Mi", "Do", "Fr", "Sa", "So", "Mo"], "\(weather)")
        #expect(weather["details"] as? [String] == ["Sonnenaufgang", "Sonnenuntergang", "Wind", "UV"], "\(weather)")
        #expect((weather["hourLabels"] as? [String])?.first == "jetzt", "\(weather)")
        #expect(weather["alertText"] as? String == "avertissement de neige en vigueur bis 10:36", "\(weather)")
        #expect(report["alarmButtons"] as? [String] == ["Schlummern", "Beenden"], "\(report)")
        let page = await server.request("/")
        #expect(page.body.contains(#"<html lang="de">"#), "\(page.body.prefix(300))")
        for word in [
            "<h2>Schritte</h2>", "<h2>Gewohnheiten</h2>", "<h2>Wecker</h2>", "<h2>Timer</h2>", "Bester Tag",
            "<th>Serie</th>", ">klingelt<",
        ] {
            #expect(page.body.contains(word), "\(word)")
        }
        if let keep = ProcessInfo.processInfo.environment["WEFT_DASHBOARD_SHOTS"] {
            try? FileManager.default.removeItem(atPath: keep + "/dashboard-de.png")
            try FileManager.default.copyItem(atPath: shots + "/1280-light.png", toPath: keep + "/dashboard-de.png")
        }
        for child in [server.child, ticking.child] {
            child.send(SIGTERM)
            _ = child.ending(within: .seconds(15))
        }
    }

    /// `weft serve --locale` wins over the environment, and the English board stays as it was.
    @Test func theDashboardTakesServeLocale() async throws {
        let http = try TestHTTPServer()
        let box = try await DashboardTests.sandbox(http)
        let french = try await ServeTests.Server(
            box, DashboardTests.clock + ["--locale", "fr_FR"], environment: ["LANG": "de_DE.UTF-8"])
        let board = await french.request("/")
        #expect(board.body.contains(#"<html lang="fr">"#) && board.body.contains("Pluie dans 12 min"), "\(board.body)")
        #expect(board.body.contains("<h2>Pas</h2>") && board.body.contains("Lever du soleil"), "\(board.body)")
        let english = try await ServeTests.Server(box, DashboardTests.clock)
        let plain = await english.request("/")
        #expect(plain.body.contains(#"<html lang="en">"#) && plain.body.contains("Rain in 12m"), "\(plain.body)")
        #expect(plain.body.contains("<h2>Steps</h2>") && plain.body.contains("Sunrise"), "\(plain.body)")
        for child in [french.child, english.child] {
            child.send(SIGTERM)
            _ = child.ending(within: .seconds(15))
        }
    }
}
