import Foundation
import WeftCore
import WeftPrimitives

/// The `__calendar_*` variables, derived from a snapshot's occurrences at render time.
///
/// ## Keys
///
/// Each key follows the provider's `prefix` (`__calendar_` by default). `<slot>` is `next` for the next event
/// that is running or still to come, and `then` for the one after it; a slot without an event has no keys.
/// Cancelled and declined events never qualify, nor a timed event longer than `long_event` once it has started (it
/// is listed in `ongoing`, so a call during a conference still shows). With `all_day = "separate"` (the default)
/// only timed events take the slots and the agenda, and all-day events have their own keys; `include` lets them
/// take the slots too; `exclude` drops them everywhere. Countdown, label and minutes count by one rule (WeftPrimitives' `TimeUntil`):
/// whole minutes with a started minute counted, then hours rounded to the nearest, then local calendar days.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `<slot>_title` | the event's summary, `Untitled` when it has none | `Stand-up` |
/// | `<slot>_start_iso`, `<slot>_end_iso` | when it starts and ends, UTC | `2026-03-10T13:00:00Z` |
/// | `<slot>_all_day` | `1` for an all-day event, else `0` | `0` |
/// | `<slot>_location` | its location, when it has one | `Room 4` |
/// | `<slot>_calendar` | the name of the source it came from | `Work` |
/// | `<slot>_countdown` | `Now` once started; `{m}m` under 60 min; `{h}h`; `{d}d` (days, under 14); else `MMM d` | `2h` |
/// | `<slot>_label` | `Now`, `Soon` (≤ 1 min), `In {m} min`, `In {h} hr`, `Tomorrow`, `In {d} days` (< 7), `On EEE MMM d` | `In 2 hr` |
/// | `<slot>_time_range` | local `HH:mm–HH:mm`; across midnight with the days, `EEE HH:mm – EEE HH:mm` (`MMM d HH:mm` a week or more apart); or `All day` | `14:00–15:00`, `Sat 21:00 – Mon 07:00` |
/// | `<slot>_ends_in` | while it runs: `ends in {m} min`, `ends in {h} hr`, `ends tomorrow`, `ends in {d} days`; absent before it starts | `ends in 20 min` |
/// | `<slot>_url` | its meeting link: a Zoom, Meet, Teams, Jitsi or Webex URL in X-GOOGLE-CONFERENCE, LOCATION or DESCRIPTION, else its URL property; absent when none | `https://meet.google.com/abc-defg-hij` |
/// | `header` | `Next Up`, or `Next` when the next event is a day or more away | `Next Up` |
/// | `next_minutes` | whole minutes until the next event starts (a started minute counts), `0` while it runs | `95` |
/// | `agenda` | the next `agenda` (default 5) events from `next` on, one per line: `HH:mm Title` today, `EEE HH:mm Title` later; an all-day one (`include` only) `All day Title` / `EEE All day Title`; one that began on an earlier day counts as today's | `14:00 Review` |
/// | `count_today` | timed events starting today (local day), over or not | `4` |
/// | `count_remaining_today` | of those, the ones not yet started | `2` |
/// | `allday_count` | all-day events on today's date (`0` when none, or with `exclude`) | `1` |
/// | `today_all_day` | their titles joined by ` · `; absent when none | `Holiday · Offsite` |
/// | `tomorrow_all_day` | the same for tomorrow's date; absent when none | `Team day` |
/// | `ongoing` | timed events longer than `long_event` (default 12 h) in progress, which never take `next` or `then`: `Title until HH:mm` (`until EEE HH:mm` on a later day, `until MMM d HH:mm` a week or more ahead), joined by ` · `; absent when none | `Trip until Mon 07:00` |
/// | `ongoing_count` | how many of those there are | `1` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when the snapshot was made, UTC | `2026-03-10T09:00:00Z` |
/// | `age_min` | whole minutes since then | `5` |
/// | `stale` | `1` once the snapshot is past its expiry, else `0` | `0` |
/// | `error` | why the last refresh failed (every source unreadable, a broken provider file) | `Team: …` |
/// | `warnings` | what the last refresh, which succeeded, reported (a source or a vdir file that could not be read, a guessed zone), short and counted; `CalendarKind` also sets it for sources that could not be read | `Team: …` |
public enum CalendarVariables {
    /// How many events `agenda` lists when the provider file does not say.
    public static let defaultAgenda = 5

