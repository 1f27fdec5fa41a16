import Foundation
import Testing

/// A calendar's `remind` default is a provider setting: `weft check` reads it, and a value that is not a duration
/// is reported with the file and line, like every other setting.
@Suite struct ReminderCheckTests {
    @Test func checkReportsARemindThatIsNoDurationWithItsLine() async throws {
        let box = try Sandbox()
        let calendar = box.root + "/work.ics"
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//weft tests//EN\r\nEND:VCALENDAR\r\n".write(
            toFile: calendar, atomically: true, encoding: .utf8)
        let sources = "type = \"calendar\"\nsources = [{ name = \"Work\", path = \(tomlString(calendar)) }]\n"
        try box.provider("work", sources + "remind = [\"10m\", \"1h\"]\n")
        let good = await box.weft("check")
        #expect(good.exitCode == 0, "\(good)")

        try box.provider("work", sources + "remind = [\"10m\",\n  \"soon\"]\n")
        let bad = await box.weft("check")
        #expect(bad.exitCode != 0, "\(bad)")
        let output = bad.stdout + bad.stderr
        #expect(output.contains("work.toml:4:"), "\(bad)")
        #expect(output.contains("\"soon\" is not a duration; write e.g. \"10m\" or \"1h\""), "\(bad)")
    }
}
