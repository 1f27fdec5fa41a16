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
            status: status, values: ["note": "<script>alert(1)</script>"], now: Date(timeIntervalSince1970: 1_773_135_060)
        ).html()
        #expect(html.contains("<dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>"), "\(html)")
        #expect(!html.contains("<script"))
    }
}