    /// The keys of the table above at `context.now`.
    public static func derive(
        _ occurrences: [CalendarOccurrence], prefix: String, context: VariableContext,
        allDay: CalendarOptions.AllDay = .separate, agenda: Int = defaultAgenda,
        longEvent: TimeInterval = CalendarOptions.defaultLongEvent
    ) -> [String: String] {
        let text = DayText(context)
        let upcoming = NextUp.upcoming(occurrences, now: context.now, allDay: allDay, longEvent: longEvent)
        let next = upcoming.first
        var result: [String: String] = [:]
        for (slot, occurrence) in [("next_", next), ("then_", upcoming.dropFirst().first)] {
            guard let occurrence else { continue }
            for (key, value) in event(occurrence, context: context, text: text) { result[prefix + slot + key] = value }
        }
        if let next {
            result[prefix + "header"] =
                next.start.timeIntervalSince(context.now) >= 86_400
                ? context.catalog.text("Next") : context.catalog.text("Next Up")
            result[prefix + "next_minutes"] = String(until(next, context).minutes)
            result[prefix + "agenda"] = upcoming.prefix(max(1, agenda)).map { line($0, text: text) }.joined(
                separator: "\n")
        }

        let today = text.today
        let live = occurrences.filter { !$0.isCancelled }
        let timedToday = live.filter { !$0.allDay && LocalDay.containing($0.start, in: context.timeZone) == today }
        result[prefix + "count_today"] = String(timedToday.count)
        result[prefix + "count_remaining_today"] = String(timedToday.filter { $0.start > context.now }.count)
        let zone = context.timeZone
        func allDayTitles(on day: Int64) -> [String] {
            let start = LocalDay.start(of: day, in: zone)
            let end = LocalDay.start(of: day + 1, in: zone)
            return live.filter { $0.allDay && $0.overlaps(start, end) }.sorted(by: CalendarOccurrence.precedes).map {
                title($0, context.catalog)
            }
        }
        let todays = allDayTitles(on: today)
        result[prefix + "allday_count"] = String(todays.count)
        if !todays.isEmpty { result[prefix + "today_all_day"] = todays.joined(separator: " · ") }
        let tomorrows = allDayTitles(on: today + 1)
        if !tomorrows.isEmpty { result[prefix + "tomorrow_all_day"] = tomorrows.joined(separator: " · ") }
        let ongoing = NextUp.ongoing(occurrences, now: context.now, longEvent: longEvent)
        result[prefix + "ongoing_count"] = String(ongoing.count)
        if !ongoing.isEmpty {
            result[prefix + "ongoing"] = ongoing.map { ongoingLine($0, text: text) }.joined(separator: " · ")
        }
        return result
    }

    /// A long event in progress: `Title until EEE HH:mm` (`until HH:mm` when it ends today, `until MMM d HH:mm` a
    /// week or more ahead).
    static func ongoingLine(_ event: CalendarOccurrence, text: DayText) -> String {
        let day = LocalDay.containing(event.end, in: text.zone)
        let date =
            day == text.today ? "" : text.string(event.end, day - text.today < 7 ? text.weekday : text.monthDay) + " "
        return text.catalog.text(
            "{title} until {time}", ["title": title(event, text.catalog), "time": date + text.time(event.end)])
    }

    /// ``timeRange(_:text:)`` in `zone`, with English day names (the CLI's agenda).
    public static func timeRange(_ event: CalendarOccurrence, zone: TimeZone) -> String {
        timeRange(
            event, text: DayText(VariableContext(now: event.start, timeZone: zone, locale: Locale(identifier: "en_US")))
        )
    }

    /// `HH:mm–HH:mm` within one local day; across midnight `EEE HH:mm – EEE HH:mm` (`MMM d HH:mm` a week or
    /// more apart), so a trip from Saturday night to Monday morning does not read as ten hours; `All day` for
    /// all-day events. An end at midnight belongs to the day before.
    static func timeRange(_ event: CalendarOccurrence, text: DayText) -> String {
        if event.allDay { return text.catalog.text("All day") }
        let startDay = LocalDay.containing(event.start, in: text.zone)
        let lastDay = LocalDay.containing(max(event.start, event.end.addingTimeInterval(-1)), in: text.zone)
        guard lastDay != startDay else { return text.time(event.start) + "–" + text.time(event.end) }
        let format = lastDay - startDay < 7 ? text.weekday : text.monthDay
        return text.string(event.start, format) + " " + text.time(event.start) + " – "
            + text.string(event.end, format) + " " + text.time(event.end)
    }

    /// For an event in progress, when it ends: `ends in {m} min`, `ends in {h} hr`, `ends tomorrow`,
    /// `ends in {d} days`; nil before it starts or once it has ended.
    static func endsIn(_ event: CalendarOccurrence, context: VariableContext) -> String? {
        guard event.start <= context.now, context.now < event.end else { return nil }
        let span = TimeUntil(from: context.now, to: event.end, in: context.timeZone)
        let catalog = context.catalog
        let count = ["count": String(span.count)]
        switch span.unit {
        case .started: return nil
        case .minutes: return catalog.text("ends in {count} min", count)
        case .hours: return catalog.text("ends in {count} hr", count)
        case .days:
            return span.count == 1
                ? catalog.text("ends tomorrow")
                : catalog.plural("ends in {count} day", "ends in {count} days", count: span.count)
        }
    }

