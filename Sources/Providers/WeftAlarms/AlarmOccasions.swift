import Foundation
import WeftCore
import WeftPrimitives

/// What alarms and timers tell the notifier in a window: each alarm occurrence, its pre-alert, a snoozed alarm
/// going off again, each timer round running out.
///
/// Keys (the notifier fires each once):
/// - `alarm:<id>:<occurrence>`: an alarm going off at its scheduled occurrence (ISO 8601 UTC instant).
/// - `pre-alert:<id>:<occurrence>`: the countdown before it, `pre-alert` seconds earlier; it expires at the
///   occurrence.
/// - `alarm:<id>:<occurrence>:snooze:<until>`: a snoozed occurrence going off again at `until`.
/// - `timer:<id>:<started>:<round>`: a timer's round running out (`started` is the ISO instant it was started).
///
/// An alarm's pre-alert, its firing and its snoozes share the thread `alarm:<id>:<occurrence>`, so each replaces the
/// one before on screen; a timer's rounds share `timer:<id>`.
public enum AlarmOccasions {
    /// The alarms' occasions due in `[query.context.now, query.until)`.
    public static func alarms(_ snapshot: AlarmsSnapshot, instance: String, query: OccasionQuery) -> [Occasion] {
        let (start, end) = (query.context.now, query.until)
        let catalog = query.context.catalog
        guard start < end else { return [] }
        var result: [Occasion] = []
        for alarm in snapshot.alarms where alarm.enabled {
            let lead = TimeInterval(alarm.preAlert ?? 0)
            for occurrence in alarm.pending(from: start, through: end.addingTimeInterval(lead)) {
                let stamp = ISOInstant.format(occurrence)
                let thread = "alarm:\(alarm.id):\(stamp)"
                var fields = ["instance": instance, "alarm": alarm.id, "occurrence": stamp]
                if occurrence < end {
                    result.append(
                        Occasion(
                            kind: .alarm, key: thread, at: occurrence, thread: thread, title: alarm.label,
                            body: alarm.schedule.timeText, urgency: .critical, actions: actions(alarm, catalog),
                            fields: fields))
                }
                if lead > 0 {
                    let at = occurrence.addingTimeInterval(-lead)
                    if at >= start && at < end {
                        fields["pre-alert"] = String(Int(lead))
                        result.append(
                            Occasion(
                                kind: .preAlert, key: "pre-alert:\(alarm.id):\(stamp)", at: at, thread: thread,
                                title: catalog.text(
                                    "{alarm} in {countdown}",
                                    [
                                        "alarm": alarm.label,
                                        "countdown": AlarmVariables.countdown(
                                            minutes: Int(lead) / 60, catalog: catalog),
                                    ]),
                                body: alarm.schedule.timeText, urgency: .normal,
                                actions: [Occasion.Action(id: "dismiss", label: catalog.text("Dismiss"))],
                                expires: occurrence,
                                fields: fields))
                    }
                }
            }
            if let snooze = alarm.snoozed, snooze.occurrence > (alarm.dismissedThrough ?? .distantPast),
                snooze.until >= start, snooze.until < end
            {
                let stamp = ISOInstant.format(snooze.occurrence)
                let thread = "alarm:\(alarm.id):\(stamp)"
                result.append(
                    Occasion(
                        kind: .alarm, key: "\(thread):snooze:\(ISOInstant.format(snooze.until))", at: snooze.until,
                        thread: thread, title: alarm.label,
                        body: catalog.text(
                            "{time}, snoozed {count}×",
                            ["time": alarm.schedule.timeText, "count": String(snooze.count)]),
                        urgency: .critical, actions: actions(alarm, catalog),
                        fields: ["instance": instance, "alarm": alarm.id, "occurrence": stamp]))
            }
        }
        return result.sorted { ($0.at, $0.key) < ($1.at, $1.key) }
    }

    /// The timers' occasions due in `[query.context.now, query.until)`: each running round's end.
    public static func timers(_ snapshot: TimersSnapshot, instance: String, query: OccasionQuery) -> [Occasion] {
        let (start, end) = (query.context.now, query.until)
        let catalog = query.context.catalog
        var result: [Occasion] = []
        for timer in snapshot.timers {
            for (round, at) in timer.roundEnds where at >= start && at < end {
                let title =
                    timer.rounds > 1
                    ? catalog.text(
                        "{timer}: round {round} of {rounds} done",
                        ["timer": timer.label, "round": String(round), "rounds": String(timer.rounds)])
                    : timer.label
                result.append(
                    Occasion(
                        kind: .timer, key: "timer:\(timer.id):\(ISOInstant.format(timer.startedAt)):\(round)", at: at,
                        thread: "timer:\(timer.id)", title: title, body: catalog.text("Time's up"), urgency: .critical,
                        actions: [
                            Occasion.Action(id: "stop", label: catalog.text("Stop")),
                            Occasion.Action(id: "restart", label: catalog.text("Restart")),
                        ],
                        fields: ["instance": instance, "timer": timer.id, "round": String(round)]))
            }
        }
        return result.sorted { ($0.at, $0.key) < ($1.at, $1.key) }
    }

    private static func actions(_ alarm: Alarm, _ catalog: Catalog) -> [Occasion.Action] {
        [
            Occasion.Action(
                id: "snooze", label: catalog.text("Snooze {count} min", ["count": String(alarm.snooze / 60)])),
            Occasion.Action(id: "dismiss", label: catalog.text("Dismiss")),
        ]
    }
}
