import Foundation
import Testing

/// Issue 30: templates that say what is wrong (`weft check`, `weft check --template`, `weft bar --check`,
/// `weft resolve --strict`, `weft explain`), and markup that cannot break (`escape`, `--markup`).
@Suite("template lint and markup escaping")
struct TemplateLintTests {
    /// A sandbox with a stored `title` of `R&D <sync>` and a `demo` provider answering `__demo_title` the same.
    static func markupBox() async throws -> Sandbox {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "title", "R&D <sync>").exitCode == 0)
        try box.provider("demo", shellProvider(#"printf '{"title": "R&D <sync>", "temp": 21}'"#))
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        return box
    }

    @Test func escapeFilterForPangoAndHTML() async throws {
        let box = try await Self.markupBox()
        let pango = await box.weft(arguments: ["resolve", "{{title||escape:pango}}"] + Fixed.clock)
        #expect(pango.stdout == "R&amp;D &lt;sync&gt;\n", "\(pango)")
        let html = await box.weft(arguments: ["resolve", #"{{x|Tom's "R&D"||escape:html}}"#] + Fixed.clock)
        #expect(html.stdout == "Tom&#39;s &quot;R&amp;D&quot;\n", "\(html)")
        // `escape` alone escapes for the markup the render writes: none in plain text.
        let alone = await box.weft(arguments: ["resolve", "{{title||escape}}"] + Fixed.clock)
        #expect(alone.stdout == "R&D <sync>\n", "\(alone)")
    }

    @Test func markupKeepsTheTemplatesTagsAndEscapesValues() async throws {
        let box = try await Self.markupBox()
        let line = await box.weft(
            arguments: [
                "resolve", "--format", "waybar", "--markup", "--tooltip", "<i>{{__demo_title}}</i>",
                "<b>{{title}}</b> {{__demo_temp}}°",
            ] + Fixed.clock)
        #expect(line.exitCode == 0, "\(line)")
        #expect(
            line.stdout
                == #"{"class":[],"text":"<b>R&amp;D &lt;sync&gt;</b> 21°","tooltip":"<i>R&amp;D &lt;sync&gt;</i>"}"#
                + "\n", "\(line)")
        // A token that escapes itself is not escaped twice; a fallback is the template's own markup.
        let once = await box.weft(
            arguments: ["resolve", "--format", "waybar", "--markup", "{{title||escape}} {{none|<u>-</u>}}"]
                + Fixed.clock)
        #expect(once.stdout == #"{"class":[],"text":"R&amp;D &lt;sync&gt; <u>-</u>"}"# + "\n", "\(once)")
    }

    /// A sandbox whose `demo` provider answers `__demo_nowcast`, with a stored `water`.
    static func lintBox() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"nowcast": "dry", "temp": 21}'"#))
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(await box.weft("var", "set", "water", "3").exitCode == 0)
        return box
    }

    /// One template with each problem the lint knows, and what it says about each.
    static let faulty = "{{watr}} {{__demo_nowcst|--}} {{__time||uper}} {{water|upper}}"

    static func expectFaultyWarnings(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for expected in [
            "column 1: unknown key `watr`: no provider, stored variable or built-in gives it; did you mean `water`?",
            "column 10: unknown key `__demo_nowcst`: no provider, stored variable or built-in gives it; "
                + "did you mean `__demo_nowcast`?",
            "column 31: unknown filter `uper`: it leaves the value unchanged; did you mean `upper`?",
            "column 48: `upper` is taken as the fallback text; write `{{water||upper}}` for the filter",
        ] {
            #expect(text.contains(expected), "\(expected)\nin\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func checkTemplateNamesEachProblemWithTheClosestNames() async throws {
        let box = try await Self.lintBox()
        let faulty = await box.weft("check", "--template", Self.faulty)
        #expect(faulty.exitCode == 2, "\(faulty)")
        Self.expectFaultyWarnings(faulty.stdout)
        #expect(faulty.stderr == "4 warnings\n", "\(faulty)")
        // Syntax: where it is.
        let syntax = await box.weft("check", "--template", "a {{=1+}} {{x{{y}} {{water")
        #expect(syntax.stdout.contains("column 3: the expression `1+` does not parse"), "\(syntax)")
        #expect(syntax.stdout.contains("column 14: `{{` inside the token that starts at column 11"), "\(syntax)")
        #expect(syntax.stdout.contains("column 20: `{{` is never closed"), "\(syntax)")
        // The help's example, and a template every key and filter of which is known, pass.
        let clean = await box.weft("check", "--template", "{{__time}} {{__weekday||upper}}")
        #expect(clean.exitCode == 0 && clean.stdout.isEmpty && clean.stderr == "no problems\n", "\(clean)")
        let good = await box.weft(
            "check", "--template", "{{water}} {{__demo_nowcast|--||upper}} {{__demo_error}} {{steps|0}}")
        #expect(good.exitCode == 0 && good.stdout.isEmpty, "\(good)")
    }

    @Test func checkAndBarCheckWarnAboutTheBarFilesTemplates() async throws {
        let box = try await Self.lintBox()
        try box.write(
            "config/weft/bar.toml",
            "[[block]]\nname = \"water\"\n\ntemplate = \"\(Self.faulty)\"\ncolor = \"{{water||lowr}}\"\n")
        let environment = ["XDG_CONFIG_HOME": box.path("config")]
        let check = await box.weft("check", environment: environment)
        #expect(check.exitCode == 0, "warnings leave the status: \(check)")
        let bar = box.path("config/weft/bar.toml")
        for line in check.stdout.split(separator: "\n").prefix(4) {
            #expect(line.hasPrefix("\(bar):4: warning: block \"water\": template: column "), "\(check)")
        }
        Self.expectFaultyWarnings(check.stdout)
        #expect(
            check.stdout.contains(
                "\(bar):5: warning: block \"water\": color: column 1: unknown filter `lowr`: it leaves the value "
                    + "unchanged; did you mean `lower` or `floor`?"), "\(check)")
        #expect(check.stderr.contains("5 template warnings"), "\(check)")

        let barCheck = await box.weft("bar", "--check", environment: environment)
        #expect(barCheck.exitCode == 0, "\(barCheck)")
        Self.expectFaultyWarnings(barCheck.stderr)
        #expect(
            barCheck.stderr.contains("weft: \(bar):4: warning: block \"water\": template: column 1: "), "\(barCheck)")
        #expect(barCheck.stderr.hasSuffix("1 block, no problems, 5 template warnings\n"), "\(barCheck)")
    }

    @Test func checkWarnsAboutTheNotifyRulesTemplates() async throws {
        let box = try await Self.lintBox()
        try box.write(
            "notify.toml",
            "[[rule]]\nname = \"rain\"\nwhen = \"{{__demo_nowcst}}\"\ntitle = \"Rain {{__demo_nowcast||uper}}\"\n")
        let check = await box.weft("check")
        #expect(check.exitCode == 0, "\(check)")
        let notify = box.path("notify.toml")
        #expect(
            check.stdout.contains(
                "\(notify):3: warning: rule \"rain\": when: column 1: unknown key `__demo_nowcst`"), "\(check)")
        #expect(
            check.stdout.contains("\(notify):4: warning: rule \"rain\": title: column 6: unknown filter `uper`"),
            "\(check)")
        let json = await box.weft("check", "--json")
        #expect(json.stdout.contains(#""warnings" : ["#), "\(json)")
    }

    @Test func strictResolveFailsOnAnUnknownKeyOrFilter() async throws {
        let box = try await Self.lintBox()
        let failed = await box.weft(arguments: ["resolve", "--strict", "{{watr}} {{__time||uper}}"] + Fixed.clock)
        #expect(failed.exitCode == 1 && failed.stdout.isEmpty, "\(failed)")
        #expect(
            failed.stderr
                == "weft: error: '{{watr}} {{__time||uper}}' column 1: unknown key `watr`: no provider, stored "
                + "variable or built-in gives it; did you mean `water`?\n"
                + "weft: error: '{{watr}} {{__time||uper}}' column 10: unknown filter `uper`: it leaves the value "
                + "unchanged; did you mean `upper`?\n", "\(failed)")
        // The tooltip is held to it too.
        let tooltip = await box.weft(
            arguments: ["resolve", "--strict", "--format", "waybar", "--tooltip", "{{__demo_nowcst}}", "{{water}}"]
                + Fixed.clock)
        #expect(tooltip.exitCode == 1 && tooltip.stderr.contains("`__demo_nowcst`"), "\(tooltip)")
        // Without --strict the same template renders what it can.
        let lenient = await box.weft(arguments: ["resolve", "{{watr}} {{__time||uper}}"] + Fixed.clock)
        #expect(lenient.exitCode == 0 && lenient.stdout == " 10:30\n", "\(lenient)")
        let fine = await box.weft(arguments: ["resolve", "--strict", "{{water}} {{__weekday||upper}}"] + Fixed.clock)
        #expect(fine.exitCode == 0 && fine.stdout == "3 TUE\n", "\(fine)")
    }

    @Test func explainOffersTheClosestKeys() async throws {
        let box = try await Self.lintBox()
        let owned = await box.weft(arguments: ["explain", "__demo_nowcst"] + Fixed.clock)
        #expect(owned.exitCode == 1, "\(owned)")
        #expect(owned.stdout.contains("lists its variables; did you mean `__demo_nowcast`?"), "\(owned)")
        let stored = await box.weft(arguments: ["explain", "watr"] + Fixed.clock)
        #expect(stored.exitCode == 1 && stored.stdout.contains("; did you mean `water`?"), "\(stored)")
        let builtin = await box.weft(arguments: ["explain", "__tim"] + Fixed.clock)
        #expect(builtin.stdout.contains("; did you mean `__time`?"), "\(builtin)")
        let nothing = await box.weft(arguments: ["explain", "zzzzzzzz"] + Fixed.clock)
        #expect(nothing.exitCode == 1 && !nothing.stdout.contains("did you mean"), "\(nothing)")
    }

    /// README, "The life of a provider file": the `weft check --template` example prints what the README shows.
    @Test func readmeCheckTemplateExample() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "water", "3").exitCode == 0)
        let run = await box.weft("check", "--template", "{{watr}} {{__time||uper}} {{water|upper}}")
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let shown = run.stdout + run.stderr
        #expect(run.exitCode == 2, "\(run)")
        #expect(
            readme.contains("$ weft check --template '{{watr}} {{__time||uper}} {{water|upper}}'\n" + shown + "```"),
            "\(shown)")
    }
}
