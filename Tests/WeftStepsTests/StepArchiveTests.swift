import Foundation
import Testing
import WeftTestSupport

@testable import WeftSteps

@Suite struct StepArchiveTests {
    func batch(_ samples: [(String, Double, Double, Double)], days: [(String, StepDay, Double)] = []) -> StepBatch {
        var batch = StepBatch()
        for (source, start, end, steps) in samples {
            let index = batch.source(named: source, device: source.contains("Watch") ? "Apple Watch" : "")
            batch.samples.append(StepSample(source: index, start: start, end: end, steps: steps))
        }
        for (source, day, steps) in days {
            batch.dailyTotals.append(DailyStepTotal(source: batch.source(named: source), day: day, steps: steps))
        }
        return batch
    }

    @Test func newerImportReplacesTheSpanItCoversPerSource() {
        var archive = StepArchive()
        archive.merge(batch([("iPhone", 0, 60, 10), ("iPhone", 600, 660, 20), ("Watch", 0, 60, 7)]))
        // A later export of the iPhone from t = 300 on: the sample at 600 is replaced, the one at 0 stays.
        archive.merge(batch([("iPhone", 300, 360, 5), ("iPhone", 600, 660, 25)]))
        #expect(archive.entries["iPhone"]?.samples.map(\.steps) == [10, 5, 25])
        #expect(archive.entries["Watch"]?.samples.map(\.steps) == [7], "other sources are untouched")
        archive.merge(batch([("iPhone", 300, 360, 5), ("iPhone", 600, 660, 25)]))
        #expect(archive.entries["iPhone"]?.samples.count == 3, "re-importing the same export changes nothing")
    }

