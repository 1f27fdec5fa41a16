import Foundation
import WeftCore
import WeftPrimitives

/// The `__calendar_*` variables of spec/VARIABLES.md, derived from a snapshot's occurrences at render time.
public enum CalendarVariables {
    /// Next and then at `context.now`, with every key of VARIABLES.md.
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
