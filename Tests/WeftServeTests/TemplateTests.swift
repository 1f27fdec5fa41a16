import Foundation
import Testing

@testable import WeftRefresh
@testable import WeftServe

/// The dashboard's templates: every one parses, a broken one is reported by name and place, and a value reaches the
/// page as text.
@Suite("dashboard templates")
struct TemplateTests {
    @Test func everyTemplateParses() throws {
        _ = try DashboardTemplates.builtin.get()
        _ = try DashboardTemplates()
        for name in DashboardTemplates.Name.allCases { #expect(!name.text.isEmpty, "\(name.rawValue)") }
    }

    /// Raw insertion is kept to other templates' output (``RenderedHTML``); a new one has to be added here, where a
    /// reviewer sees it.
    @Test func onlyTemplateOutputGoesInUnescaped() throws {
        let raw = try Regex(#"\{\{\{\s*([^}]*?)\s*\}\}\}|\{\{&\s*([^}]*?)\s*\}\}"#)
        var found: Set<String> = []
        for name in DashboardTemplates.Name.allCases {
            for match in name.text.matches(of: raw) {
                found.insert("\(name.rawValue): " + String(match.output[1].substring ?? match.output[2].substring ?? ""))
            }
        }
        #expect(
            found == [
                "page: board", "board: .", "card-frame: body", "weather: .", "steps: ring", "steps: year",
                "steps: month",
            ])
    }

    @Test func aTemplateThatDoesNotParseIsReportedByNameAndLine() {
        #expect {
            try DashboardTemplates(templates: [("fine", "<p>{{a}}</p>"), ("broken", "<p>\n{{#open}}x{{/shut}}</p>")])
        } throws: { error in
            let text = "\(error)"
            return text.contains("'broken'") && text.contains("line 2") && !text.contains("'fine'")
        }
    }

    @Test func aScriptValueInACardIsEscaped() {
        let status = EscapingTests.status("demo", type: "command", prefix: "__demo_")
        let html = KeyValueCard(
            status: status, values: ["note": "<script>alert(1)</script>"],
            card: CardContext(now: Date(timeIntervalSince1970: 1_773_135_060), zone: .gmt, csrfToken: "t")
        ).html()
        #expect(html.contains("<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>"), "\(html)")
        #expect(!html.contains("<script"))
    }
}
