import Foundation
import WeftCore
import WeftPrimitives

/// The `__alarms_*` variables, derived from the alarms at the render's `now`: nothing here was stored as text, so a
/// countdown is true when shown.
///
/// ## Keys
///
/// Each key follows the prefix (`__alarms_` by default). "Next" is the first moment an enabled alarm makes a sound
/// after `now`: an occurrence that is not skipped or dismissed, or a snoozed alarm going off again. Times are in
/// the render's zone; alarms keep their own zone for when they go off.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `count` | how many alarms there are, on or off | `3` |
/// | `enabled_count` | how many are on | `2` |
/// | `count_today` | occurrences today (the render's local day) of alarms that are on, skipped ones left out | `1` |
/// | `next_label` | the next alarm's label | `Wake` |
/// | `next_id` | its id (what `weft alarm snooze ID` takes) | `wake` |
/// | `next_iso` | when it goes off, UTC | `2026-11-30T06:00:00Z` |
/// | `next_time` | when it goes off, local `HH:mm` | `07:00` |
/// | `next_minutes` | whole minutes until then (a started minute counts) | `605` |
/// | `next_countdown` | `{m}m` under an hour, `{h}h {mm}m` under a day, else `{d}d {h}h` | `10h 05m` |
/// | `ringing` | `1` while an alarm rings (10 minutes after it goes off, until snoozed or dismissed), else `0` | `0` |
/// | `ringing_label` | the ringing alarm's label, while one rings | `Wake` |
/// | `snoozed` | `1` while an alarm is snoozed, else `0` | `0` |
/// | `snoozed_label` | the snoozed alarm's label, while one is | `Wake` |
/// | `snoozed_until_time` | when it goes off again, local `HH:mm` | `07:09` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when an alarm was last changed, UTC | `2026-11-27T12:00:00Z` |
/// | `age_min` | whole minutes since then | `5` |
/// | `stale` | always `0`: the alarms are the user's own records | `0` |
/// | `error` | never set | `` |
public enum AlarmVariables {
    /// Derives the variables; `prefix` defaults to `__alarms_`.
    public static func values(
        _ snapshot: AlarmsSnapshot, context: VariableContext, prefix: String = "__alarms_"
    ) -> [String: String] {
        let now = context.now
        let zone = context.timeZone
        var result: [String: String] = [:]
        func set(_ key: String, _ value: String) { result[prefix + key] = value }
        let alarms = snapshot.alarms
        set("count", String(alarms.count))
        set("enabled_count", String(alarms.filter(\.enabled).count))
        let today = LocalDay.containing(now, in: zone)
        let (dayStart, dayEnd) = (LocalDay.start(of: today, in: zone), LocalDay.start(of: today + 1, in: zone))
        let todayCount = alarms.reduce(0) { sum, alarm in
            sum
                + (alarm.enabled
                    ? alarm.schedule.occurrences(from: dayStart, through: dayEnd.addingTimeInterval(-1)).filter {
                        $0 != alarm.skipped
                    }.count : 0)
        }
        set("count_today", String(todayCount))
        var ringing: Alarm?
        var snoozed: (Alarm, Date)?
        var next: (Alarm, Date)?
        for alarm in alarms {
            switch alarm.state(at: now) {
            case .ringing: if ringing == nil { ringing = alarm }
            case .snoozed(_, let until): if snoozed.map({ until < $0.1 }) ?? true { snoozed = (alarm, until) }
            case .idle: break
            }
            if let sound = alarm.nextSound(after: now), next.map({ sound < $0.1 }) ?? true { next = (alarm, sound) }
        }
        set("ringing", ringing == nil ? "0" : "1")
        if let ringing { set("ringing_label", ringing.label) }
        set("snoozed", snoozed == nil ? "0" : "1")
        if let (alarm, until) = snoozed {
            set("snoozed_label", alarm.label)
            set("snoozed_until_time", LocalText.time(until, in: zone))
        }
        if let (alarm, at) = next {
            let minutes = TimeUntil(from: now, to: at, in: zone).minutes
            set("next_label", alarm.label)
            set("next_id", alarm.id)
            set("next_iso", ISOInstant.format(at))
            set("next_time", LocalText.time(at, in: zone))
            set("next_minutes", String(minutes))
            set("next_countdown", countdown(minutes: minutes, catalog: context.catalog))
        }
        return result
    }

    /// `45m`, `10h 05m`, `2d 3h`: a countdown to the minute, for a bar, with `catalog`'s units (`10 Std. 05 Min.`).
    public static func countdown(minutes: Int, catalog: Catalog = .english) -> String {
        func unit(_ msgid: String, _ count: String) -> String { catalog.text(msgid, ["count": count]) }
        if minutes < 60 { return unit("{count}m", String(minutes)) }
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours < 24 {
            return unit("{count}h", String(hours)) + " " + unit("{count}m", rest < 10 ? "0\(rest)" : String(rest))
        }
        return unit("{count}d", String(hours / 24)) + " " + unit("{count}h", String(hours % 24))
    }
}