    @Test func blobsRoundTripWithSourceKinds() throws {
        var archive = StepArchive()
        let day = StepDay(year: 2026, month: 3, day: 10)
        archive.merge(
            batch([("Anna's Apple Watch", 1.5, 61.25, 12.5), ("iPhone", -30, 0, 3)], days: [("Google Fit", day, 8421)]))
        let store = MemoryProviderData()
        try Self.write(archive, to: store)
        let restored = try StepArchive.load(from: store)
        #expect(restored == archive)
        #expect(
            restored.entries["Anna's Apple Watch"]?.source.kind == archive.entries["Anna's Apple Watch"]?.source.kind)
        try store.updateProviderData(instance: "record:steps", set: ["samples@2026-03/x": Data([0, 1, 2])], remove: [])
        #expect(throws: StepArchiveError.self) { try StepArchive.load(from: store) }
    }

    static func write(_ archive: StepArchive, to store: MemoryProviderData) throws {
        var archive = archive
        let change = archive.takeChanges()
        try store.updateProviderData(instance: "record:steps", set: change.set, remove: change.remove)
    }

    /// One record per metric, source and month: a load for a scope reads only its months (with the margin), and the
    /// merge writes back only the months it touched.
    @Test func anImportReadsAndWritesOnlyTheMonthsItCovers() throws {
        let day = 86_400.0
        // 2026-01-01T00:00Z, then a sample on the 15th of each month of 2026.
        let january = 1_767_225_600.0
        var samples: [(String, Double, Double, Double)] = []
        for month in 0..<12 {
            let start = january + Double(month) * 31 * day + 14 * day
            samples += [("iPhone", start, start + 60, 10), ("Watch", start, start + 60, 12)]
        }
        var archive = StepArchive()
        archive.merge(batch(samples))
        let store = MemoryProviderData()
        try Self.write(archive, to: store)
        let keys = try store.userRecords(kind: "steps").keys
        #expect(keys.count == 24 && keys.contains("samples@2026-01/iPhone") && keys.contains("samples@2026-12/Watch"))

        // A newer iPhone export of one sample on 2026-06-20 (the 6th month's sample is on 2026-06-19 with 31-day
        // strides): the scope reads May to June of both sources, not the year.
        let newer = batch([("iPhone", january + 170 * day, january + 170 * day + 60, 99)])
        let scope = StepArchive.scope(of: newer, zone: zone("Europe/Berlin"))
        var loaded = try StepArchive.load(from: store, scope: scope)
        #expect(loaded.months == scope.months)
        #expect(loaded.entries["Watch"]?.samples.count ?? 0 <= 2)
        #expect(loaded.entries["iPhone"]?.samples.count ?? 0 <= 2)
        loaded.merge(newer)
        let change = loaded.takeChanges()
        #expect(change.set.keys.sorted() == ["samples@2026-06/iPhone"], "\(change)")
        #expect(change.remove.isEmpty)
        try store.updateProviderData(instance: "record:steps", set: change.set, remove: change.remove)
        let all = try StepArchive.load(from: store)
        #expect(all.entries["iPhone"]?.samples.count == 13)
        #expect(all.entries["Watch"]?.samples.count == 12)
    }

    /// A cache written before months were kept apart (one record per source and metric) still loads, also for a
    /// scope, and the next import rewrites it by month.
    @Test func anArchiveFromBeforeMonthsLoadsAndIsRewritten() throws {
        func blob(_ samples: [(Double, Double, Double)]) -> Data {
            var data = Data([UInt8(StepSource(name: "iPhone").kind.rawValue)])
            for (start, end, steps) in samples {
                for value in [start, end, steps] {
                    withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
                }
            }
            return data
        }
        let january = 1_767_225_600.0
        let store = MemoryProviderData()
        try store.updateProviderData(
            instance: "record:steps",
            set: [
                "samples/iPhone": blob([
                    (january, january + 60, 10), (january + 40 * 86_400, january + 40 * 86_400 + 60, 20),
                ])
            ],
            remove: [])
        let newer = batch([("iPhone", january + 100 * 86_400, january + 100 * 86_400 + 60, 30)])
        var loaded = try StepArchive.load(from: store, scope: StepArchive.scope(of: newer, zone: zone("UTC")))
        #expect(loaded.months == nil, "read whole")
        #expect(loaded.entries["iPhone"]?.samples.map(\.steps) == [10, 20])
        loaded.merge(newer)
        let change = loaded.takeChanges()
        #expect(change.remove == ["samples/iPhone"])
        #expect(
            change.set.keys.sorted() == ["samples@2026-01/iPhone", "samples@2026-02/iPhone", "samples@2026-04/iPhone"])
        try store.updateProviderData(instance: "record:steps", set: change.set, remove: change.remove)
        #expect(try StepArchive.load(from: store).entries["iPhone"]?.samples.map(\.steps) == [10, 20, 30])
    }

    /// An import that reads only its months gives the history a rebuild from everything gives: two sources over
    /// half a year (across a DST change, with distance, a sample across midnight and a day-only source), then a
    /// newer export of one of them overlapping the last weeks.
    @Test func aScopedImportGivesWhatAFullRebuildGives() throws {
        let berlin = zone("Europe/Berlin")
        let library = StepLibrary(instance: "steps", settings: StepSettings(), timeZone: berlin)
        let january = 1_767_225_600.0
        func export(_ source: String, days: Range<Int>, scale: Double) -> StepBatch {
            var result = StepBatch()
            let index = result.source(named: source, device: source.contains("Watch") ? "Apple Watch" : "")
            for day in days {
                for hour in [7, 12, 23] {
                    let start = january + Double(day) * 86_400 + Double(hour) * 3_600 + 1_800
                    let end = start + (hour == 23 ? 3_600 : 600)
                    result.samples.append(
                        StepSample(source: index, start: start, end: end, steps: scale * Double(day % 17 + hour)))
                    result.activity[.distance, default: []].append(
                        StepSample(source: index, start: start, end: end, steps: scale * 7.5 * Double(hour)))
                }
            }
            return result
        }
        var fit = StepBatch()
        let fitIndex = fit.source(named: "Google Fit")
        for day in stride(from: 0, to: 180, by: 9) {
            fit.dailyTotals.append(
                DailyStepTotal(
                    source: fitIndex, day: StepDay(year: 2026, month: 1, day: 1).adding(days: day), steps: 500))
        }
        let now = Date(timeIntervalSince1970: january + 200 * 86_400)
        let store = MemoryProviderData()
        var previous: StepsSnapshot?
        for batch in [
            export("iPhone", days: 0..<170, scale: 1), export("Anna's Apple Watch", days: 20..<180, scale: 1.1), fit,
            export("iPhone", days: 150..<185, scale: 1.3),
        ] {
            let (snapshot, records) = try library.rebuild(
                adding: batch, store: store, previous: previous, files: [:], now: now)
            for change in records {
                try store.updateProviderData(instance: "record:steps", set: change.set, remove: change.remove)
            }
            previous = snapshot
        }
        let full = try library.rebuild(adding: nil, store: store, previous: nil, files: [:], now: now).snapshot
        let scoped = try #require(previous)
        // 2026-01-01 to the day after the last (its 23:30 UTC sample ends in the next local day).
        #expect(scoped.history.days.count == 186)
        #expect(scoped.history.days == full.history.days)
        #expect(scoped.history.activity == full.history.activity)
        #expect(scoped.perSource == full.perSource)
        #expect(scoped.activityMetrics == full.activityMetrics)
    }

    /// An import counting days in another zone than the history was counted in (another `--tz`) recounts every day,
    /// as a rebuild does, not only the days it covers; and a batch spanning centuries is a range, not a day each.
    @Test func anImportInAnotherZoneRecountsEveryDay() throws {
        let store = MemoryProviderData()
        let now = instant("2026-03-10T12:00:00Z")
        let evening = 1_772_924_400.0  // 2026-03-07T23:00:00Z: Sunday in Berlin, Saturday in New York
        var snapshots: [StepsSnapshot] = []
        for (zoneName, samples) in [
            (
                "Europe/Berlin",
                [
                    ("iPhone", evening, evening + 60, 100.0),
                    ("iPhone", evening - 40 * 86_400, evening - 40 * 86_400 + 60, 7),
                ]
            ),
            ("America/New_York", [("iPhone", evening + 86_400, evening + 86_400 + 60, 5)]),
        ] {
            let library = StepLibrary(instance: "steps", settings: StepSettings(), timeZone: zone(zoneName))
            let (snapshot, records) = try library.rebuild(
                adding: batch(samples), store: store, previous: snapshots.last, files: [:], now: now)
            for change in records {
                try store.updateProviderData(instance: "record:steps", set: change.set, remove: change.remove)
            }
            snapshots.append(snapshot)
        }
        // The older sample (2026-01-26T23:00Z) is on the 26th in New York: counted there although the second import
        // does not cover it (the 27th, Berlin's day, stays as a day the history had).
        #expect(snapshots[1].history.days[StepDay(year: 2026, month: 1, day: 26)]?.steps == 7)
        #expect(snapshots[1].history.days[StepDay(year: 2026, month: 3, day: 8)]?.steps == 5)
        let york = StepLibrary(instance: "steps", settings: StepSettings(), timeZone: zone("America/New_York"))
        let full = try york.rebuild(adding: nil, store: store, previous: snapshots[0], files: [:], now: now).snapshot
        #expect(snapshots[1].history.days == full.history.days)

        let wide = StepArchive.scope(
            of: batch([
                ("iPhone", -62_000_000_000, -61_999_999_940, 1), ("iPhone", 253_000_000_000, 253_000_000_060, 1),
            ]),
            zone: zone("UTC"))
        #expect(wide.days.count == 1)
        #expect(wide.decides(StepDay(year: 2026, month: 3, day: 10)))
    }
}
