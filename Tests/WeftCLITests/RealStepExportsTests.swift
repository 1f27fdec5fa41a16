import Foundation
import Testing
import WeftTestSupport

/// Issue 29: each claimed step format on a file its producer wrote (Tests/Fixtures/steps/SOURCES.md), imported
/// through the binary and compared with the daily totals `expected/expected_totals.py` computes without weft.
@Suite("real step exports")
struct RealStepExportsTests {
    /// One `expected/<case>.json`: the files, the zone of their local days, the provider file a generic mapping
    /// needs, and the expected steps per day.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var files: [String]
        var zone: String
        var provider: String?
        var days: [String: Int]

        var testDescription: String { name }
    }

    static let expectedFolder = FixtureFiles.directory("steps").appendingPathComponent("expected")

    /// Every case the script wrote, by name.
    static func cases() throws -> [Case] {
        let names = try FileManager.default.contentsOfDirectory(atPath: expectedFolder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: expectedFolder.appendingPathComponent(name))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return Case(
                name: String(name.dropLast(".json".count)),
                files: try #require(object["files"] as? [String]),
                zone: try #require(object["tz"] as? String),
                provider: object["provider"] as? String,
                days: try #require(object["days"] as? [String: Int]))
        }
    }

    @Test func everyClaimedFormatHasARealFileCase() throws {
        // Health Auto Export has none: no real export of it was found (SOURCES.md says what was searched).
        let names = Set(try Self.cases().map(\.name))
        #expect(
            names.isSuperset(of: [
                "fitbit_dashboard", "fitbit_dashboard_two_exports", "gadgetbridge_csv", "generic_fitabase_minutes",
                "samsung_step_daily_trend",
            ]), "\(names)")
    }

    @Test func theExpectedTotalsAreTheScriptsForTheseFiles() async throws {
        // A fixture or an expected file edited by hand without running the script would make the comparison moot.
        let script = Self.expectedFolder.appendingPathComponent("expected_totals.py").path
        let result = await WeftProcess.run(["python3", script, "--check"])
        #expect(result.exitCode == 0, "\(result)")
    }

    @Test(arguments: try cases())
    func importsWithTheProducersDailyTotals(_ real: Case) async throws {
        let box = try Sandbox()
        if let provider = real.provider { try box.provider("steps", provider) }
        let clock = ["--now", "2026-03-10T19:00:00Z", "--tz", real.zone]
        // One import a file, as a user imports each new export.
        for file in real.files {
            let imported = await box.weft(arguments: ["steps", "import", FixtureFiles.path("steps", file)] + clock)
            #expect(imported.exitCode == 0, "\(imported)")
            #expect(!imported.stderr.contains("skipped"), "no row of a real export is bad: \(imported)")
        }
        let listed = await box.weft("steps", "days", "--json")
        #expect(listed.exitCode == 0, "\(listed)")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed)")
        var days: [String: Int] = [:]
        for row in rows {
            days[try #require(row["date"] as? String)] = try #require(row["steps"] as? Int)
        }
        #expect(days == real.days)
    }
}
