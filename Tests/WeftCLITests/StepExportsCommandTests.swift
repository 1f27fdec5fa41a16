import Foundation
import Testing
import WeftTestSupport

/// `weft steps import` with the exports that are not CSV, a binary file and a cut-off file, through the binary.
@Suite("steps exports")
struct StepExportsCommandTests {
    static let clock = ["--now", "2026-03-10T19:00:00Z", "--tz", "America/Chicago"]

    func days(_ box: Sandbox) async throws -> [[String: Any]] {
        let result = await box.weft(arguments: ["steps", "days", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aBinaryFileGetsOneLineNamingItNeverItsBytes() async throws {
        let box = try Sandbox()
        let bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: box.path("export.zip")))
        let noise: [UInt8] = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 3) }
        try Data(noise).write(to: URL(fileURLWithPath: box.path("steps.bin")))
        // A zip goes to the Apple Health reader, which says it cannot be read; other bytes say what they look like.
        for (name, found) in [
            ("export.zip", "a zip archive that cannot be read"),
            ("steps.bin", "not a step export weft reads: binary data"),
        ] {
            let result = await box.weft(arguments: ["steps", "import", box.path(name)] + Self.clock)
            #expect(result.exitCode == 1, "\(result)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result)")
            #expect(
                result.stderr.hasPrefix("weft: error: \(box.path(name)): \(found)"),
                "\(result)")
            #expect(
                result.stderr.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F) },
                "no control bytes reach the terminal")
        }
    }

    /// A Samsung Health file weft has no layout for (its other files sit beside step_daily_trend) is refused at the
    /// line of its header, under the metadata line, not at line 1.
    @Test func anUnknownLayoutIsNamedAtItsHeadersLine() async throws {
        let box = try Sandbox()
        try box.write(
            "pedometer_day_summary.csv",
            "com.samsung.shealth.tracker.pedometer_day_summary,6307003,6\n"
                + "run_step,walk_step,create_time,step_count,day_time\n1,2,2023-11-09 02:48:10.652,3,1699488000000\n")
        let result = await box.weft(arguments: ["steps", "import", box.path("pedometer_day_summary.csv")] + Self.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "weft: error: \(box.path("pedometer_day_summary.csv")):2: unknown step export layout (header: run_step,"
            ),
            "\(result)")
    }

    @Test func exportsOfEveryKindImportAndZeroDaysShowAsZero() async throws {
        let box = try Sandbox()
        let files = [
            "google_fit/takeout_2025_All_Data_derived_step_count_delta__excerpt.json",
            "fitbit/steps-2023-02-26.json", "gadgetbridge/Gadgetbridge.db", "fitbit/minuteStepsWide_merged.csv",
        ].map { FixtureFiles.path("steps", $0) }
        let result = await box.weft(arguments: ["steps", "import"] + files + Self.clock)
        #expect(result.exitCode == 0, "\(result)")
        let table = try await days(box)
        let steps = Dictionary(
            uniqueKeysWithValues: table.compactMap { row in
                (row["date"] as? String).map { ($0, row["steps"] as? Int) }
            })
        #expect(steps["2025-01-29"] == 65)
        #expect(steps["2023-02-25"] == 244)
        #expect(steps["2024-01-01"] == 277)
        #expect(steps["2016-04-13"] == 3032)
        // A day whose samples all say 0 is listed with 0; a day without samples is not listed at all.
        #expect(steps["2016-04-14"] == .some(0))
        #expect(steps["2016-04-15"] == nil)
        let text = await box.weft(arguments: ["steps", "days", "--from", "2016-04-13", "--to", "2016-04-15"])
        #expect(text.stdout == "2016-04-13     3032 / 10000\n2016-04-14        0 / 10000\n", "\(text)")
    }

    @Test func everyReaderChecksASampleAndReadsATimestampByOneRule() async throws {
        // Issue 26: one sample check for every reader. A Google Fit point whose start equals its end is an instant,
        // which may hold a day's total as a CSV row without an end always could (the per-minute limit is for
        // samples with a duration, issue 29); it was refused as 5000 steps in one minute.
        let box = try Sandbox()
        try box.write(
            "fit.json",
            """
            {"Data Source": "derived:com.google.step_count.delta:x",
             "Data Points": [
              {"fitValue":[{"value":{"intVal":5000}}],"originDataSourceId":"p",\
            "startTimeNanos":1773154800000000000,"endTimeNanos":1773154800000000000}
             ]}
            """)
        // Gadgetbridge's CSV takes millisecond stamps as its database does; they were all bad rows.
        try box.write(
            "gadgetbridge.csv",
            "TIMESTAMP,DEVICE_ID,USER_ID,RAW_INTENSITY,STEPS,RAW_KIND,HEART_RATE\n"
                + "1773068400000,1,1,10,100,1,70\n1773068460000,1,1,10,50,1,70\n")
        let result = await box.weft(
            arguments: ["steps", "import", box.path("fit.json"), box.path("gadgetbridge.csv")] + Self.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("imported 3 rows from 2 files"), "\(result)")
        let steps = try await days(box).map { [$0["date"] as? String ?? "", "\($0["steps"] ?? "")"] }
        #expect(steps == [["2026-03-09", "150"], ["2026-03-10", "5000"]])
    }

    @Test func aCutOffExportImportsNothingAndTheHistoryStays() async throws {
        let box = try Sandbox()
        let good = FixtureFiles.path("steps", "fitbit/steps-2023-02-26.json")
        #expect(await box.weft(arguments: ["steps", "import", good] + Self.clock).exitCode == 0)
        let text = try String(contentsOfFile: good, encoding: .utf8)
        try box.write("steps-2023-03-26.json", String(text.prefix(200)))
        let cut = await box.weft(arguments: ["steps", "import", box.path("steps-2023-03-26.json")] + Self.clock)
        #expect(cut.exitCode == 1, "\(cut)")
        #expect(cut.stderr.contains("steps-2023-03-26.json:"), "\(cut)")
        #expect(cut.stderr.contains("ends in the middle of a Fitbit steps entry"), "\(cut)")
        let table = try await days(box)
        #expect(table.map { $0["steps"] as? Int } == [244, 40, 15], "the earlier import is kept whole")
    }
}
