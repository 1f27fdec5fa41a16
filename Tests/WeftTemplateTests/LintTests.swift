import Foundation
import Testing

@testable import WeftTemplate

@Suite("Template lint and escaping")
struct LintTests {
    let lint = TemplateLint(knownKeys: ["water", "__weather_nowcast", "__time"]) {
        ["water", "__weather_nowcast", "__time"].contains($0)
    }

    func messages(_ template: String) -> [String] { lint.problems(in: template).map(\.description) }

    @Test func escapeForPangoAndHTML() {
        #expect(render("{{a||escape:pango}}", ["a": #"R&D <sync> "q" 'a'"#]) == #"R&amp;D &lt;sync&gt; "q" 'a'"#)
        #expect(
            render("{{a||escape:HTML}}", ["a": #"R&D <sync> "q" 'a'"#])
                == "R&amp;D &lt;sync&gt; &quot;q&quot; &#39;a&#39;")
        #expect(render("{{a||escape}}", ["a": "R&D"]) == "R&D")
        #expect(render("{{a||escape:xml}}", ["a": "R&D"]) == "R&D")
    }

    @Test func aMarkupRenderEscapesValuesOnlyOnce() {
        var renderer = TemplateRenderer(context: context())
        renderer.markup = .pango
        let table = ["a": "R&D", "t": "<i>{{a}}</i>"]
        #expect(
            renderer.render("<b>{{a}}</b> {{a||escape}} {{x|<u>-</u>}} {{=1+1}}") { table[$0] }
                == "<b>R&amp;D</b> R&amp;D <u>-</u> 2")
        // A stored value is data in markup: its tags are escaped, the token inside it still renders.
        #expect(renderer.render("{{t}}") { table[$0] } == "&lt;i&gt;R&amp;D&lt;/i&gt;")
    }

    /// Markup cut at the output limit never ends inside an entity an escaped value made (an i3bar block with
    /// `markup = "pango"`, Waybar's text): the half entity goes with the cut.
    @Test func aMarkupRenderIsNeverCutInsideAnEntity() {
        var renderer = TemplateRenderer(context: context(), outputLimit: 16)
        renderer.markup = .pango
        #expect(renderer.render("<b>{{a}}") { ["a": "aaaaaaaa&bbbbbbb"][$0] } == "<b>aaaaaaaa…")
        renderer.markup = nil
        #expect(renderer.render("<b>{{a}}") { ["a": "aaaaaaaa&bbbbbbb"][$0] } == "<b>aaaaaaaa&b…")
    }

    @Test func unknownKeysAndFiltersWithTheClosestNames() {
        #expect(
            messages("{{__weather_nowcst}} {{water||uper}} {{watr}} {{mine|0}}") == [
                "column 1: unknown key `__weather_nowcst`: no provider, stored variable or built-in gives it; "
                    + "did you mean `__weather_nowcast`?",
                "column 22: unknown filter `uper`: it leaves the value unchanged; did you mean `upper`?",
                "column 38: unknown key `watr`: no provider, stored variable or built-in gives it; did you mean `water`?",
            ])
        #expect(
            messages("{{zzzzzzzzzz}}") == [
                "column 1: unknown key `zzzzzzzzzz`: no provider, stored variable or built-in gives it"
            ])
        #expect(
            messages("{{water||escape:xml}}") == [
                "column 1: `escape:xml` leaves the value unchanged: the markup is `pango` or `html`"
            ])
    }

    @Test func fallbackSpelledLikeAFilter() {
        #expect(
            messages("{{water|upper}}") == [
                "column 1: `upper` is taken as the fallback text; write `{{water||upper}}` for the filter"
            ])
        #expect(messages("{{water| number:2 }}").count == 1)
        // Three parts with a filter among them are filters; a fallback that is text is fine.
        #expect(messages("{{water|--|upper}} {{water|none}} {{water|a|b}}").isEmpty)
        // With no known filter, a part spelled close to one is said: it makes the whole rest fallback text.
        #expect(
            messages("{{water|--|uper}}") == [
                "column 1: unknown filter `uper`: so `--|uper` is all fallback text; did you mean `upper`?"
            ])
    }

    @Test func syntaxSaysTheColumn() {
        #expect(
            messages("é {{=2**3}} {{a{{b}} {{") == [
                "column 3: the expression `2**3` does not parse, so the fallback shows",
                "column 16: `{{` inside the token that starts at column 13: tokens do not nest, and the token ends at the first `}}`",
                "column 22: `{{` is never closed with `}}`, so it shows as it is",
            ])
    }
}
