import Foundation
import Testing
import WeftCore
import WeftProviders
import WeftStore
import WeftTestSupport

@testable import WeftRender

/// Sessions over a sandbox whose `--vars` file holds `values`, at the pinned now, in UTC.
struct SessionMaker {
    let space: TemporaryHome

    init() throws { space = try TemporaryHome() }

    func builder(_ values: [String: String] = [:]) throws -> RenderSessionBuilder {
        let vars = space.root + "/vars.json"
        try JSONSerialization.data(withJSONObject: values).write(to: URL(fileURLWithPath: vars))
        var settings = RenderSettings()
        settings.now = "2026-03-10T09:30:00Z"
        settings.timeZone = "UTC"
        settings.cacheDirectory = space.cache
        settings.providersDirectory = space.providers
        settings.varsFile = vars
        return try RenderSessionBuilder(
            settings: settings, registry: BuiltinProviders.registry, environment: ["HOME": "/nonexistent"])
    }

    func session(_ values: [String: String] = [:]) throws -> RenderSession { try builder(values).open() }

    /// Stores a `command` snapshot of `instance` whose validity ended `staleFor` seconds before now (negative: still
    /// valid), with its last refresh failed when `failure` is given, or ok with `warnings`.
    func provider(
        _ instance: String, values: String, staleFor: TimeInterval = -60, failure: String? = nil,
        warnings: [String] = []
    ) throws {
        let store = try CacheStore.openForWriting(directory: space.cache)
        let prefix = "__\(instance)_"
        let snapshot = Snapshot(
            instance: instance, kind: "command", prefix: prefix, schemaVersion: 1, fetchedAt: pinnedNow - 600,
            validUntil: pinnedNow - staleFor, payload: Data(#"{"values":\#(values)}"#.utf8))
        try store.recordSuccess(
            instance: instance, prefix: prefix, outcome: RefreshOutcome(.updated(snapshot), problems: warnings),
            at: snapshot.fetchedAt)
        if let failure {
            try store.recordFailure(
                RefreshAttempt(
                    instance: instance, prefix: prefix, attemptedAt: pinnedNow - 30, outcome: .failed, error: failure))
        }
    }
}

/// What `--format` prints for one rendering, and the health a status bar colours by.
@Suite struct StatusLineTests {
    func health(errors: [String: String] = [:], stale: Set<String> = [], warnings: [String: String] = [:])
        -> RenderHealth
    {
        var health = RenderHealth()
        health.errors = errors
        health.stale = stale
        health.warnings = warnings
        health.read = stale.union(errors.keys).union(warnings.keys)
        return health
    }

    @Test func theFormatsAreTheOptionsValues() {
        #expect(OutputFormat.allCases.map(\.rawValue) == ["plain", "waybar", "i3bar", "json"])
        #expect(OutputFormat(rawValue: "i3blocks") == nil)
    }

    @Test func plainIsOneLine() {
        // Lines trimmed and blank ones dropped, joined as weft joins lists (issue 30: a multi-line LOCATION).
        #expect(StatusLine(text: "a\nb\n\n  c ").formatted(.plain) == "a · b · c")
        #expect(
            StatusLine(text: "a\nb", tooltip: "a\nb").formatted(.waybar)
                == #"{"class":[],"text":"a · b","tooltip":"a\nb"}"#)
    }

    @Test func waybarEscapesPangoUnlessTheTemplatesWriteMarkup() {
        var line = StatusLine(
            text: "R&D <sync>", tooltip: "<b>3</b> & more",
            health: health(errors: ["cal": "cannot read <team.ics>"]))
        line.alt = "busy"
        #expect(
            line.formatted(.waybar)
                == #"{"alt":"busy","class":["error"],"text":"R&amp;D &lt;sync&gt;","tooltip":"&lt;b&gt;3&lt;/b&gt; &amp; more\ncal: cannot read &lt;team.ics&gt;"}"#
        )
        // Markup the user wrote stays; a provider's problem is text, escaped whatever `--markup` says.
        #expect(
            line.formatted(.waybar, markup: true)
                == #"{"alt":"busy","class":["error"],"text":"R&D <sync>","tooltip":"<b>3</b> & more\ncal: cannot read &lt;team.ics&gt;"}"#
        )
        #expect(StatusLine.escapePango("plain text") == "plain text")
    }

