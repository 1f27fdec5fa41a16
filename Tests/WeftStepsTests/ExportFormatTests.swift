import Foundation
import Testing
import WeftTestSupport

@testable import WeftSteps

/// The exports that are not CSV (Google Fit and Fitbit JSON, Gadgetbridge's database), Fitabase's minute-level wide
/// CSV, and files no reader understands.
@Suite struct ExportFormatTests {
    @Test func googleFitJSONRealExcerptUsesEachPointsOriginAsItsSource() throws {
        let (batch, result) = try totals(
            "google_fit/takeout_2025_All_Data_derived_step_count_delta__excerpt.json", tz: "Asia/Kolkata")
        #expect(batch.issues.isEmpty)
        #expect(batch.samples.count == 3)
        #expect(
            batch.sources.map(\.name) == [
                "raw:com.google.step_count.cumulative:vivo:V2312:557f82c0f6828d19:STEP_COUNTER"
            ])
        let first = try #require(batch.samples.first)
        // 1738156698230507294 ns, without losing the nanoseconds to overflow or rounding of whole seconds.
        #expect(first.start == 1_738_156_698.230_507_294)
        #expect(first.steps == 19)
        #expect(result.rounded == [stepDay("2025-01-29"): 65])
    }

    @Test func googleFitJSONStreamsOfOneFolderAreNotCountedTwice() throws {
        let options = StepImportOptions(timeZone: zone("Asia/Kolkata"))
        let read = StepImporter.importFiles(
            atPaths: [
                "google_fit/takeout_2025_All_Data_derived_step_count_delta__excerpt.json",
                "google_fit/derived_com.google.step_count.delta_com.google.android.gms_merge_step_deltas.json",
            ].map { Fixture.path($0) }, options: options)
        let batch = try read.batchIfAnyFileWasRead()
        let result = StepAggregator.aggregate(batch, options: StepAggregationOptions(timeZone: zone("Asia/Kolkata")))
        // Only merge_step_deltas counts (the phone's top_level stream is the same steps cut differently), as one
        // source: Google already merged the phone's 19 and the watch's 60 and 75.
        #expect(batch.sources.map(\.name) == ["Google Fit merge_step_deltas"])
        #expect(result.rounded == [stepDay("2025-01-29"): 154])
        #expect(
            read.notes == [
                "Google Fit: counted the merge_step_deltas stream (no estimated_steps was given); left out top_level"
            ])
    }

    @Test func googleFitJSONOfAnotherDataTypeIsRefusedByName() throws {
        let file = Fixture.path(
            "google_fit/derived_com.google.heart_rate.bpm_com.google.android.gms_merge_heart_rate_bpm.json")
        #expect(
            throws: StepImportError.unrecognised(
                file: file, found: "a Google Fit export of com.google.heart_rate.bpm, not of step counts")
        ) { try StepImporter.importFile(atPath: file, options: StepImportOptions(timeZone: .gmt)) }
    }

    @Test func googleFitJSONNumbersAreRangeChecked() throws {
        let text = """
            {"Data Source": "derived:com.google.step_count.delta:x",
             "Data Points": [
              {"fitValue":[{"value":{"intVal":12}}],"originDataSourceId":"p","endTimeNanos":1700000060000000000,"startTimeNanos":1700000000000000000},
              {"fitValue":[{"value":{"intVal":12}}],"originDataSourceId":"p","endTimeNanos":99999999999999999999,"startTimeNanos":1700000100000000000},
              {"fitValue":[{"value":{"intVal":12}}],"originDataSourceId":"p","endTimeNanos":1700000260,"startTimeNanos":1700000200},
              {"fitValue":[{"value":{"intVal":70000}}],"originDataSourceId":"p","endTimeNanos":1700000360000000000,"startTimeNanos":1700000300000000000},
              {"fitValue":[{"value":{"intVal":-5}}],"originDataSourceId":"p","endTimeNanos":1700000460000000000,"startTimeNanos":1700000400000000000}
             ]}
            """
        let batch = try importText(text, file: "fit.json", lenient: true)
        #expect(batch.samples.count == 1)
        #expect(
            batch.issues.map(\.description) == [
                "fit.json:4: endTimeNanos \"99999999999999999999\" is not a whole number of nanoseconds",
                "fit.json:5: startTimeNanos 1700000200 is outside 1990–2100 (is it in nanoseconds?)",
                "fit.json:6: fitValue intVal 70000 steps in one minute is more than a body can do (at most 1000 steps a minute)",
                "fit.json:7: fitValue intVal -5 is negative",
            ])
        #expect(throws: StepImportError.self) { try importText(text, file: "fit.json") }
    }

    @Test func fitbitAccountArchiveMinutesAreInTheConfiguredZone() throws {
        let (batch, result) = try totals("fitbit/steps-2023-02-26.json", tz: "America/New_York")
        #expect(batch.issues.isEmpty)
        #expect(batch.samples.count == 9)
        #expect(
            result.rounded == [stepDay("2023-02-25"): 244, stepDay("2023-02-26"): 40, stepDay("2023-03-24"): 15])
        let first = try #require(batch.samples.first)
        #expect(Date(timeIntervalSince1970: first.start) == instant("2023-02-25T18:17:00Z"))
        #expect(first.end - first.start == 60)
    }

    @Test func fitbitArchiveFilesOfOtherMetricsAreRefused() throws {
        let text = "[{\n  \"dateTime\" : \"02/25/23 13:17:00\",\n  \"value\" : \"0\"\n}]"
        #expect(
            throws: StepImportError.unrecognised(
                file: "/a/distance-2023-02-26.json",
                found: "a Fitbit distance export, not steps (steps-YYYY-MM-DD.json)")
        ) { try importText(text, file: "/a/distance-2023-02-26.json") }
        let heart = "[{\"dateTime\": \"02/25/23 13:17:00\", \"value\": {\"bpm\": 61, \"confidence\": 2}}]"
        #expect(throws: StepImportError.self) { try importText(heart, file: "export.json") }
    }

    @Test func aJSONFileCutOffMidRecordImportsNothingAndSaysWhere() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("fitbit/steps-2023-02-26.json")))
        // Cut inside the fifth entry's value.
        let text = String(decoding: bytes, as: UTF8.self)
        let cut = try #require(text.range(of: "\"value\" : \"9")).upperBound
        #expect(throws: StepImportError.truncated(file: "steps.json", line: 15, record: "a Fitbit steps entry")) {
            try importText(String(text[..<cut]), file: "steps.json")
        }
        let fit = try String(
            contentsOfFile: Fixture.path("google_fit/takeout_2025_All_Data_derived_step_count_delta__excerpt.json"),
            encoding: .utf8)
        #expect(throws: StepImportError.truncated(file: "fit.json", line: 4, record: "a Google Fit data point")) {
            try importText(String(fit.prefix(300)), file: "fit.json")
        }
    }

    @Test func aCSVFileCutOffMidRowImportsNothing() throws {
        let text = "Start,Finish,Steps (count)\n15/Jan/2024 8:00:00,15/Jan/2024 9:00:00,5000\n15/Jan/2024 9:00:00,15/J"
        #expect(throws: StepImportError.truncated(file: "test.csv", line: 3, record: "a row")) {
            try importText(text)
        }
        // A complete last row without a final line break is not cut off.
        #expect(
            try importText("Start,Finish,Steps (count)\n15/Jan/2024 8:00:00,15/Jan/2024 9:00:00,5000").samples.count
                == 1)
    }

    @Test func gadgetbridgeDatabaseReadsEverySampleTableButNotDaySummaries() throws {
        let (batch, result) = try totals("gadgetbridge/Gadgetbridge.db", tz: "Europe/Berlin")
        #expect(batch.issues.isEmpty)
        #expect(Set(batch.sources.map(\.name)) == ["Gadgetbridge device 1", "Gadgetbridge device 2"])
        #expect(batch.samples.count == 6)  // the -1 sentinel is no measurement; the day summary's 9000 is not a minute
        #expect(result.rounded == [stepDay("2024-01-01"): 277])
        #expect(
            result.roundedPerSource[stepDay("2024-01-01")] == [
                "Gadgetbridge device 1": 277, "Gadgetbridge device 2": 160,
            ])
    }

    @Test func anSQLiteDatabaseWithoutSampleTablesIsNamedAsSuch() throws {
        let file = Fixture.path("gadgetbridge/NoSampleTables.db")
        #expect(
            throws: StepImportError.unrecognised(
                file: file,
                found: "an SQLite database without activity-sample tables (no table has TIMESTAMP and STEPS)")
        ) { try StepImporter.importFile(atPath: file, options: StepImportOptions(timeZone: .gmt)) }
    }

    @Test func fitabaseMinuteWideRowsAreSixtyMinutesAndAllZeroHoursAreZeroNotMissing() throws {
        let (batch, result) = try totals("fitbit/minuteStepsWide_merged.csv", tz: "America/Chicago")
        #expect(batch.issues.isEmpty)
        #expect(batch.samples.count == 180)
        #expect(result.rounded == [stepDay("2016-04-13"): 3032, stepDay("2016-04-14"): 0])
        #expect(batch.sources.map(\.name) == ["Fitbit 1503960366"])
        let header = "Id,ActivityHour," + (0..<60).map { String(format: "Steps%02d", $0) }.joined(separator: ",")
        let row = "1,4/13/2016 8:00:00 AM," + (0..<60).map { $0 == 7 ? "1400" : "0" }.joined(separator: ",")
        let bad = try importText(header + "\n" + row + "\n", lenient: true)
        #expect(
            bad.issues.map(\.description) == [
                "test.csv:2: Steps07 1400 steps in one minute is more than a body can do (at most 1000 steps a minute)"
            ])
    }

    @Test func googleFitNegativeQuarterHoursArePartOfTheDaysTotal() throws {
        let (batch, result) = try totals(
            "google_fit/takeout_2025_per_day_with_negative_2025-02-23.csv", tz: "Asia/Kolkata")
        #expect(batch.issues.isEmpty)
        // 21 + 211 + 448 − 3 + 13, as Google's daily summary counts it; no minute goes below zero.
        #expect(result.rounded == [stepDay("2025-02-23"): 690])
        #expect(batch.samples.allSatisfy { $0.steps >= 0 })
    }

    @Test func aDayTotalExportBesideSampleExportsTakesTheLargerPerDay() throws {
        let apple = """
            sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value
            "iPhone","17.0","","HKQuantityTypeIdentifierStepCount","count","2026-03-09 10:10:00 +0100","2026-03-09 10:00:00 +0100","2026-03-09 10:10:00 +0100","5000"
            "iPhone","17.0","","HKQuantityTypeIdentifierStepCount","count","2026-03-10 08:20:00 +0100","2026-03-10 08:00:00 +0100","2026-03-10 08:20:00 +0100","6200"

            """
        var batch = try importText(apple, tz: "Europe/Berlin")
        let daily = try StepImporter.importFile(
            atPath: Fixture.path("health_auto_export/HealthAutoExport_daily_steps.csv"),
            options: StepImportOptions(timeZone: zone("Europe/Berlin")))
        #expect(daily.samples.isEmpty)
        #expect(daily.dailyTotals.count == 2)
        batch.append(daily)
        let result = StepAggregator.aggregate(batch, options: StepAggregationOptions(timeZone: zone("Europe/Berlin")))
        #expect(result.rounded == [stepDay("2026-03-09"): 7000, stepDay("2026-03-10"): 6200])
    }

    @Test func filesNoReaderUnderstandsAreDescribedNotPrinted() throws {
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00] + Array(repeating: 0x1B, count: 40)
        #expect(throws: StepImportError.unrecognised(file: "export.zip", found: "a zip archive")) {
            try StepImporter.importData(zip, file: "export.zip", options: StepImportOptions(timeZone: .gmt))
        }
        let noise: [UInt8] = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(throws: StepImportError.unrecognised(file: "noise.bin", found: "binary data")) {
            try StepImporter.importData(noise, file: "noise.bin", options: StepImportOptions(timeZone: .gmt))
        }
        #expect(
            throws: StepImportError.unrecognised(
                file: "x.json",
                found: "JSON that is neither a Google Fit nor a Fitbit export (an object without \"Data Points\")")
        ) {
            try importText("{\"hello\": [1, 2, {\"a\": null}]}", file: "x.json")
        }
        // A header with control characters is shown escaped, never raw.
        let error = StepImportError.unknownFormat(file: "f.csv", line: 1, header: ["a\u{1B}[2Jb", "c"])
        #expect(error.description.contains("a\\u{1b}[2Jb,c"))
        #expect(!error.description.contains("\u{1B}"))
    }
}
