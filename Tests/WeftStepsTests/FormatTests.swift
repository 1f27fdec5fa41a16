import Foundation
import Testing
import WeftTestSupport

@testable import WeftSteps

@Suite struct FormatTests {
    @Test func appleHealthApplehealth2csvRealRowsLandOnTheConfiguredZonesDays() throws {
        let (batch, ny) = try totals("apple_health/applehealth2csv_README_StepCount.csv", tz: "America/New_York")
        #expect(batch.samples.count == 4)
        #expect(batch.issues.isEmpty)
        #expect(ny.rounded == [stepDay("2020-12-31"): 492])
        #expect(ny.roundedPerSource[stepDay("2020-12-31")] == ["iPhone": 123, "Muhammad’s Apple Watch": 369])
        #expect(batch.sources.map(\.kind) == [.phone, .watch])
        // 17:05 -0500 is 07:05 the next morning in Tokyo.
        let (_, tokyo) = try totals("apple_health/applehealth2csv_README_StepCount.csv", tz: "Asia/Tokyo")
        #expect(tokyo.rounded == [stepDay("2021-01-01"): 492])
    }

    @Test func appleHealthRadcliffeLayoutWithBackslashQuotesKeepsOnlyStepRows() throws {
        let (batch, result) = try totals("apple_health/radcliffe_backslash_StepCount.csv", tz: "Asia/Shanghai")
        #expect(batch.sources.map(\.name) == ["Mark’s Apple Watch", "Ann \"Walks\" iPhone"])
        #expect(batch.samples.count == 2)  // the heart-rate row is not a step row
        // Watch and iPhone overlap: the watch wins every minute, so the day has 29, not 54.
        #expect(result.rounded == [stepDay("2017-04-12"): 29])
    }

    @Test func appleHealthSnakeCaseAndCapitalisedHeadersAreDetected() throws {
        let text = """
            type,source_name,source_version,unit,creation_date,start_date,end_date,value
            HKQuantityTypeIdentifierStepCount,Pixel,1,count,2024-01-05 09:00:00+01:00,2024-01-05T08:00:00+01:00,2024-01-05T08:10:00+01:00,500

            """
        let batch = try importText(text)
        #expect(batch.samples.count == 1)
        #expect(batch.samples.first?.start == 1_704_438_000)
        let capitalised = """
            SourceName,SourceVersion,Device,Type,Unit,CreationDate,StartDate,EndDate,Value
            Watch,1,,StepCount,count,2024-01-05 09:00:00 +0100,2024-01-05 08:00:00 +0100,2024-01-05 08:10:00 +0100,300

            """
        #expect(try importText(capitalised).samples.first?.steps == 300)
    }

    @Test func healthAutoExportEnglishSkipsEmptyStepsAndTheTotalRow() throws {
        let (batch, result) = try totals(
            "health_auto_export/HealthAutoExport-2026-05-01-2026-05-03.csv", tz: "Europe/Berlin")
        #expect(batch.issues.isEmpty)
        #expect(result.rounded == [stepDay("2026-05-01"): 8123, stepDay("2026-05-02"): 10234])
    }

    @Test func healthAutoExportSpanishSemicolonsAndDecimalCommas() throws {
        let (batch, result) = try totals("health_auto_export/HealthAutoExport_es.csv", tz: "Europe/Madrid")
        #expect(batch.issues.isEmpty)
        #expect(result.rounded == [stepDay("2026-05-01"): 8123, stepDay("2026-05-02"): 10234])
    }

    @Test func qsAccessHourBuckets() throws {
        let (batch, result) = try totals("qs_access/QSAccess_hours.csv", tz: "Europe/London")
        #expect(batch.samples.count == 2)
        #expect(result.rounded == [stepDay("2024-01-15"): 5400])
    }

