import Foundation
import Testing
import WeftCore
import WeftRender

@testable import WeftNotify

@Suite struct NotifyFileTests {
    @Test func aMissingFileIsEveryDefault() {
        let file = NotifyFile(contentsOf: "/nonexistent/notify.toml")
        #expect(file.problems.isEmpty && !file.exists)
        #expect(file.sections[.alarm]?.common.enabled == true && file.sections[.rain]?.common.enabled == false)
        #expect(file.late == .seconds(600))
    }
}

@Suite struct NotifyFileProblemTests {
    @Test func problemsNameTheirLines() {
        let text = """
            quiet = "25:00-07:00"
            late = "soon"

            [rain]
            lead = "15m"
            colour = "blue"
            rate = "many"

            [[rule]]
            when = "{{__calendar_next_minutes}} <= 5"
            title = "{{__calendar_next_title"
            actions = ["explode"]
            """
        let file = NotifyFile(text: text, file: "notify.toml")
        let lines = file.problems.map(\.description)
        #expect(lines.contains { $0.hasPrefix("notify.toml:1: quiet must be a span of the day") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("notify.toml:2: late must be a duration") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("notify.toml:6: [rain]: unknown key \"colour\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("notify.toml:7: [rain] rate must be a count per duration") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("notify.toml:11: rule \"rule 1\": title: a \"{{\" without") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("notify.toml:12: rule \"rule 1\": actions must be") }, "\(lines)")
        #expect(file.problems.count == 6, "\(lines)")
        let options = NotifyFile(text: "[rain]\nlead = \"soon\"\n[habits]\nat = \"25:00\"\n", file: "n")
        #expect(
            options.problems.map(\.description) == [
                "n:2: [rain] lead = \"soon\" is not a duration such as \"15m\"",
                "n:4: [habits] at = \"25:00\" is not a time of day such as \"20:00\"",
            ])
        let commandless = NotifyFile(text: "[goals]\ndeliver = \"command\"\n", file: "n")
        #expect(
            commandless.problems.map(\.description) == [
                "n:2: [goals]: deliver = \"command\" needs command = [\"program\", …]"
            ])
    }

    @Test func aWrittenSectionIsOnAndPassesItsOptions() {
        let file = NotifyFile(text: "[rain]\nlead = \"15m\"\n[habits]\nat = \"20:00\"\nenabled = false\n", file: "n")
        #expect(file.problems.isEmpty)
        #expect(file.sections[.rain]?.common.enabled == true && file.sections[.habit]?.common.enabled == false)
        #expect(file.providerOptions["lead"] == "15m" && file.providerOptions["rain.lead"] == "15m")
        #expect(file.providerOptions["habits.at"] == "20:00")
    }

    @Test(arguments: [("22:00-07:00", true), ("06:59", false), ("07:00-07:00", false), ("7:00-08:30", true)])
    func quietHours(_ text: String, _ valid: Bool) {
        #expect((QuietHours(text) != nil) == valid)
    }

    @Test func controlCharactersAndCredentialsGo() {
        #expect(SafeText.plain("red\u{1B}[31m alert\u{07}") == "red[31m alert")
        #expect(SafeText.link("javascript:alert(1)") == nil)
        #expect(SafeText.link("https://me:pw@example.org/x?y=1") == "https://example.org/x?y=1")
    }
}

@Suite struct TemplateConditionTests {
    @Test(arguments: [
        ("3 <= 5", true), ("7 <= 5", false), (" <= 5", false), ("1", true), ("0", false), ("", false),
        ("false", false), ("<b>x</b> & y", true), ("12.5 > 12", true), ("a == 1", false),
    ])
    func aConditionHoldsByItsComparisonOrItsTruth(_ rendered: String, _ holds: Bool) {
        #expect(TemplateCondition.holds(rendered: rendered) == holds)
    }
}
