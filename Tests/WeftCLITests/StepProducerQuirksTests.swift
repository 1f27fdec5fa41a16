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

    @Test func garminConnectDayTotalsInsideAppleHealthImportAsThePhoneShows() async throws {
        // Garmin Connect writes one record per day into Apple Health, start = end = 23:59:59, holding the day's
        // steps and distance (built from issue 29's description; SOURCES.md). The export was refused whole:
        // 'value "13.3736" is not at most 1000 distance a minute'. Expected, by hand, per day the larger of the
        // phone's samples and Connect's day total:
        //   05-01: phone 1200 + 1510 + 1500 = 4210 steps, 0.9 + 1.1 + 0.9 = 2.9 km; Connect 9321, 13.3736 km
        //          → 9321 steps, 13.4 km
        //   05-02: phone 2500 + 3500 = 6000 steps, 1.9 + 2.6 = 4.5 km; Connect 5480, 4.0012 km → 6000, 4.5 km
        //   05-03: Connect only → 12044 steps, 9.1 km
        let export = FixtureFiles.path("steps", "apple_health/garmin_connect_day_totals_export.xml")
        let box = try Sandbox()
        for (day, summary) in [
            ("2024-05-01", "today 9321 steps, 13.4 km"), ("2024-05-02", "today 6000 steps, 4.5 km"),
            ("2024-05-03", "today 12044 steps, 9.1 km"),
        ] {
            let result = await box.weft(
                arguments: ["steps", "import", export, "--now", "\(day)T22:00:00+02:00", "--tz", "Europe/Berlin"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(!result.stderr.contains("skipped"), "\(result)")
            #expect(result.stderr.contains("3 days, \(summary)"), "\(result)")
        }
        #expect(try await days(box) == ["2024-05-01": 9321, "2024-05-02": 6000, "2024-05-03": 12044])
    }

    @Test func limitsSayTheirUnitsAndTheFlagWhereTheUserIs() async throws {
        let box = try Sandbox()
        func record(_ type: String, _ unit: String, _ start: String, _ end: String, _ value: String) -> String {
            " <Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"Connect\" unit=\"\(unit)\" "
                + "startDate=\"2024-05-01 \(start) +0200\" endDate=\"2024-05-01 \(end) +0200\" value=\"\(value)\"/>\n"
        }
        try box.write(
            "export.xml",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_GB\">\n"
                + record("DistanceWalkingRunning", "km", "10:00:00", "10:01:00", "2.5")
                + record("DistanceWalkingRunning", "km", "23:59:59", "23:59:59", "2000")
                + record("StepCount", "count", "23:59:59", "23:59:59", "9321") + "</HealthData>\n")
        let clock = ["--now", "2024-05-01T22:00:00+02:00", "--tz", "Europe/Berlin"]
        let refused = await box.weft(arguments: ["steps", "import", box.path("export.xml")] + clock)
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderr.contains("2 of 3 rows are bad (more than 1%), so the file was not imported (give --lenient to import the good rows)"), "\(refused)")
        #expect(
            refused.stderr.contains(
                "record 1: value 2.5 km in one minute is more than a body can do (at most 1 km a minute)"),
            "\(refused)")
        #expect(
            refused.stderr.contains(
                "record 2: value 2000 km in zero minutes is more than a day can hold (at most 1440 km)"),
            "\(refused)")
        // The same file refreshed through a provider file names the key that exists there.
        try box.provider("walk", "type = \"steps\"\nfiles = [\"\(box.path("export.xml"))\"]\n")
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(
            refresh.stderr.contains("(set lenient = true in the steps provider file to import the good rows)"),
            "\(refresh)")
        #expect(!refresh.stderr.contains("--lenient"), "\(refresh)")
        let lenient = await box.weft(
            arguments: ["steps", "import", box.path("export.xml"), "--lenient", "--instance", "walk"] + clock)
        #expect(lenient.exitCode == 0, "\(lenient)")
        #expect(lenient.stderr.contains("today 9321 steps"), "\(lenient)")
    }

    @Test func aCutOffZipIsSaidInWords() async throws {
        let box = try Sandbox()
        let zip = try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("steps", "apple_health_export/export.zip")))
        try zip.prefix(zip.count / 2).write(to: URL(fileURLWithPath: box.path("export.zip")))
        let result = await box.weft(
            arguments: ["steps", "import", box.path("export.zip"), "--now", "2024-03-09T17:00:00Z", "--tz", "UTC"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(
            result.stderr == "weft: error: \(box.path("export.zip")): a zip archive that cannot be read: the zip is cut "
                + "off (no end-of-archive record); nothing of it was imported, download or export it again\n",
            "\(result)")
    }
}
