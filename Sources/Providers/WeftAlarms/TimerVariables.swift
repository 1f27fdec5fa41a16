import Foundation
import WeftCore
import WeftPrimitives

/// The `__timer_*` variables, derived from the timers at the render's `now`.
///
/// ## Keys
///
/// Each key follows the prefix (`__timer_` by default). They describe the current timer: the running one that ends
/// first, else the one paused last, else the one that finished last (a finished timer stays until `weft timer
/// stop`).
///
/// | key | meaning | example |
/// |---|---|---|
/// | `count` | how many timers there are | `1` |
/// | `state` | the current timer's state: `running`, `paused`, `done`, or `idle` when there is none | `running` |
/// | `label` | its label | `Tea` |
/// | `id` | its id (what `weft timer pause ID` takes) | `tea` |
/// | `remaining` | time left in the round, `mm:ss` (`h:mm:ss` from an hour; a started second counts) | `04:05` |
/// | `remaining_seconds` | the same in whole seconds | `245` |
/// | `fraction` | how much of the round has run, `0.000` to `1.000` | `0.183` |
/// | `round` | the round, `N/M` | `1/4` |
/// | `ends_iso` | when the round ends, UTC, while it runs | `2026-11-27T12:25:00Z` |
/// | `ends_time` | the same as local `HH:mm` | `13:25` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when a timer was last changed, UTC | `2026-11-27T12:00:00Z` |
/// | `age_min` | whole minutes since then | `5` |
/// | `stale` | always `0`: the timers are the user's own records | `0` |
/// | `error` | never set | `` |
public enum TimerVariables {
    /// Derives the variables; `prefix` defaults to `__timer_`.
    public static func values(
        _ snapshot: TimersSnapshot, context: VariableContext, prefix: String = "__timer_"
    ) -> [String: String] {
        let now = context.now
        var result: [String: String] = [:]
        func set(_ key: String, _ value: String) { result[prefix + key] = value }
        set("count", String(snapshot.timers.count))
        guard let timer = TimerBook(timers: snapshot.timers).current(at: now) else {
            set("state", "idle")
            return result
        }
        let remaining = timer.remaining(at: now)
        set("state", timer.state(at: now).rawValue)
        set("label", timer.label)
        set("id", timer.id)
        set("remaining", CountdownTimer.clock(remaining))
        set("remaining_seconds", String(Int(remaining.rounded(.up))))
        set("fraction", NumberText.fixed(timer.fraction(at: now), places: 3))
        set("round", "\(timer.round(at: now))/\(timer.rounds)")
        if let end = timer.roundEnd(at: now) {
            set("ends_iso", ISOInstant.format(end))
            set("ends_time", LocalText.time(end, in: context.timeZone))
        }
        return result
    }
}
