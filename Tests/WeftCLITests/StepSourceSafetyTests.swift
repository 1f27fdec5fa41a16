import Foundation
import Testing
import WeftTestSupport

/// What one step import may do to the samples other files gave the history, through the binary.
@Suite("steps source safety")
struct StepSourceSafetyTests {
    let clock = ["--now", "2024-01-06T12:00:00Z", "--tz", "UTC"]
    let mapping = ["--date-column", "when", "--end-column", "until", "--steps-column", "count"]

    func days(_ box: Sandbox) async throws -> [String: Int] {
        let result = await box.weft(arguments: ["steps", "days", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        var days: [String: Int] = [:]
        for row in rows {
            if let date = row["date"] as? String, let steps = row["steps"] as? Int { days[date] = steps }
        }
        return days
    }

    @Test func twoDifferentGenericFilesNeverReplaceEachOther() async throws {
        let box = try Sandbox()
        // Both were the one source "CSV": the evening file's span (06:00–20:10) covers the morning file's walk, so
        // importing it dropped the morning's 1,000 steps.
        try box.write("morning.csv", "when,until,count\n2024-01-05T08:00:00Z,2024-01-05T08:10:00Z,1000\n")
        try box.write(
            "evening.csv",
            "when,until,count\n2024-01-05T06:00:00Z,2024-01-05T06:10:00Z,500\n"
                + "2024-01-05T20:00:00Z,2024-01-05T20:10:00Z,2000\n")
        let first = await box.weft(arguments: ["steps", "import", box.path("morning.csv")] + mapping + clock)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr.contains("its rows count as the source \"morning.csv\""), "\(first)")
        let second = await box.weft(arguments: ["steps", "import", box.path("evening.csv")] + mapping + clock)
        #expect(second.exitCode == 0, "\(second)")
        #expect(second.stderr.contains("its rows count as the source \"evening.csv\""), "\(second)")
        #expect(try await days(box)["2024-01-05"] == 3500)
        // A newer export of the same file (another folder, the same name) still replaces the older one's samples.
        try FileManager.default.createDirectory(atPath: box.path("newer"), withIntermediateDirectories: true)
        try box.write("newer/morning.csv", "when,until,count\n2024-01-05T08:00:00Z,2024-01-05T08:10:00Z,1200\n")
        let newer = await box.weft(arguments: ["steps", "import", box.path("newer/morning.csv")] + mapping + clock)
        #expect(newer.exitCode == 0, "\(newer)")
        #expect(try await days(box)["2024-01-05"] == 3700)
        // --source still names the source itself, and the summary does not claim the file's name.
        let named = await box.weft(
            arguments: ["steps", "import", box.path("evening.csv"), "--source", "Pedometer", "--force"] + mapping
                + clock)
        #expect(named.exitCode == 0, "\(named)")
        #expect(!named.stderr.contains("count as the source"), "\(named)")
    }

    @Test func aFileNamedWithControlCharactersGivesAPrintableBoundedSource() async throws {
        let box = try Sandbox()
        let name = "walk\u{1B}[2J" + String(repeating: "x", count: 100) + ".csv"
        try box.write(name, "when,until,count\n2024-01-05T08:00:00Z,2024-01-05T08:10:00Z,1000\n")
        let result = await box.weft(arguments: ["steps", "import", box.path(name)] + mapping + clock)
        #expect(result.exitCode == 0, "\(result)")
        let source = "walk[2J" + String(repeating: "x", count: 57)
        #expect(result.stderr.contains("its rows count as the source \"\(source)\""), "\(result)")
    }

    @Test func aFileWithMoreSourcesThanAHistoryKeepsIsLeftOutWhole() async throws {
        let box = try Sandbox()
        try box.write("morning.csv", "when,until,count\n2024-01-05T08:00:00Z,2024-01-05T08:10:00Z,1000\n")
        let first = await box.weft(arguments: ["steps", "import", box.path("morning.csv")] + mapping + clock)
        #expect(first.exitCode == 0, "\(first)")
        // 256 devices of their own: with the one source kept already that is 257, one more than a history keeps.
        var rows = "when,until,count,device\n"
        for device in 0..<256 {
            let minute = String(format: "%02d:%02d", device / 60, device % 60)
            rows += "2024-01-06T\(minute):00Z,2024-01-06T\(minute):30Z,10,band \(device)\n"
        }
        try box.write("devices.csv", rows)
        try box.write("evening.csv", "when,until,count,device\n2024-01-05T20:00:00Z,2024-01-05T20:10:00Z,2000,phone\n")
        let result = await box.weft(
            arguments: [
                "steps", "import", box.path("devices.csv"), box.path("evening.csv"), "--source-column", "device",
            ]
                + mapping + clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(
            result.stderr.contains(
                "weft: error: \(box.path("devices.csv")): names 256 step sources the history does not have yet, "
                    + "beside the 1 it keeps: more than the 256 sources one step history keeps; nothing of it was "
                    + "imported and the history is unchanged"),
            "\(result)")
        // The other file given is imported; nothing of the refused one is.
        #expect(try await days(box) == ["2024-01-05": 3000], "\(result)")
        // Counted as one source, the same rows are welcome.
        let one = await box.weft(
            arguments: ["steps", "import", box.path("devices.csv"), "--source", "Bands"] + mapping + clock)
        #expect(one.exitCode == 0, "\(one)")
        #expect(try await days(box)["2024-01-06"] == 2560)
    }
}
