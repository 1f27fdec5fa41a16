import Foundation
import Testing
import WeftTestSupport

@testable import WeftSteps

@Suite struct AggregationTests {
    /// A batch built from (source, ISO start, ISO end, steps).
    private func batch(_ rows: [(String, String, String, Double)], device: [String: String] = [:]) -> StepBatch {
        var batch = StepBatch()
        for (source, start, end, steps) in rows {
            let index = batch.source(named: source, device: device[source] ?? "")
            batch.samples.append(
                StepSample(
                    source: index, start: instant(start).timeIntervalSince1970,
                    end: instant(end).timeIntervalSince1970, steps: steps))
        }
        return batch
    }

    private func aggregate(
        _ batch: StepBatch, tz: String = "UTC", dedup: DedupMode = .priority, priority: [String] = []
    )
        -> StepTotals
    {
        StepAggregator.aggregate(
            batch, options: StepAggregationOptions(timeZone: zone(tz), dedup: dedup, priority: priority))
    }

    /// A sample whose instants are far outside any clock (a millisecond timestamp read as seconds, a cached
    /// blob) or that lasts for years is skipped, not walked minute by minute (which never ended before).
    @Test func samplesBeyondAnyClockOrLongerThanAWeekAreSkippedNotWalked() {
        var batch = self.batch([("Phone", "2024-03-09T08:00:00Z", "2024-03-09T08:01:00Z", 100)])
        batch.samples.append(StepSample(source: 0, start: 1e15, end: 1e15 + 60, steps: 50))
        batch.samples.append(StepSample(source: 0, start: 7e8, end: 4e9, steps: 50))
        let totals = aggregate(batch)
        #expect(totals.days.values.reduce(0, +) == 100)
    }

