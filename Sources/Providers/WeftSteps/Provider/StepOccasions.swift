import Foundation
import WeftCore
import WeftPrimitives

/// The `[goals]` occasion of a steps snapshot: today's goal met, told once per local day.
enum StepOccasions {
    /// The occasion of the day of `query`'s now, when the snapshot shows its goal met: due when the snapshot first
    /// showed it (its import), or now when that is earlier, so a goal met while the notifier was away is still told
    /// that day; it expires at the day's end. Reads no options.
    static func occasions(_ steps: StepsSnapshot, snapshot: Snapshot, query: OccasionQuery) -> [Occasion] {
        let zone = query.context.viewing(recordedZone: steps.timeZone).timeZone
        let now = query.context.now
        let today = StepDay(containing: now, in: zone)
        guard let record = steps.history.days[today], record.goal > 0, record.steps >= record.goal else { return [] }
        let shown = steps.history.updatedAt ?? snapshot.fetchedAt
        let at = max(shown, now)
        let dayEnd = today.adding(days: 1).start(in: zone)
        guard at < query.until, at < dayEnd else { return [] }
        return [
            Occasion(
                kind: .goal, key: "goal:steps:\(snapshot.instance):\(today.iso)", at: at,
                title: "Step goal reached", body: "\(record.steps) of \(record.goal) steps today", urgency: .low,
                expires: dayEnd,
                fields: [
                    "instance": snapshot.instance, "date": today.iso, "steps": String(record.steps),
                    "goal": String(record.goal),
                ])
        ]
    }
}
