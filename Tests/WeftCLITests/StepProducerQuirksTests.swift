import Foundation
import Testing
import WeftTestSupport

/// `weft steps import` with what real producers write that no format description names (issue 29), through the
/// binary.
@Suite("steps producer quirks")
struct StepProducerQuirksTests {
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

    @Test func googleFitTakeoutStreamsImportedTogetherGiveTheDailyCSVsTotals() async throws {
        // A real Takeout's three derived step streams (top_level and merge_step_deltas trimmed to the five days
        // where they disagree with the Fit app; SOURCES.md). They were summed per minute: 2025-02-22 was 1,543.
        let folder = FixtureFiles.path("steps", "google_fit/takeout_2025_All_Data")
        let streams = ["", "(1)", "(2)"].map { "\(folder)/derived_com.google.step_count.delta_com.google\($0).json" }
        let box = try Sandbox()
        let result = await box.weft(
            arguments: ["steps", "import"] + streams + ["--now", "2025-02-23T12:00:00+05:30", "--tz", "Asia/Kolkata"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "Google Fit: counted the estimated_steps stream (what the Fit app shows); left out "
                    + "merge_step_deltas, top_level"),
            "\(result)")
        // The expected totals are Google's own: the same Takeout's daily CSV, read here by its header.
        let csv = try String(contentsOfFile: "\(folder)/Daily activity metrics.csv", encoding: .utf8)
        var lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = lines.removeFirst()
        let dateColumn = try #require(header.firstIndex(of: "Date"))
        let stepColumn = try #require(header.firstIndex(of: "Step count"))
        var expected: [String: Int] = [:]
        for line in lines { expected[String(line[dateColumn])] = Int(line[stepColumn]) }
        #expect(expected.count == 25)
        #expect(expected["2025-02-22"] == 693)
        #expect(try await days(box) == expected)
    }
}
