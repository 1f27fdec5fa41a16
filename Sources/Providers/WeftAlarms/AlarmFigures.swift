import Foundation
import WeftCore
import WeftPrimitives

/// What the dashboard's Alarms and Timers cards draw, at the render's `now`, with the texts the `__alarms_*` and
/// `__timer_*` variables carry (``AlarmVariables/countdown(minutes:)``, ``CountdownTimer/clock(_:)``), so a bar and
/// the board show the same countdown.
enum AlarmFigures {
    /// Each alarm, ordered by time of day (the order `weft alarm list` uses); the one the `next_*` variables name is
    /// marked.
    static func alarms(_ snapshot: AlarmsSnapshot, context: VariableContext) -> [AlarmFigure] {
        let now = context.now
        let zone = context.timeZone
        let sounds = snapshot.alarms.map { $0.nextSound(after: now) }
        // The first sound of all, the first alarm on a tie: as the `next_*` variables pick it.
        var nextIndex: Int?
        for (index, sound) in sounds.enumerated() {
            guard let sound else { continue }
            if nextIndex.flatMap({ sounds[$0] }).map({ sound < $0 }) ?? true { nextIndex = index }
        }
        return snapshot.alarms.enumerated().map { index, alarm in
            let state: AlarmFigure.State
            switch alarm.state(at: now) {
            case .ringing(_, let since): state = .ringing(since: since)
            case .snoozed(_, let until): state = .snoozed(until: until)
            case .idle: state = alarm.preAlertTarget(at: now) == nil ? .idle : .preAlert
            }
            let next = sounds[index]
            return AlarmFigure(
                id: alarm.id, label: alarm.label,
                schedule: context.catalog.text(
                    "{schedule} at {time}",
                    ["schedule": alarm.schedule.summary(in: context.catalog), "time": alarm.schedule.timeText]),
                enabled: alarm.enabled, state: state, next: next, nextTime: next.map { LocalText.time($0, in: zone) },
                countdown: next.map {
                    AlarmVariables.countdown(
                        minutes: TimeUntil(from: now, to: $0, in: zone).minutes, catalog: context.catalog)
                },
                isNext: index == nextIndex)
        }
    }

    /// Each timer, the one a bar shows (``TimerBook/current(at:)``) first, then the rest oldest first.
    static func timers(_ snapshot: TimersSnapshot, context: VariableContext) -> [TimerFigure] {
        let now = context.now
        let current = TimerBook(timers: snapshot.timers).current(at: now)?.id
        let ordered = snapshot.timers.filter { $0.id == current } + snapshot.timers.filter { $0.id != current }
        return ordered.map { timer in
            let state: TimerFigure.State
            switch timer.state(at: now) {
            case .running: state = .running
            case .paused: state = .paused
            case .done: state = .done
            }
            return TimerFigure(
                id: timer.id, label: timer.label, state: state,
                remaining: CountdownTimer.clock(timer.remaining(at: now)), fraction: timer.fraction(at: now),
                round: timer.round(at: now), rounds: timer.rounds,
                endsTime: timer.roundEnd(at: now).map { LocalText.time($0, in: context.timeZone) })
        }
    }
}
