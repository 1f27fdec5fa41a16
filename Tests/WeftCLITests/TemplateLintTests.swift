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
}