    /// Through a reader, such a stamp is a bad row with its line (here Gadgetbridge's CSV with microseconds).
    @Test func aStampBeyondAnyClockIsABadRowWithItsLine() throws {
        let text =
            "TIMESTAMP,DEVICE_ID,USER_ID,RAW_INTENSITY,STEPS,RAW_KIND,HEART_RATE\n"
            + "1000000000000000,1,1,10,50,1,70\n1700000000,1,1,10,60,1,70\n"
        let batch = try importText(text, format: .gadgetbridge, lenient: true)
        #expect(batch.samples.count == 1)
        #expect(
            batch.issues.map(\.description) == [
                "test.csv:2: the sample's time is outside 1990–2100 (is the unit of the timestamps wrong?)"
            ])
    }

    private let overlapping = [
        ("Phone", "2024-01-05T10:00:00Z", "2024-01-05T10:01:00Z", 40.0),
        ("My Watch", "2024-01-05T10:00:00Z", "2024-01-05T10:01:00Z", 30.0),
        // Only the phone saw this minute: it fills the gap.
        ("Phone", "2024-01-05T10:05:00Z", "2024-01-05T10:06:00Z", 10.0),
    ]

    @Test func priorityTakesTheWatchOverThePhoneAndThePhoneFillsGaps() {
        let result = aggregate(batch(overlapping))
        #expect(result.rounded == [stepDay("2024-01-05"): 40])
        #expect(result.roundedPerSource[stepDay("2024-01-05")] == ["Phone": 50, "My Watch": 30])
    }

    @Test func userEnteredStepsOutrankDevices() {
        var rows = overlapping
        rows.append(("Health", "2024-01-05T10:00:00Z", "2024-01-05T10:01:00Z", 5))
        #expect(aggregate(batch(rows)).rounded == [stepDay("2024-01-05"): 15])
    }

    @Test func configuredPriorityListOverridesTheClasses() {
        let result = aggregate(batch(overlapping), priority: ["Phone"])
        #expect(result.rounded == [stepDay("2024-01-05"): 50])
    }

    @Test func maxTakesTheLargestSourcePerMinute() {
        let rows =
            overlapping + [
                ("My Watch", "2024-01-05T11:00:00Z", "2024-01-05T11:01:00Z", 70.0),
                ("Phone", "2024-01-05T11:00:00Z", "2024-01-05T11:01:00Z", 20.0),
            ]
        #expect(aggregate(batch(rows), dedup: .max).rounded == [stepDay("2024-01-05"): 120])
        #expect(aggregate(batch(rows), dedup: .priority).rounded == [stepDay("2024-01-05"): 110])
    }

    @Test func exactDuplicateRowsAreDroppedButEqualStepsAtOtherTimesAreNot() {
        let rows = [
            ("Phone", "2024-01-05T10:00:00Z", "2024-01-05T10:01:00Z", 40.0),
            ("Phone", "2024-01-05T10:00:00Z", "2024-01-05T10:01:00Z", 40.0),
            ("Phone", "2024-01-05T10:01:00Z", "2024-01-05T10:02:00Z", 40.0),
        ]
        #expect(aggregate(batch(rows)).rounded == [stepDay("2024-01-05"): 80])
    }

    @Test func zeroLengthSamplesAreDayTotalsForEveryMetric() {
        // Garmin Connect in Apple Health: one record per day at 23:59:59, start = end, holding the day's total. A
        // source's instants on a local day are summed into its day total; the day takes the larger of that and
        // the samples' de-duplicated total, for steps and the other metrics alike.
        var input = batch([
            ("iPhone", "2024-05-01T08:00:00Z", "2024-05-01T08:10:00Z", 1200.0),
            ("Connect", "2024-05-01T21:59:59Z", "2024-05-01T21:59:59Z", 9321.0),
            ("iPhone", "2024-05-02T08:00:00Z", "2024-05-02T08:40:00Z", 6000.0),
            ("Connect", "2024-05-02T21:59:59Z", "2024-05-02T21:59:59Z", 5480.0),
            // Another source's instants through the day (a timestamp-only CSV) add up to its day total.
            ("Log", "2024-05-03T06:00:00Z", "2024-05-03T06:00:00Z", 300.0),
            ("Log", "2024-05-03T12:00:00Z", "2024-05-03T12:00:00Z", 400.0),
        ])
        let connect = input.source(named: "Connect")
        let iPhone = input.source(named: "iPhone")
        input.activity[.distance] = [
            StepSample(source: iPhone, start: 1_714_550_400, end: 1_714_551_000, steps: 900),
            StepSample(source: connect, start: 1_714_600_799, end: 1_714_600_799, steps: 13_373.6),
        ]
        let result = StepAggregator.aggregate(
            input, options: StepAggregationOptions(timeZone: zone("Europe/Berlin")))
        #expect(
            result.rounded == [stepDay("2024-05-01"): 9321, stepDay("2024-05-02"): 6000, stepDay("2024-05-03"): 700])
        #expect(result.activity[.distance] == [stepDay("2024-05-01"): 13_373.6])
        #expect(result.roundedPerSource[stepDay("2024-05-01")] == ["iPhone": 1200, "Connect": 9321])
    }

    @Test func stepsAreSpreadOverSecondsAndRoundedOnceAtTheEnd() {
        // 10 steps over 3 minutes: 3.33… per minute; three samples of it would round to 9 if each were rounded.
        let rows = [
            ("Phone", "2024-01-05T10:00:00Z", "2024-01-05T10:03:00Z", 10.0),
            ("Phone", "2024-01-05T11:00:20Z", "2024-01-05T11:00:50Z", 0.5),
            ("Phone", "2024-01-05T12:00:00Z", "2024-01-05T12:00:10Z", 0.5),
        ]
        let result = aggregate(batch(rows))
        #expect(result.days[stepDay("2024-01-05")] == 11)
        #expect(result.rounded == [stepDay("2024-01-05"): 11])
    }

    @Test func aSampleCrossingLocalMidnightIsSplitBetweenTheDays() {
        // 23:50–00:10 Berlin time (CET, UTC+1): 100 steps before midnight, 100 after.
        let rows = [("Phone", "2024-01-05T22:50:00Z", "2024-01-05T23:10:00Z", 200.0)]
        #expect(
            aggregate(batch(rows), tz: "Europe/Berlin").rounded == [
                stepDay("2024-01-05"): 100, stepDay("2024-01-06"): 100,
            ])
        // In UTC the same sample is all on one day.
        #expect(aggregate(batch(rows), tz: "UTC").rounded == [stepDay("2024-01-05"): 200])
    }

    @Test func berlinDaylightSavingDaysHave23And25Hours() {
        // 100 steps every UTC hour from 2024-03-30 20:00Z to 2024-03-31 23:00Z and around the October change.
        var rows: [(String, String, String, Double)] = []
        let formatter = ISO8601DateFormatter()
        for (first, hours) in [("2024-03-30T20:00:00Z", 28), ("2024-10-26T20:00:00Z", 30)] {
            let start = instant(first)
            for hour in 0..<hours {
                let from = start.addingTimeInterval(Double(hour) * 3600)
                rows.append(("Watch", formatter.string(from: from), formatter.string(from: from + 3600), 100))
            }
        }
        let result = aggregate(batch(rows), tz: "Europe/Berlin")
        #expect(result.rounded[stepDay("2024-03-31")] == 2300)
        #expect(result.rounded[stepDay("2024-10-27")] == 2500)
    }

    @Test func naiveLocalTimesUseTheConfiguredZoneAcrossTheSpringGap() throws {
        let text = """
            SourceName,Type,StartDate,EndDate,Value
            Phone,StepCount,2024-03-31 01:59:00,2024-03-31 03:01:00,120

            """
        let batch = try importText(text, tz: "Europe/Berlin")
        let sample = try #require(batch.samples.first)
        // 01:59 CET to 03:01 CEST is 2 real minutes.
        #expect(sample.end - sample.start == 120)
        #expect(Date(timeIntervalSince1970: sample.start) == instant("2024-03-31T00:59:00Z"))
    }

    @Test func dailyOnlySourcesTakeThePerDayMaximum() throws {
        var combined = batch([("Phone", "2024-01-05T10:00:00Z", "2024-01-05T10:10:00Z", 500)])
        var daily = StepBatch()
        let fit = daily.source(named: "Google Fit")
        daily.dailyTotals = [
            DailyStepTotal(source: fit, day: stepDay("2024-01-05"), steps: 800),
            DailyStepTotal(source: fit, day: stepDay("2024-01-05"), steps: 700),
            DailyStepTotal(source: fit, day: stepDay("2024-01-06"), steps: 300),
        ]
        combined.append(daily)
        let result = aggregate(combined)
        #expect(result.rounded == [stepDay("2024-01-05"): 800, stepDay("2024-01-06"): 300])
        #expect(result.roundedPerSource[stepDay("2024-01-05")] == ["Phone": 500, "Google Fit": 800])
    }

    @Test func sourcesAreClassifiedByNameAndDevice() {
        #expect(StepSource.classify(name: "Health", device: "") == .userEntered)
        #expect(StepSource.classify(name: "Anna’s Apple Watch", device: "") == .watch)
        #expect(StepSource.classify(name: "Anna", device: "<<HKDevice>, model:Watch, hardware:Watch5,1>") == .watch)
        #expect(StepSource.classify(name: "Anna", device: "<<HKDevice>, model:iPhone>") == .phone)
        #expect(StepSource.classify(name: "Pixel 7", device: "") == .phone)
        #expect(StepSource.classify(name: "Pedometer++", device: "") == .other)
    }
}
