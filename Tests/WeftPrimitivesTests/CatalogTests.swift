import Foundation
import Testing

@testable import WeftPrimitives

@Suite struct CatalogTests {
    static let czech = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"

        #: Sources/X.swift:1
        msgid "In {count} minute"
        msgid_plural "In {count} minutes"
        msgstr[0] "Za {count} minutu"
        msgstr[1] "Za {count} "
        "minuty"
        msgstr[2] "Za {count} minut"

        msgid "{name} at {time}"
        msgstr "v {time}: {name}"

        msgid "Untranslated"
        msgstr ""

        #, fuzzy
        msgid "Fuzzy"
        msgstr "Nejisté"

        msgctxt "menu"
        msgid "Open"
        msgstr "Otevřít"

        msgid "Quote \\"this\\""
        msgstr "Citát „toto“\\n"
        """

    var catalog: Catalog { Catalog(code: "cs", messages: CatalogMessages(po: Self.czech)) }

    @Test func czechHasThreePluralFormsFromItsOwnHeader() {
        #expect(catalog.plural("In {count} minute", "In {count} minutes", count: 1) == "Za 1 minutu")
        #expect(catalog.plural("In {count} minute", "In {count} minutes", count: 3) == "Za 3 minuty")
        #expect(catalog.plural("In {count} minute", "In {count} minutes", count: 5) == "Za 5 minut")
        #expect(catalog.plural("In {count} minute", "In {count} minutes", count: 0) == "Za 0 minut")
    }

    @Test func placeholdersMayBeReordered() {
        #expect(catalog.text("{name} at {time}", ["name": "Standup", "time": "09:30"]) == "v 09:30: Standup")
        #expect(catalog.text("Quote \"this\"") == "Citát „toto“\n")
    }

    @Test func aMissingEmptyFuzzyOrContextMessageFallsBackToEnglish() {
        #expect(catalog.text("Untranslated") == "Untranslated")
        #expect(catalog.text("Fuzzy") == "Fuzzy")
        #expect(catalog.text("Open") == "Open")
        #expect(catalog.text("Never seen {x}", ["x": "1"]) == "Never seen 1")
        #expect(catalog.plural("{count} day", "{count} days", count: 1) == "1 day")
        #expect(catalog.plural("{count} day", "{count} days", count: 2) == "2 days")
    }

    @Test func englishIsTheMsgidsThemselves() {
        #expect(Catalog.english.code == "en")
        #expect(Catalog.english.text("In {n} min", ["n": "12"]) == "In 12 min")
        #expect(Catalog.english.text("{unknown} stays") == "{unknown} stays")
        #expect(Catalog.english.plural("{count} hour", "{count} hours", count: 1) == "1 hour")
        #expect(Catalog.english.plural("{count} hour", "{count} hours", count: 0) == "0 hours")
    }

    @Test(arguments: [
        ("de_DE.UTF-8", "de"), ("de", "de"), ("fr_FR@euro", "fr"), ("cs_CZ.utf8", "cs"), ("es-ES", "es"),
        ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("", "en"), ("pt_BR.UTF-8", "en"), ("en_GB", "en"),
    ])
    func aLocaleNameGivesItsLanguage(locale: String, code: String) {
        #expect(Catalog.named(locale).code == code)
    }

    @Test func nilIsEnglish() {
        #expect(Catalog.named(nil).code == "en")
    }

    @Test func theEnvironmentInGNUOrder() {
        #expect(Catalog.fromEnvironment([:]).code == "en")
        #expect(Catalog.fromEnvironment(["LANG": "fr_FR.UTF-8"]).code == "fr")
        #expect(Catalog.fromEnvironment(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"]).code == "es")
        #expect(
            Catalog.fromEnvironment(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "de_DE.UTF-8"])
                .code == "de")
        #expect(Catalog.fromEnvironment(["LC_ALL": "", "LANG": "cs_CZ.UTF-8"]).code == "cs")
        // LANGUAGE refines a non-C locale with its first shipped language, and is ignored under C.
        #expect(Catalog.fromEnvironment(["LANG": "de_DE.UTF-8", "LANGUAGE": "pt:fr:de"]).code == "fr")
        #expect(Catalog.fromEnvironment(["LANG": "de_DE.UTF-8", "LANGUAGE": "en_GB:de"]).code == "en")
        #expect(Catalog.fromEnvironment(["LANG": "de_DE.UTF-8", "LANGUAGE": "pt"]).code == "de")
        #expect(Catalog.fromEnvironment(["LC_ALL": "C.UTF-8", "LANGUAGE": "fr"]).code == "en")
        #expect(Catalog.fromEnvironment(["LANGUAGE": "fr"]).code == "en")
        #expect(Catalog.fromEnvironment(["LANG": "en_US.UTF-8", "LANGUAGE": "fr"]).code == "fr")
    }

    @Test func anExplicitChoiceWinsOverTheEnvironment() {
        #expect(Catalog.chosen("es_ES", environment: ["LC_ALL": "de_DE.UTF-8"]).code == "es")
        #expect(Catalog.chosen(nil, environment: ["LC_ALL": "de_DE.UTF-8"]).code == "de")
        #expect(Catalog.chosen("", environment: ["LANG": "cs_CZ.UTF-8"]).code == "cs")
    }

    @Test func everyShippedLanguageHasACatalogAndAPluralRule() {
        #expect(Catalog.shippedCodes == ["en", "cs", "de", "es", "fr"])
        for code in ShippedCatalogs.codes {
            let messages = ShippedCatalogs.messages(code)
            #expect(messages != nil, "\(code)")
            #expect((messages?.rule.count ?? 0) >= 2, "\(code)")
        }
        #expect(ShippedCatalogs.messages("cs")?.rule.form(for: 3) == 1)
        #expect(ShippedCatalogs.messages("fr")?.rule.form(for: 0) == 0)
        #expect(ShippedCatalogs.messages("de")?.rule.form(for: 0) == 1)
    }
}

@Suite struct PluralRuleTests {
    static func rule(_ forms: Int, _ expression: String) -> PluralRule? {
        PluralRule(header: "Plural-Forms: nplurals=\(forms); plural=\(expression);\n")
    }

    @Test func gettextsPublishedRules() throws {
        // From the gettext manual's "Plural forms" section.
        let polish = try #require(
            Self.rule(3, "n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"))
        #expect([1, 2, 4, 5, 12, 22, 25, 112, 122].map(polish.form) == [0, 1, 1, 2, 2, 1, 2, 2, 1])
        let russian = try #require(
            Self.rule(3, "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"))
        #expect([1, 11, 21, 2, 14, 24, 5].map(russian.form) == [0, 2, 0, 1, 2, 1, 2])
        let slovenian = try #require(Self.rule(4, "n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3"))
        #expect([1, 2, 3, 4, 5, 101, 102].map(slovenian.form) == [0, 1, 2, 2, 3, 0, 1])
        let japanese = try #require(Self.rule(1, "0"))
        #expect(japanese.form(for: 7) == 0)
        let french = try #require(Self.rule(2, "(n > 1)"))
        #expect([0, 1, 2].map(french.form) == [0, 0, 1])
        let notted = try #require(Self.rule(2, "!(n == 1)"))
        #expect([1, 2].map(notted.form) == [0, 1])
    }

    @Test func aBrokenOrHostileExpressionIsRefused() {
        #expect(Self.rule(2, "n ==") == nil)
        #expect(Self.rule(2, "(n != 1") == nil)
        #expect(Self.rule(2, "n = 1") == nil)
        #expect(Self.rule(2, "x != 1") == nil)
        #expect(Self.rule(2, String(repeating: "(", count: 200) + "n" + String(repeating: ")", count: 200)) == nil)
        #expect(PluralRule(header: "Content-Type: text/plain\n") == nil)
    }

    @Test func divisionByZeroAndOutOfRangeFormsStayInRange() throws {
        let rule = try #require(Self.rule(2, "n / 0 + n % 0 + 7"))
        #expect(rule.form(for: 5) == 0)
        #expect(try #require(Self.rule(2, "n != 1")).form(for: -1) == 0)
    }
}

/// The catalogs in po/ against the code: every msgid in weft.pot and translated in every language, nothing stale,
/// the embedded Swift source up to date, and gettext's own check passing.
@Suite struct CatalogFilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = repository
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static var languages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("po").path)) ?? [])
            .filter { $0.hasSuffix(".po") }.sorted()
    }

    @Test func theCatalogsAreCompleteAndTheEmbeddedSourceIsUpToDate() throws {
        let result = try Self.run(["python3", "scripts/gen-catalogs.py", "check"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func msgfmtChecksEveryCatalog() throws {
        #expect(Self.languages == ["cs.po", "de.po", "es.po", "fr.po"])
        for file in Self.languages {
            let result = try Self.run(["msgfmt", "--check", "--output-file=/dev/null", "po/" + file])
            #expect(result.status == 0 && result.output.isEmpty, "\(file): \(result.output)")
        }
    }

    /// weft's reading of each shipped catalog is GNU gettext's: msgfmt compiles it, Python's `gettext` module reads
    /// the `.mo`, and every translation (each plural form too) is the one `CatalogMessages` parsed from the `.po`.
    @Test func eachCatalogReadsAsGettextReadsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-mo-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = """
            import gettext, json, sys
            t = gettext.GNUTranslations(open(sys.argv[1], "rb"))
            out = {}
            for key, value in t._catalog.items():
                if key == "": continue
                if isinstance(key, tuple): out.setdefault(key[0], {})[str(key[1])] = value
                else: out[key] = value
            print(json.dumps(out))
            """
        for file in Self.languages {
            let code = String(file.dropLast(3))
            let mo = folder.appendingPathComponent(code + ".mo").path
            let compiled = try Self.run(["msgfmt", "--output-file=" + mo, "po/" + file])
            #expect(compiled.status == 0, "\(file): \(compiled.output)")
            let read = try Self.run(["python3", "-c", dump, mo])
            let gettext = try #require(
                try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any], "\(read.output)")
            let po = try String(contentsOf: Self.repository.appendingPathComponent("po/" + file), encoding: .utf8)
            let ours = CatalogMessages(po: po)
            var expected: [String: String] = [:]
            var expectedPlural: [String: [String]] = [:]
            for (key, value) in gettext {
                if let forms = value as? [String: String] {
                    expectedPlural[key] = (0..<forms.count).map { forms[String($0)] ?? "" }
                } else if let text = value as? String {
                    expected[key] = text
                }
            }
            #expect(ours.singular.filter { !$0.value.isEmpty } == expected, "\(file)")
            #expect(ours.plural == expectedPlural, "\(file)")
            #expect(expected.count > 100, "\(file): \(expected.count) messages")
        }
    }

    /// The checker itself: it finds a msgid the code uses that po/ lacks.
    @Test func theCheckerFindsAMissingMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-probe-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = "func probe(_ catalog: Catalog) -> String { catalog.text(\"A probe only\") }\n"
        try source.write(to: folder.appendingPathComponent("Probe.swift"), atomically: true, encoding: .utf8)
        let result = try Self.run(["python3", "scripts/gen-catalogs.py", "check", folder.path])
        #expect(result.status == 1)
        #expect(result.output.contains("po/weft.pot lacks 'A probe only'"))
        #expect(result.output.contains("po/de.po lacks 'A probe only'"))
    }
}
