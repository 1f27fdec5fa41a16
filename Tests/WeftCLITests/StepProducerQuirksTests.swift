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

    @Test func googleFitRawStreamsCountEachDeviceOnce() async throws {
        // Without estimated_steps or merge_step_deltas, the devices' own streams are counted, each device (a point's
        // originDataSourceId) from one stream: the phone is in both, cut differently (19 + 8 and 27 over the same
        // minute), and was counted 54; the watch is only in the second.
        let box = try Sandbox()
        func point(_ origin: String, _ steps: Int, _ start: Int, _ end: Int) -> String {
            "{\"fitValue\":[{\"value\":{\"intVal\":\(steps)}}],\"originDataSourceId\":\"\(origin)\","
                + "\"endTimeNanos\":\(end)000000000,\"dataTypeName\":\"com.google.step_count.delta\","
                + "\"startTimeNanos\":\(start)000000000}"
        }
        func stream(_ name: String, _ points: [String]) -> String {
            "{\n    \"Data Source\": \"derived:com.google.step_count.delta:\(name)\",\n    \"Data Points\": [\n        "
                + points.joined(separator: ",\n        ") + "\n    ]\n}"
        }
        let phone = "raw:com.google.step_count.cumulative:vivo:V2312:557f82c0f6828d19:STEP_COUNTER"
        let watch =
            "raw:com.google.step_count.delta:com.mobvoi.companion.aw:Mobvoi:TicWatch Pro 3:4b2e1f0a:Step Counter"
        let minute = 1_773_136_800  // 2026-03-10 10:00 UTC
        try box.write(
            "derived_com.google.step_count.delta_com.google.json",
            stream(
                "com.google.android.fit:vivo:V2312:557f82c0f6828d19:top_level",
                [point(phone, 19, minute, minute + 40), point(phone, 8, minute + 40, minute + 60)]))
        try box.write(
            "derived_com.google.step_count.delta_com.google(1).json",
            stream(
                "com.google.android.gms:derive_step_deltas",
                [point(phone, 27, minute, minute + 60), point(watch, 50, minute + 3600, minute + 3660)]))
        let result = await box.weft(
            arguments: [
                "steps", "import", box.path("derived_com.google.step_count.delta_com.google.json"),
                box.path("derived_com.google.step_count.delta_com.google(1).json"), "--now", "2026-03-10T19:00:00Z",
                "--tz", "UTC",
            ])
        #expect(result.exitCode == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "Google Fit: counted the device streams derive_step_deltas, top_level, each device once (no "
                    + "estimated_steps or merge_step_deltas was given)"),
            "\(result)")
        #expect(try await days(box) == ["2026-03-10": 27 + 50])
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
                // --force: the same file again, for the summary of another day.
                arguments: [
                    "steps", "import", export, "--force", "--now", "\(day)T22:00:00+02:00", "--tz", "Europe/Berlin",
                ])
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
        #expect(
            refused.stderr.contains(
                "2 of 3 rows are bad (more than 1%), so the file was not imported (--lenient imports the good rows)"),
            "\(refused)")
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
            refresh.stderr.contains("so the file was not imported (lenient = true imports the good rows)"),
            "\(refresh)")
        #expect(!refresh.stderr.contains("--lenient"), "\(refresh)")
        let lenient = await box.weft(
            arguments: ["steps", "import", box.path("export.xml"), "--lenient", "--instance", "walk"] + clock)
        #expect(lenient.exitCode == 0, "\(lenient)")
        #expect(lenient.stderr.contains("today 9321 steps"), "\(lenient)")
    }

    @Test func aCutOffZipIsSaidInWords() async throws {
        let box = try Sandbox()
        let zip = try Data(
            contentsOf: URL(fileURLWithPath: FixtureFiles.path("steps", "apple_health_export/export.zip")))
        try zip.prefix(zip.count / 2).write(to: URL(fileURLWithPath: box.path("export.zip")))
        let result = await box.weft(
            arguments: ["steps", "import", box.path("export.zip"), "--now", "2024-03-09T17:00:00Z", "--tz", "UTC"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(
            result.stderr
                == "weft: error: \(box.path("export.zip")): a zip archive that cannot be read: the zip is cut "
                + "off (no end-of-archive record); nothing of it was imported, download or export it again\n",
            "\(result)")
    }

    @Test func theGenericFormatIsUsableFromTheCommandLineAsItsHelpShows() async throws {
        let box = try Sandbox()
        // It failed with 'unknown step format "generic (without a column mapping)"' and had no flags to give one.
        try box.write("steps.csv", "when;count\n05.01.2024 08:00;1200\n")
        let bare = await box.weft(arguments: ["steps", "import", box.path("steps.csv"), "--format", "generic"])
        #expect(bare.exitCode != 0, "\(bare)")
        #expect(bare.stderr.contains("--format generic needs --date-column"), "\(bare)")
        #expect(!bare.stderr.contains("without a column mapping"), "\(bare)")
        // A header no layout knows names the flags too, not the provider file's keys.
        let unknown = await box.weft(arguments: ["steps", "import", box.path("steps.csv")])
        #expect(unknown.exitCode == 1, "\(unknown)")
        #expect(
            unknown.stderr.contains("give --format NAME, or --format generic with --date-column and --steps-column"),
            "\(unknown)")

        // The help's generic examples, run as printed with their files in a sandbox of their own (both files are
        // the one source "CSV", whose later import would replace the earlier one's samples in the span it covers).
        let help = await box.weft(arguments: ["steps", "import", "--help"])
        let examples = HelpExamplesTests.examples(help.stdout).filter { $0.contains("--date-column") }
        #expect(examples.count == 2, "\(help)")
        // pedometer_log.csv: 1200 on 5 January, and 200 over 23:50–00:10 split 100/100. walks.csv: 1500 + 2500 on
        // the 5th, 800 on the 6th (counts at one moment each, added up per day as one source's day total).
        let expected = [["2024-01-05": 1300, "2024-01-06": 100], ["2024-01-05": 4000, "2024-01-06": 800]]
        for (example, days) in zip(examples, expected) {
            let box = try Sandbox()
            try box.write(
                "pedometer_log.csv",
                try String(contentsOfFile: FixtureFiles.path("steps", "generic/pedometer_log.csv"), encoding: .utf8))
            try box.write(
                "walks.csv", "Date,Time,Steps\n2024-01-05,08:00,1500\n2024-01-05,18:30,2500\n2024-01-06,07:15,800\n")
            let words = Self.shellWords(example)
            #expect(Array(words.prefix(3)) == ["weft", "steps", "import"], "\(example)")
            let arguments = Array(words.dropFirst()).map { $0.hasSuffix(".csv") ? box.path($0) : $0 }
            // Both read their local times in Europe/Berlin (the first example names no zone).
            let zone = arguments.contains("--tz") ? [] : ["--tz", "Europe/Berlin"]
            let result = await box.weft(arguments: arguments + zone + ["--now", "2024-01-06T12:00:00Z"])
            #expect(result.exitCode == 0, "\(example): \(result)")
            #expect(!result.stderr.contains("skipped"), "\(example): \(result)")
            let table = try await self.days(box)
            #expect(table == days, "\(example): \(table)")
        }
    }

    /// An example's words as a shell splits them (single quotes only, as the examples use).
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }
}