    @Test func googleFitDailyMetricsAndOlderDailySummaries() throws {
        let (_, metrics) = try totals("google_fit/takeout_2025_Daily_activity_metrics__excerpt.csv", tz: "Asia/Kolkata")
        #expect(
            metrics.rounded == [
                stepDay("2025-01-29"): 3952, stepDay("2025-01-30"): 5885, stepDay("2025-01-31"): 3486,
                stepDay("2025-02-01"): 6852,
                stepDay("2025-02-21"): 6912, stepDay("2025-02-22"): 693,
            ])
        let (batch, summaries) = try totals(
            "google_fit/takeout_2018_Daily_Summaries__excerpt.csv", tz: "America/Chicago")
        // 2018-06-18, -20, -26 and -27 have calories but an empty step cell: no data, not 0.
        #expect(
            summaries.rounded == [
                stepDay("2018-07-02"): 5297, stepDay("2018-07-03"): 4450, stepDay("2018-07-04"): 1385,
            ])
        #expect(batch.issues.isEmpty)
    }

    @Test func googleFitPerDayFileTakesItsDateFromTheFileName() throws {
        let (batch, result) = try totals("google_fit/takeout_2025_per_day_2025-02-22__excerpt.csv", tz: "Asia/Kolkata")
        #expect(batch.samples.count == 4)
        // The four 15-minute rows with steps add up to the day's total in the daily metrics file.
        #expect(result.rounded == [stepDay("2025-02-22"): 693])
        let first = try #require(batch.samples.first)
        #expect(Date(timeIntervalSince1970: first.start) == instant("2025-02-21T18:30:00Z"))
        #expect(first.end - first.start == 900)
        let (_, july) = try totals("google_fit/takeout_2018_per_day_2018-07-04__excerpt.csv", tz: "America/Chicago")
        #expect(july.rounded == [stepDay("2018-07-04"): 642])
    }

    @Test func googleFitLastRowEndsAtMidnightOfTheNextDay() throws {
        let text = "Start time,End time,Step count\n23:45:00.000+01:00,00:00:00.000+01:00,90\n"
        let batch = try importText(text, file: "/exports/2024-03-01.csv")
        let sample = try #require(batch.samples.first)
        #expect(sample.end - sample.start == 900)
        #expect(throws: StepImportError.noDateInFileName(file: "/exports/day.csv")) {
            try importText(text, file: "/exports/day.csv")
        }
    }

    @Test func fitbitDailyActivityPerParticipant() throws {
        let (batch, _) = try totals("fitbit/fitabase_2016_dailyActivity_merged__excerpt.csv", tz: "America/Chicago")
        var byDay: [String: [StepDay: Double]] = [:]
        for total in batch.dailyTotals {
            byDay[batch.sources[total.source].name, default: [:]][total.day] = total.steps
        }
        #expect(
            byDay["Fitbit 1503960366"] == [
                stepDay("2016-04-12"): 13162, stepDay("2016-04-14"): 10460, stepDay("2016-04-15"): 9762,
            ])
        #expect(
            byDay["Fitbit 1844505072"] == [
                stepDay("2016-04-19"): 197, stepDay("2016-04-20"): 8, stepDay("2016-04-27"): 4,
            ])
    }

    @Test func fitbitHourlyStepsWithMixedDateTimeFormats() throws {
        let (batch, result) = try totals(
            "fitbit/fitabase_2016_hourlySteps_merged__excerpt_mixed_datetime_formats.csv", tz: "America/Chicago")
        #expect(batch.issues.isEmpty)
        #expect(result.rounded == [stepDay("2016-04-12"): 960, stepDay("2016-04-13"): 2920])
        // `4/13/2016 12:00:00 AM` is midnight, `12:00:00 PM` noon (CDT, UTC-5).
        let starts = batch.samples.map { Date(timeIntervalSince1970: $0.start) }
        #expect(starts.contains(instant("2016-04-13T05:00:00Z")))
        #expect(starts.contains(instant("2016-04-13T17:00:00Z")))
    }

    @Test func fitbitDashboardActivitiesSection() throws {
        let (batch, result) = try totals("fitbit/fitbit_export_20210802.csv", tz: "Europe/Berlin")
        #expect(batch.rowCount == 2)  // Body and Sleep rows are not read
        #expect(result.rounded == [stepDay("2021-08-01"): 45726, stepDay("2021-08-02"): 10234])
    }

    @Test func samsungDailyTrendKeepsOnlyTheAggregateRows() throws {
        let (batch, result) = try totals(
            "samsung_health/com.samsung.shealth.step_daily_trend.20250919120000.csv", tz: "Asia/Seoul")
        #expect(batch.issues.isEmpty)
        #expect(result.rounded == [stepDay("2025-09-17"): 8123, stepDay("2025-09-18"): 10450])
        let (_, older) = try totals(
            "samsung_health/com.samsung.shealth.step_daily_trend.20181130090000.csv", tz: "Asia/Seoul")
        #expect(older.rounded == [stepDay("2018-11-28"): 6543])
    }

    @Test func gadgetbridgeMinutesPerDeviceWithSentinels() throws {
        let (batch, utc) = try totals("gadgetbridge/gadgetbridge_rows.csv", tz: "UTC")
        #expect(batch.samples.count == 3)  // the -1 row is a "no data" sentinel
        #expect(utc.rounded == [stepDay("2024-01-01"): 80])
        #expect(
            utc.roundedPerSource[stepDay("2024-01-01")] == ["Gadgetbridge device 1": 30, "Gadgetbridge device 2": 60])
        let (_, newYork) = try totals("gadgetbridge/gadgetbridge_rows.csv", tz: "America/New_York")
        #expect(newYork.rounded == [stepDay("2023-12-31"): 80])
        // The real header alone is recognised and yields nothing.
        let (headerOnly, _) = try totals("gadgetbridge/CSVExport_header__header_only.csv", tz: "UTC")
        #expect(headerOnly.samples.isEmpty)
    }

    @Test func genericMappingSplitsASampleCrossingMidnight() throws {
        let mapping = GenericMapping(
            start: "when", end: "until", steps: "count", source: "app", dateFormat: "dd.MM.yyyy HH:mm")
        let (batch, result) = try totals("generic/pedometer_log.csv", tz: "Europe/Berlin", format: .generic(mapping))
        #expect(batch.sources.map(\.name) == ["Pedometer"])
        #expect(result.rounded == [stepDay("2024-01-05"): 1300, stepDay("2024-01-06"): 100])
    }

    @Test func detectionUsesColumnNamesNotPositions() {
        func detect(_ header: String) -> String? {
            StepFormat.detect(
                StepHeader(header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))?
                .name
        }
        #expect(detect("value,endDate,startDate,sourceName") == "apple-health")
        #expect(detect("STEPS,TIMESTAMP,DEVICE_ID") == "gadgetbridge")
        #expect(detect("day_time,count,binning_data,") == "samsung-daily-trend")
        #expect(
            detect("com.samsung.health.step_count.count,com.samsung.health.step_count.day_time")
                == "samsung-daily-trend")
        #expect(detect("Id,ActivityDate,TotalSteps") == "fitbit-daily")
        #expect(detect("Id,ActivityHour,StepTotal") == "fitbit-hourly")
        #expect(detect("Start time,End time,Calories (kcal),Step count") == "google-fit-intraday")
        #expect(detect("Date,Calories (kcal),Step count") == "google-fit-daily")
        #expect(detect("Date,Active Energy (kcal),Step Count (count)") == "health-auto-export")
        #expect(detect("Date/Time,Active Energy (kJ),Step Count (count)") == "health-auto-export")
        #expect(detect("Start,Finish,Steps (count)") == "qs-access")
        #expect(detect("Date,Calories Burned,Steps,Distance") == "fitbit-dashboard")
        #expect(detect("Datum,Gewicht (kg),Schrittzahl (Anzahl)") == "health-auto-export")
        #expect(detect("when,what,how much") == nil)
        // Google's newer per-minute files are not Health Auto Export; they need a generic mapping.
        #expect(detect("timestamp,steps,data source") == nil)
    }

    @Test func unknownLayoutAndFormatOverride() throws {
        let text = "day,walked\n2024-01-05,1200\n"
        #expect(throws: StepImportError.self) { try importText(text) }
        let mapping = GenericMapping(start: "day", steps: "walked", dateFormat: "yyyy-MM-dd")
        let batch = try importText(text, tz: "Europe/Berlin", format: try StepFormat(name: "generic", mapping: mapping))
        let result = StepAggregator.aggregate(batch, options: StepAggregationOptions(timeZone: zone("Europe/Berlin")))
        #expect(result.rounded == [stepDay("2024-01-05"): 1200])
        #expect(throws: StepImportError.unknownFormatName("fitbit-monthly")) { try StepFormat(name: "fitbit-monthly") }
        // An override that does not fit the header names the missing column.
        #expect(throws: StepImportError.self) { try importText(text, format: try StepFormat(name: "fitbit-daily")) }
    }
}