    @Test func waybarClassesGoWarningStaleErrorThenTheRulesOnce() {
        var line = StatusLine(
            text: "t", percentage: 62,
            health: health(errors: ["a": "down"], stale: ["b"], warnings: ["c": "2 skipped"]))
        line.classes = ["error", "hot"]
        #expect(
            line.formatted(.waybar)
                == #"{"class":["warning","stale","error","hot"],"percentage":62,"text":"t","tooltip":"a: down\nb: stale (not refreshed in time)\nc: warning: 2 skipped"}"#
        )
        #expect(line.isStale && line.hasErrors && line.hasWarnings)
        let quiet = StatusLine(text: "t")
        #expect(quiet.formatted(.waybar) == #"{"class":[],"text":"t"}"#)
        #expect(!quiet.isStale && !quiet.hasErrors && !quiet.hasWarnings)
    }

    @Test func jsonCarriesTheTextAndTheHealthForScripts() {
        let line = StatusLine(text: "a\nb/c", health: health(errors: ["up": "x"], stale: ["up"]))
        #expect(
            line.formatted(.json) == #"{"errors":{"up":"x"},"stale":true,"text":"a\nb/c","warnings":{}}"#)
    }

    /// Every field a line carries is cut at the output limit; Waybar's escaped text never ends in half an entity.
    @Test func everyFieldIsCutAtTheOutputLimit() throws {
        let error = String(repeating: "<&>", count: 1_000)
        let line = StatusLine(
            text: "t", tooltip: String(repeating: "&", count: 500), health: health(errors: ["up": error]),
            outputLimit: 100)
        for format in [OutputFormat.waybar, .json] {
            let text = line.formatted(format)
            #expect(text.utf8.count < 400, "\(format): \(text)")
        }
        let object = try JSONSerialization.jsonObject(with: Data(line.formatted(.waybar).utf8)) as? [String: Any]
        let tooltip = try #require(object?["tooltip"] as? String)
        #expect(tooltip.hasSuffix("&amp;…"), "\(tooltip)")
        let json = try JSONSerialization.jsonObject(with: Data(line.formatted(.json).utf8)) as? [String: Any]
        #expect((json?["errors"] as? [String: String])?["up"]?.utf8.count ?? 0 <= 100)
    }

    /// Only escaped fields guard their entities: an `&` in a plain field (JSON errors, a class) is a character.
    @Test func aPlainFieldWithAnAmpersandIsCutAtTheLimitNotAtTheAmpersand() throws {
        let error = "R&D calendar: " + String(repeating: "x", count: 500)
        let line = StatusLine(text: "t", health: health(errors: ["up": error]), outputLimit: 100)
        let json = try JSONSerialization.jsonObject(with: Data(line.formatted(.json).utf8)) as? [String: Any]
        let cut = try #require((json?["errors"] as? [String: String])?["up"])
        #expect(cut.hasPrefix("R&D calendar: xxx") && cut.hasSuffix("…") && cut.utf8.count <= 100, "\(cut)")
    }

    @Test func problemLinesShowEachInstanceOnceWorstFirstByName() {
        let health = health(
            errors: ["b": "timed out"], stale: ["a", "b"], warnings: ["a": "ignored", "c": "2 skipped"])
        #expect(
            health.problemLines == [
                "a: stale (not refreshed in time)", "b: timed out", "c: warning: 2 skipped",
            ])
    }

    @Test func aProvidersHealthCountsByItsState() {
        var health = RenderHealth()
        let now = pinnedNow
        health.add(ProviderHealth(instance: "ok", prefix: "__ok_", validUntil: now + 60), now: now)
        health.add(ProviderHealth(instance: "old", prefix: "__old_", validUntil: now), now: now)
        health.add(
            ProviderHealth(instance: "bad", prefix: "__bad_", configError: "no such key", validUntil: now + 60),
            now: now)
        health.add(
            ProviderHealth(instance: "meh", prefix: "__meh_", warnings: ["a.ics: skipped"], validUntil: now + 60),
            now: now)
        // A provider that never had data has nothing old to show.
        health.add(ProviderHealth(instance: "new", prefix: "__new_"), now: now)
        #expect(health.stale == ["old"], "valid until now is stale now")
        #expect(health.errors == ["bad": "no such key"])
        #expect(health.warnings == ["meh": "a.ics: skipped"])
    }

    @Test func aPercentageIsAWholeNumberFromZeroToAHundred() {
        #expect(RenderSession.percent("62") == .value(62))
        #expect(RenderSession.percent(" 61.6 ") == .value(62))
        #expect(RenderSession.percent("62%") == .value(62))
        #expect(RenderSession.percent("0") == .value(0))
        #expect(RenderSession.percent("100") == .value(100))
        // Out of range is the template's mistake: said, not clamped away.
        #expect(RenderSession.percent("150") == .invalid("150"))
        #expect(RenderSession.percent("100.4") == .invalid("100.4"))
        #expect(RenderSession.percent("-3") == .invalid("-3"))
        #expect(RenderSession.percent("") == .absent)
        #expect(RenderSession.percent("  ") == .absent)
        #expect(RenderSession.percent("lots") == .invalid("lots"))
        #expect(RenderSession.percent("nan") == .invalid("nan"))
        #expect(RenderSession.percent("inf") == .invalid("inf"))
    }

    @Test func aSessionsLineHasItsTooltipPercentageAndTheHealthOfWhatItRead() throws {
        let maker = try SessionMaker()
        try maker.provider("fresh", values: #"{"v":"1"}"#)
        try maker.provider("old", values: #"{"v":"2"}"#, staleFor: 60)
        try maker.provider("down", values: #"{"v":"3"}"#, failure: "timed out")
        let session = try maker.session(["pct": "42.4"])
        let line = session.statusLine("{{__fresh_v}}", tooltip: "{{__old_v}}", percentage: "{{pct}}%")
        #expect(line.text == "1" && line.tooltip == "2" && line.percentage == 42)
        #expect(line.health.read == ["fresh", "old"])
        #expect(line.isStale && !line.hasErrors)
        // Each line counts only what it read.
        let next = session.statusLine("{{__down_v}}")
        #expect(next.health.read == ["down"] && next.hasErrors && !next.isStale)
        #expect(next.health.errors == ["down": "timed out"])
    }
}

/// `weft bar`'s blocks: colour and urgency templates, i3bar's layout keys, the stale grey and the click events.
@Suite struct I3BarTests {
    func block(
        _ name: String, _ template: String, color: String? = nil, urgent: String? = nil,
        minWidth: BarFile.MinWidth? = nil
    ) -> BarFile.Block {
        BarFile.Block(
            name: name, template: template, color: color, urgent: urgent, minWidth: minWidth, align: nil,
            separator: nil, separatorBlockWidth: nil, interval: nil, actions: [:], line: 1)
    }

    @Test func blocksRenderTheirColourUrgencyAndLayout() throws {
        let session = try SessionMaker().session(["hot": "1", "cold": "0", "shade": " #ff0000 ", "temp": "31"])
        var laid = block("t", "{{temp}}°", color: "{{shade}}", urgent: "{{hot}}", minWidth: .text("00°"))
        laid.align = "right"
        laid.separator = false
        laid.separatorBlockWidth = 12
        let bar = I3Bar(blocks: [
            laid,
            block("u", "calm", color: "{{missing|}}", urgent: "{{cold}}", minWidth: .pixels(40)),
        ])
        #expect(
            bar.render(session)
                == ##"[{"align":"right","color":"#ff0000","full_text":"31°","min_width":"00°","name":"t","separator":false,"separator_block_width":12,"urgent":true},{"full_text":"calm","min_width":40,"name":"u"}]"##
        )
        #expect(bar.templates == ["{{temp}}°", "{{shade}}", "{{hot}}", "calm", "{{missing|}}", "{{cold}}"])
    }

    @Test func aStaleBlockIsGreyAndAFailingOneUrgentWhateverTheTemplatesSay() throws {
        let maker = try SessionMaker()
        try maker.provider("old", values: #"{"v":"2"}"#, staleFor: 60)
        try maker.provider("down", values: #"{"v":"3"}"#, failure: "timed out")
        let session = try maker.session()
        let bar = I3Bar(blocks: [
            block("old", "{{__old_v}}", color: "#00ff00"), block("down", "{{__down_v}}", urgent: "0"),
        ])
        #expect(
            bar.render(session)
                == ##"[{"color":"#999999","full_text":"2","name":"old"},{"full_text":"3","name":"down","urgent":true}]"##
        )
    }

    @Test func theHeaderAsksForClickEvents() throws {
        let header = try #require(
            JSONSerialization.jsonObject(with: Data(I3Bar.header.utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 1 && header["click_events"] as? Bool == true)
        #expect(header["stop_signal"] as? Int32 == SIGSTOP && header["cont_signal"] as? Int32 == SIGCONT)
    }

    @Test func clicksAreReadWhateverTheArraysPunctuation() {
        #expect(
            I3Bar.click(from: #"  ,{"name":"cal","button":3,"modifiers":["Shift"]}"#)
                == I3Bar.Click(name: "cal", button: .right, modifiers: ["Shift"]))
        #expect(I3Bar.click(from: #"[{"name":"cal","button":5}"#) == I3Bar.Click(name: "cal", button: .scrollDown))
        #expect(I3Bar.click(from: #"{"button":1}"#) == nil, "no name")
        #expect(I3Bar.click(from: #"{"name":"cal"}"#) == nil, "no button")
        #expect(I3Bar.click(from: #"{"name":"cal","button":"1"}"#) == nil, "a button is a number")
        #expect(I3Bar.click(from: "{not json") == nil)
        #expect(I3Bar.click(from: "]") == nil)
    }

    @Test func aClicksNumbersAreKeptOnlyWhenWholeAndWithinAScreen() throws {
        let click = try #require(
            I3Bar.click(
                from:
                    #"{"name":"n","instance":"i","button":9,"x":-20,"y":1e7,"relative_x":2.5,"width":"w","height":30,"#
                    + #""modifiers":["Mod4","a b",""]}"#))
        #expect(click.button == .forward && click.instance == "i" && click.modifiers == ["Mod4"])
        #expect(click.numbers == ["x": -20, "height": 30])
        #expect(click.environment["y"] == "" && click.environment["x"] == "-20" && click.environment["button"] == "9")
    }
}

/// `--class NAME=CONDITION`.
@Suite struct ClassRuleTests {
    @Test func rulesParseAComparisonOrATemplate() throws {
        let hot = try #require(ClassRule(parsing: " hot = __Weather_Temp >= 30.5 "))
        #expect(hot.name == "hot")
        #expect(hot.condition == .compare(key: "__weather_temp", operation: .atLeast, number: 30.5))
        // The longest operator is the one meant.
        #expect(ClassRule(parsing: "a=x<=5")?.condition == .compare(key: "x", operation: .atMost, number: 5))
        #expect(ClassRule(parsing: "a=x!=0")?.condition == .compare(key: "x", operation: .notEqual, number: 0))
        #expect(
            ClassRule(parsing: "wet = __weather_rain_start_min != -1.5")?.condition
                == .compare(key: "__weather_rain_start_min", operation: .notEqual, number: -1.5))
        #expect(ClassRule(parsing: "busy-now={{__calendar_busy}}")?.condition == .template("{{__calendar_busy}}"))
        for bad in [
            "x>1", "=x>1", "bad name=x>1", "a=x", "a=x>many", "a=x>inf", "a=x>1e999", "a=>1", "a=x>>1",
            "a=x<=>5", "a={{x", "a=x > {{y}}",
        ] {
            #expect(ClassRule(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func aComparisonHoldsOnlyForANumber() throws {
        let session = try SessionMaker().session(["n": "5", "word": "five", "big": "1e999"])
        func holds(_ rule: String) -> Bool { ClassRule(parsing: rule)?.holds(in: session) ?? false }
        #expect(holds("c=n<6") && !holds("c=n<5") && holds("c=n<=5") && !holds("c=n<=4.9"))
        #expect(holds("c=n>4") && !holds("c=n>5") && holds("c=n>=5") && !holds("c=n>=5.1"))
        #expect(holds("c=n==5") && !holds("c=n==6") && holds("c=n!=6") && !holds("c=n!=5"))
        #expect(!holds("c=word!=0"), "text is not a number")
        #expect(!holds("c=big!=0"), "an overflow is not a number")
        #expect(!holds("c=missing!=0"), "a missing key is false")
    }

    @Test func aTemplateHoldsUnlessItRendersEmptyOrZero() throws {
        let session = try SessionMaker().session(["yes": "busy", "zero": " 0\n", "blank": "  "])
        func holds(_ rule: String) -> Bool { ClassRule(parsing: rule)?.holds(in: session) ?? false }
        #expect(holds("c={{yes}}"))
        #expect(!holds("c={{zero}}"))
        #expect(!holds("c={{blank}}"))
        #expect(!holds("c={{missing|}}"))
    }
}
