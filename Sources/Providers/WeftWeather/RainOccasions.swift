import Foundation
import WeftCore
import WeftPrimitives

/// The `[rain]` occasions of a weather snapshot: a wet spell in the minute nowcast about to start, and one about
/// to stop.
///
/// A spell is a run of minutes whose expected intensity is wet by ``Nowcast/wetThreshold`` (the threshold the
/// `rain_*` variables use), read on the provider's own minutes (the nowcast anchored at its forecast start), so a
/// spell has the same start minute in every refresh that sees it: its key and thread are made of the instance and
/// that minute (`rain:<instance>:<start ISO>`). Nothing comes from a snapshot past its validity, and each occasion
/// expires with it.
enum RainOccasions {
    /// `lead` when `[rain]` does not set it.
    static let defaultLead = Duration.seconds(15 * 60)
    /// The countdown steps after the lead, minutes before the start: the notification is updated in place.
    static let steps = [10, 5]
    /// How long before its last wet minute ends a spell is told to be stopping.
    static let stopLead = 5

    /// Options: `lead` (duration, default 15m: how long before a spell starts it is first told).
    static func occasions(_ weather: WeatherSnapshot, snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        let leadTime = try query.duration("lead", in: .rain, default: defaultLead)
        // Whole minutes, at least one; the nowcast sees an hour ahead, so a longer lead is told when first seen.
        let lead = CheckedNumber.clamped(DurationText.seconds(leadTime) / 60, to: 1...1440)
        let now = query.context.now
        guard !Validity.isStale(until: snapshot.validUntil, at: now), let series = weather.minutes else { return [] }
        let nowcast = Nowcast(series: series, now: series.forecastStart)
        let base = (series.forecastStart.timeIntervalSince1970 / 60).rounded(.down) * 60
        func minute(_ index: Int) -> Date { Date(timeIntervalSince1970: base + Double(index) * 60) }
        // The moment the spell was first seen: a spell found within its lead is told from then, not earlier.
        let seen = Date(timeIntervalSince1970: (snapshot.fetchedAt.timeIntervalSince1970 / 60).rounded(.up) * 60)
        let expected = nowcast.expectedByMinute
        let catalog = query.context.catalog
        let instance = snapshot.instance
        var result: [Occasion] = []

        func add(_ due: Date, key: String, thread: String, title: String, start: Date?, end: Date?) {
            guard due < query.until, due < snapshot.validUntil else { return }
            var fields = ["instance": instance]
            fields["start"] = start.map { ISOInstant.format($0) }
            fields["end"] = end.map { ISOInstant.format($0) }
            result.append(
                Occasion(
                    kind: .rain, key: key, at: due, thread: thread, title: title, body: weather.locationName,
                    expires: snapshot.validUntil, fields: fields))
        }

        var index = 0
        while index < expected.count {
            guard let value = expected[index], value > 0 else {
                index += 1
                continue
            }
            let first = index
            while index < expected.count, let value = expected[index], value > 0 { index += 1 }
            // The spell's end is known only where a dry minute follows it.
            let endIndex: Int? = index < expected.count && expected[index] != nil ? index : nil
            // A spell wet from the series' first minute began before it: its start minute is not known.
            let startKnown = first > 0 && expected[first - 1] != nil
            let start = minute(first)
            let peak = expected[first..<index].compactMap { $0 }.max() ?? 0
            // English lowercases the intensity after the count; other languages keep their catalog's case (German
            // nouns are capitalized).
            let label = Nowcast.intensityLabel(peak, catalog: catalog)
            let words = catalog.code == "en" ? label.lowercased() : label
            let end = endIndex.map(minute)
            let thread =
                startKnown
                ? "rain:\(instance):\(ISOInstant.format(start))"
                : "rain:\(instance):until:\(end.map { ISOInstant.format($0) } ?? "unknown")"

            if startKnown, start > now {
                // The lead step, then the countdown steps from it on; of steps already due only the latest instant
                // is kept (they update one notification). A step at the very instant the lead was moved to (a
                // refresh landing on it) is kept beside the lead: the lead may have been told from an earlier
                // refresh already, and each key fires once whichever snapshot names it.
                var countdown: [(due: Date, key: String)] = []
                let leadDue = max(start.addingTimeInterval(-Double(lead * 60)), seen)
                if leadDue < start { countdown.append((leadDue, "\(thread):lead")) }
                for step in steps where step < lead {
                    let due = start.addingTimeInterval(-Double(step * 60))
                    if due >= leadDue { countdown.append((due, "\(thread):\(step)")) }
                }
                let lastDue = countdown.filter { $0.due <= now }.map(\.due).max()
                for step in countdown where lastDue.map({ step.due >= $0 }) ?? true {
                    let minutes = wholeMinutes(from: step.due, to: start)
                    add(
                        step.due, key: step.key, thread: thread,
                        title: catalog.text(
                            "Rain in {count} min · {intensity}", ["count": String(minutes), "intensity": words]),
                        start: start, end: end)
                }
            }
            if let end, end > now {
                let due = max(end.addingTimeInterval(-Double(stopLead * 60)), start, seen)
                if due < end {
                    let minutes = wholeMinutes(from: due, to: end)
                    add(
                        due, key: "rain:\(instance):\(ISOInstant.format(end)):stop", thread: thread,
                        title: catalog.text("Rain stopping in {count} min", ["count": String(minutes)]),
                        start: startKnown ? start : nil, end: end)
                }
            }
        }
        return result
    }

    /// The minutes from `start` to `end` as a countdown says them, at least 1.
    static func wholeMinutes(from start: Date, to end: Date) -> Int {
        CheckedNumber.clamped(end.timeIntervalSince(start) / 60, to: 1...1440, rounding: .toNearestOrAwayFromZero)
    }
}
