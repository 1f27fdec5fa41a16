import Foundation
import Logging

/// A parsed calendar (one .ics file, or a directory of them) that answers occurrence queries.
///
/// The libical trees stay alive inside it (recurrence rules and embedded time zones are read from them at
/// query time) and are freed when it is released. All access to them is serialised by a lock, so an
/// `ICalendar` can be shared between tasks.
public final class ICalendar: @unchecked Sendable {
    /// The name given to every occurrence's `calendar`.
    public let calendarName: String
    /// The options the calendar was read with.
    public let options: CalendarOptions

    private let documents: [ICalDocument]
    private let series: [Series]
    private let expander: SeriesExpander
    private let lock = NSLock()
    private var collectedWarnings: [CalendarWarning]

    private init(
        calendarName: String, options: CalendarOptions, documents: [ICalDocument], series: [Series],
        warnings: [CalendarWarning]
    ) {
        self.calendarName = calendarName
        self.options = options
        self.documents = documents
        self.series = series
        self.collectedWarnings = warnings
        self.expander = SeriesExpander(
            builder: SeriesBuilder(calendarName: calendarName, options: options),
            maxIterations: max(1, options.maxIterationsPerSeries))
    }

    /// Problems found so far: while parsing, and while expanding (a rule that hit the iteration limit).
    public var warnings: [CalendarWarning] {
        lock.lock()
        defer { lock.unlock() }
        return collectedWarnings
    }

    /// Parses iCalendar text; `file` names it in errors and warnings.
    ///
    /// Throws `CalendarError.unparseable` when libical cannot read it at all (empty, garbage, no VCALENDAR,
    /// truncated before `END:VCALENDAR`), so the caller can keep its last good snapshot.
    public static func parse(
        _ text: String, file: String, calendarName: String, options: CalendarOptions
    ) throws(CalendarError) -> ICalendar {
        try parse(sources: [(text, file)], calendarName: calendarName, options: options)
    }

    /// Loads a `.ics` file, or a directory of them (a vdir as vdirsyncer and khal keep it: every `*.ics`
    /// in it, sorted by name, read as one calendar).
    ///
    /// Any file that cannot be read or parsed fails the whole load with an error naming that file.
    public static func load(path: String, calendarName: String, options: CalendarOptions) throws(CalendarError)
        -> ICalendar
    {
        var sources: [(String, String)] = []
        for file in try CalendarFiles.list(path) {
            sources.append((try CalendarFiles.read(file), file))
        }
        return try parse(sources: sources, calendarName: calendarName, options: options)
    }

    private static func parse(
        sources: [(text: String, file: String)], calendarName: String, options: CalendarOptions
    ) throws(CalendarError) -> ICalendar {
        var documents: [ICalDocument] = []
        var components: [EventComponent] = []
        var warnings: [CalendarWarning] = []
        for source in sources {
            guard let document = ICalDocument(text: source.text, file: source.file) else {
                throw .unparseable(
                    file: source.file,
                    reason:
                        source.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                        ? "the file is empty"
                        : "libical found no complete VCALENDAR (garbage, or truncated before END:VCALENDAR)")
            }
            guard !document.calendars().isEmpty else {
                throw .unparseable(file: source.file, reason: "it contains no VCALENDAR")
            }
            var extractor = EventExtractor(document: document, options: options)
            extractor.extract(firstOrder: components.count)
            components += extractor.components
            warnings += extractor.warnings
            documents.append(document)
        }

        // Group by UID keeping file order; an index by UID keeps this linear for large calendars.
        var groups: [String: [EventComponent]] = [:]
        var keys: [String] = []
        for component in components {
            let key = component.seriesKey
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(component)
        }
        let builder = SeriesBuilder(calendarName: calendarName, options: options)
        var series: [Series] = []
        series.reserveCapacity(keys.count)
        for key in keys {
            let (built, warning) = builder.build(groups[key] ?? [])
            if let built { series.append(built) }
            if let warning { warnings.append(warning) }
        }
        let logger = Logger(label: "weft.calendar")
        logger.debug(
            "parsed calendar",
            metadata: [
                "calendar": "\(calendarName)", "files": "\(sources.count)", "events": "\(components.count)",
                "series": "\(series.count)", "warnings": "\(warnings.count)",
            ])
        return ICalendar(
            calendarName: calendarName, options: options, documents: documents, series: series, warnings: warnings)
    }

    /// Occurrences overlapping the half-open window `[start, end)`, sorted by start, then UID.
    ///
    /// Cancelled occurrences are included with their status (an agenda may show them struck out);
    /// declined ones, and those the options exclude, are not.
    public func occurrences(overlapping start: Date, _ end: Date) -> [CalendarOccurrence] {
        let windowStart = Int64(start.timeIntervalSince1970.rounded(.down))
        let windowEnd = Int64(end.timeIntervalSince1970.rounded(.up))
        guard windowEnd > windowStart else { return [] }
        var result: [CalendarOccurrence] = []
        var newWarnings: [CalendarWarning] = []
        lock.lock()
        defer { lock.unlock() }
        withExtendedLifetime(documents) {
            for item in series {
                expander.occurrences(
                    of: item, windowStart: windowStart, windowEnd: windowEnd, into: &result, warnings: &newWarnings)
            }
        }
        for warning in newWarnings where !collectedWarnings.contains(warning) {
            collectedWarnings.append(warning)
        }
        return result.filter { $0.overlaps(start, end) }.sorted(by: CalendarOccurrence.precedes)
    }

    /// The next two events from `now` (in progress counts, cancelled never), looking at most `horizon` ahead.
    ///
    /// Looks a day ahead first and widens the window only when that finds fewer than two events.
    public func nextUp(now: Date, horizon: TimeInterval = 400 * 86_400) -> (
        next: CalendarOccurrence?, then: CalendarOccurrence?
    ) {
        var span: TimeInterval = 86_400
        while true {
            let window = min(span, horizon)
            let picked = NextUp.pick(occurrences(overlapping: now, now.addingTimeInterval(window)), now: now)
            if picked.then != nil || window >= horizon { return picked }
            span *= 8
        }
    }
}
