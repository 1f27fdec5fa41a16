import Foundation
import WeftCore
import WeftPrimitives

/// The `[reminders]` occasions of a calendar snapshot: each occurrence's own display alarms (VALARM) and the
/// provider's `remind` defaults.
///
/// Every occurrence the snapshot holds counts, recurring ones instance by instance (the refresh expanded them);
/// cancelled ones never remind, nor declined ones (the refresh leaves those out). A default that falls at the same
/// instant as one of the event's own alarms is the same reminder and is given once. Each reminder expires at what
/// it announces (the start, or the end for `RELATED=END`), so it is never told after the event began.
public enum CalendarReminders {
    /// `remind` when the provider file does not set it: 10 minutes before each timed event.
    public static let defaultRemind: [Int64] = [600]

    /// The reminders due before the window's end that have not expired at its start (one already due is still
    /// given until it expires; the notifier decides on lateness). Reads no options.
    ///
    /// Key: `reminder:<instance>:<event uid>:<occurrence start ISO>:<trigger>`, the trigger as `-PT15M`,
    /// `-PT5M/end`, `@<ISO instant>` (absolute), `remind-PT10M` (a default), with `+<n>` for a repeat; one thread per
    /// occurrence, so repeats update one notification.
    static func occasions(_ calendar: CalendarSnapshot, snapshot: Snapshot, query: OccasionQuery) -> [Occasion] {
        let zone = query.context.viewing(recordedZone: calendar.timeZone).timeZone
        let now = query.context.now
        let remind = calendar.remind ?? defaultRemind
        var result: [Occasion] = []
        for occurrence in calendar.occurrences where !occurrence.isCancelled {
            var due: [(token: String, at: Date, expires: Date)] = []
            for alarm in occurrence.alarms ?? [] {
                let anchor = alarm.relatedToEnd ? occurrence.end : occurrence.start
                // An absolute trigger names one instant: the refresh keeps it on one occurrence of its series (the
                // first, or an override that has its own).
                let first = alarm.at ?? shifted(anchor, days: alarm.days, seconds: alarm.seconds, in: zone)
                let count = min(max(0, alarm.repeatCount), CalendarAlarm.maxRepeat)
                for index in 0...count {
                    let at = first.addingTimeInterval(TimeInterval(Int64(index) * alarm.repeatInterval))
                    // One after what it announces lasts while the event does (or a minute, past its end).
                    let expires = at <= anchor ? anchor : max(occurrence.end, at.addingTimeInterval(60))
                    let token = alarm.token + (index > 0 ? "+\(index)" : "")
                    // Two alike alarms (some exports repeat them) are one reminder.
                    if !due.contains(where: { $0.token == token }) { due.append((token, at, expires)) }
                }
            }
            if !occurrence.allDay {
                for seconds in remind {
                    let at = occurrence.start.addingTimeInterval(-TimeInterval(seconds))
                    guard !due.contains(where: { $0.at == at }) else { continue }
                    due.append(
                        ("remind-" + CalendarAlarm.durationText(days: 0, seconds: seconds), at, occurrence.start))
                }
            }
            let startText = ISOInstant.format(occurrence.start)
            let thread = "reminder:\(snapshot.instance):\(occurrence.uid):\(startText)"
            for reminder in due where reminder.at < query.until && reminder.expires > now {
                var fields = [
                    "instance": snapshot.instance, "event": occurrence.uid, "calendar": occurrence.calendar,
                    "start": startText, "trigger": reminder.token,
                ]
                fields["location"] = occurrence.location
                result.append(
                    Occasion(
                        kind: .reminder, key: "\(thread):\(reminder.token)", at: reminder.at, thread: thread,
                        title: occurrence.title.isEmpty ? "(no title)" : occurrence.title,
                        body: body(occurrence, due: reminder.at, zone: zone),
                        actions: occurrence.url == nil ? [] : [Occasion.Action(id: "open", label: "Open")],
                        link: occurrence.url, expires: reminder.expires, fields: fields))
            }
        }
        return result.sorted { ($0.at, $0.key) < ($1.at, $1.key) }
    }

    /// `anchor` moved by whole wall-clock days in `zone` (so `-P1D` keeps the local time across a DST change), then
    /// by exact seconds.
    static func shifted(_ anchor: Date, days: Int64, seconds: Int64, in zone: TimeZone) -> Date {
        var date = anchor
        if days != 0 {
            let parts = LocalTime.components(of: anchor, in: zone)
            let day = LocalDay.containing(anchor, in: zone)
            date = LocalDay.instant(
                day: day + days, secondsIntoDay: parts.hour * 3600 + parts.minute * 60 + parts.second, in: zone)
        }
        return date.addingTimeInterval(TimeInterval(seconds))
    }

    /// The occurrence's local time (with its day when that is not the reminder's) and location: `10:00–11:00 ·
    /// Room 4`, `Tue 1 Dec 09:00–09:30`, `All day`.
    static func body(_ occurrence: CalendarOccurrence, due: Date, zone: TimeZone) -> String {
        var when: String
        if occurrence.allDay {
            when = "All day"
        } else {
            when = LocalText.time(occurrence.start, in: zone)
            if occurrence.end > occurrence.start { when += "–" + LocalText.time(occurrence.end, in: zone) }
        }
        let day = LocalDay.containing(occurrence.start, in: zone)
        if day != LocalDay.containing(due, in: zone) {
            let (_, month, date) = CivilDate.civil(fromDays: day)
            when = "\(LocalText.weekdayShort(LocalDay.weekday(day))) \(date) \(LocalText.monthShort(month)) " + when
        }
        return occurrence.location.map { "\(when) · \($0)" } ?? when
    }
}