    /// One event's keys, without the prefix and slot.
    static func event(_ event: CalendarOccurrence, context: VariableContext, text: DayText) -> [String: String] {
        let span = until(event, context)
        var result = [
            "title": title(event, context.catalog),
            "start_iso": ISOInstant.format(event.start),
            "end_iso": ISOInstant.format(event.end),
            "all_day": event.allDay ? "1" : "0",
            "calendar": event.calendar,
            "countdown": countdown(span, start: event.start, text: text),
            "label": label(
                span, seconds: Instant.seconds(from: context.now, to: event.start), start: event.start, text: text),
            "time_range": timeRange(event, text: text),
        ]
        if let location = event.location { result["location"] = location }
        if let url = event.url { result["url"] = url }
        if let ends = endsIn(event, context: context) { result["ends_in"] = ends }
        return result
    }

    /// The summary, `Untitled` when it is blank.
    static func title(_ event: CalendarOccurrence, _ catalog: Catalog) -> String {
        event.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? catalog.text("Untitled") : event.title
    }

    static func until(_ event: CalendarOccurrence, _ context: VariableContext) -> TimeUntil {
        TimeUntil(from: context.now, to: event.start, in: context.timeZone)
    }

    /// `Now` once started; `{m}m`; `{h}h`; `{d}d` under 14 days; else `MMM d`.
    static func countdown(_ event: CalendarOccurrence, context: VariableContext) -> String {
        countdown(until(event, context), start: event.start, text: DayText(context))
    }

    static func countdown(_ span: TimeUntil, start: Date, text: DayText) -> String {
        let count = ["count": String(span.count)]
        switch span.unit {
        case .started: return text.catalog.text("Now")
        case .minutes: return text.catalog.text("{count}m", count)
        case .hours: return text.catalog.text("{count}h", count)
        case .days:
            return span.count < 14 ? text.catalog.text("{count}d", count) : text.string(start, text.monthDay)
        }
    }

    /// `Now`; `Soon` (≤ 1 min); `In {m} min`; `In {h} hr`; `Tomorrow`; `In {d} days` (< 7); else `On EEE MMM d`.
    static func label(_ event: CalendarOccurrence, context: VariableContext) -> String {
        label(
            until(event, context), seconds: Instant.seconds(from: context.now, to: event.start), start: event.start,
            text: DayText(context))
    }

    static func label(_ span: TimeUntil, seconds: Int, start: Date, text: DayText) -> String {
        let catalog = text.catalog
        let count = ["count": String(span.count)]
        switch span.unit {
        case .started: return catalog.text("Now")
        case .minutes: return seconds <= 60 ? catalog.text("Soon") : catalog.text("In {count} min", count)
        case .hours: return catalog.text("In {count} hr", count)
        case .days:
            if span.count == 1 { return catalog.text("Tomorrow") }
            if span.count < 7 { return catalog.plural("In {count} day", "In {count} days", count: span.count) }
            return catalog.text("On {date}", ["date": text.string(start, text.weekdayDate)])
        }
    }

    /// An agenda line: `HH:mm Title` (or `All day Title`), with the weekday before it when not today.
    static func line(_ event: CalendarOccurrence, text: DayText) -> String {
        let day = LocalDay.containing(event.start, in: text.zone)
        let time = event.allDay ? text.catalog.text("All day") : text.time(event.start)
        let weekday = day > text.today ? text.string(event.start, text.weekday) + " " : ""
        return weekday + time + " " + title(event, text.catalog)
    }

    /// Day words for one render's zone and locale, with formatters made once per session (a live loop's), else once
    /// per derivation (and only those used), rather than once per key.
    final class DayText {
        let zone: TimeZone
        let locale: Locale
        let catalog: Catalog
        let today: Int64
        let weekday = "EEE"
        let monthDay = "MMM d"
        /// `Thu Jan 26` in English as before; other languages in their own order and punctuation (`Do. 26. Jan.`).
        lazy var weekdayDate =
            locale.language.languageCode == .english
            ? "EEE MMM d" : DateFormatter.dateFormat(fromTemplate: "EEEMMMd", options: 0, locale: locale) ?? "EEE MMM d"
        private let formatters: DateFormatterCache

        init(_ context: VariableContext) {
            zone = context.timeZone
            locale = context.locale
            catalog = context.catalog
            today = LocalDay.containing(context.now, in: context.timeZone)
            formatters = context.dateFormatters
        }

        /// `date` with the Unicode `pattern` in this zone and locale.
        func string(_ date: Date, _ pattern: String) -> String {
            formatters.string(date, pattern: pattern, timeZone: zone, locale: locale)
        }

        /// `09:30` in ASCII digits whatever the locale, like `__time`.
        func time(_ date: Date) -> String { LocalText.time(date, in: zone) }
    }
}
