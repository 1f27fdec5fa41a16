import Foundation
import WeftCore
import WeftPrimitives

/// The `__calendar_*` variables, derived from a snapshot's occurrences at render time.
///
/// ## Keys
///
/// Each key follows the provider's `prefix` (`__calendar_` by default). `<slot>` is `next` for the next event
/// that is running or still to come, and `then` for the one after it; a slot without an event has no keys.
/// Cancelled and declined events never qualify; all-day events do unless `include_all_day = false`.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `<slot>_title` | the event's summary, `Untitled` when it has none | `Stand-up` |
/// | `<slot>_start_iso`, `<slot>_end_iso` | when it starts and ends, UTC | `2026-03-10T13:00:00Z` |
/// | `<slot>_all_day` | `1` for an all-day event, else `0` | `0` |
/// | `<slot>_location` | its location, when it has one | `Room 4` |
/// | `<slot>_calendar` | the name of the source it came from | `Work` |
/// | `<slot>_countdown` | `Now` once started; `{m}m`, `{h}h`, `{d}d` (under 14 days); else `MMM d` | `4h` |
/// | `<slot>_label` | `Now`, `Soon`, `In {m} min`, `In {h} hr`, `Tomorrow`, `In {d} days`, `On EEE MMM d` | `In 4 hr` |
/// | `<slot>_time_range` | local `HH:mm–HH:mm`, or `All day` | `14:00–15:00` |
/// | `header` | `Next Up`, or `Next` when the next event is a day or more away | `Next Up` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when the snapshot was made, UTC | `2026-03-10T09:00:00Z` |
/// | `age_min` | whole minutes since then | `5` |
/// | `stale` | `1` once the snapshot is past its expiry, else `0` | `0` |
/// | `error` | the last refresh's error; `CalendarKind` also sets it for sources that could not be read | `Team: …` |
public enum CalendarVariables {
    /// Next and then at `context.now`, with the keys of the table above.
    public static func derive(
        _ occurrences: [CalendarOccurrence], prefix: String, context: VariableContext
    ) -> [String: String] {
        let (next, then) = NextUp.pick(occurrences, now: context.now)
        var result: [String: String] = [:]
        for (slot, occurrence) in [("next_", next), ("then_", then)] {
            guard let occurrence else { continue }
            for (key, value) in event(occurrence, context: context) { result[prefix + slot + key] = value }
        }
        if let next {
            result[prefix + "header"] = next.start.timeIntervalSince(context.now) >= 86_400 ? "Next" : "Next Up"
        }
        return result
    }

    /// One event's keys, without the prefix and slot.
    static func event(_ event: CalendarOccurrence, context: VariableContext) -> [String: String] {
        var result = [
            "title": event.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Untitled" : event.title,
            "start_iso": ISOInstant.format(event.start),
            "end_iso": ISOInstant.format(event.end),
            "all_day": event.allDay ? "1" : "0",
            "calendar": event.calendar,
            "countdown": countdown(event, context: context),
            "label": label(event, context: context),
            "time_range": event.allDay
                ? "All day"
                : format(event.start, "HH:mm", context) + "–" + format(event.end, "HH:mm", context),
        ]
        if let location = event.location { result["location"] = location }
        return result
    }

    /// `Now` once started; `{m}m` under 60 min; `{h}h` under 24 h; `{d}d` under 14 days; else `MMM d`.
    static func countdown(_ event: CalendarOccurrence, context: VariableContext) -> String {
        let seconds = event.start.timeIntervalSince(context.now)
        if seconds <= 0 { return "Now" }
        if seconds < 3600 { return "\(Int(seconds / 60))m" }
        if seconds < 86_400 { return "\(Int(seconds / 3600))h" }
        if seconds < 14 * 86_400 { return "\(Int(seconds / 86_400))d" }
        return format(event.start, "MMM d", context)
    }

    /// `Now`; `Soon` (≤ 1 min); `In {m} min`; `In {h} hr`; `Tomorrow`; `In {d} days` (< 7); else `On EEE MMM d`.
    static func label(_ event: CalendarOccurrence, context: VariableContext) -> String {
        let seconds = event.start.timeIntervalSince(context.now)
        if seconds <= 0 { return "Now" }
        if seconds <= 60 { return "Soon" }
        if seconds < 3600 { return "In \(Int(seconds / 60)) min" }
        if seconds < 86_400 { return "In \(Int(seconds / 3600)) hr" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = context.timeZone
        let days =
            calendar.dateComponents(
                [.day], from: calendar.startOfDay(for: context.now), to: calendar.startOfDay(for: event.start)
            ).day ?? 0
        if days <= 1 { return "Tomorrow" }
        if days < 7 { return "In \(days) days" }
        return "On " + format(event.start, "EEE MMM d", context)
    }

    static func format(_ date: Date, _ pattern: String, _ context: VariableContext) -> String {
        let formatter = DateFormatter()
        formatter.locale = context.locale
        formatter.timeZone = context.timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
