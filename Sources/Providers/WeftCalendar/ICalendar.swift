import CLibical
import Dispatch
import Foundation
import Logging
import Synchronization
import WeftCore
import WeftPrimitives

/// A parsed calendar (one .ics file, or a directory of them) that answers occurrence queries.
///
/// The libical trees whose VTIMEZONEs its events' times point to stay alive inside it (a cut file's header, a
/// whole file with VTIMEZONEs; every other tree is freed once its events are read) and are freed when it is
/// released. All access to them is serialised by the warnings' mutex, so an
/// `ICalendar` can be shared between tasks (unchecked: the compiler cannot see that the mutex guards the C trees).
public final class ICalendar: @unchecked Sendable {
    /// The name given to every occurrence's `calendar`.
    public let calendarName: String
    /// The options the calendar was read with.
    public let options: CalendarOptions

    private let documents: [ICalDocument]
    let series: [Series]
    let expander: SeriesExpander
    /// With at least twice this many series, queries expand them on several threads.
    let seriesPerPart: Int
    private let collectedWarnings: Mutex<[CalendarWarning]>

    private init(
        calendarName: String, options: CalendarOptions, documents: [ICalDocument], series: [Series],
        warnings: [CalendarWarning], tuning: Tuning
    ) {
        self.seriesPerPart = tuning.seriesPerPart
        self.calendarName = calendarName
        self.options = options
        self.documents = documents
        self.series = series
        self.collectedWarnings = Mutex(warnings)
        self.expander = SeriesExpander(
            builder: SeriesBuilder(calendarName: calendarName, options: options),
            maxIterations: max(1, options.maxIterationsPerSeries))
    }

    /// Problems found so far: while parsing, and while expanding (a rule that hit the iteration limit).
    public var warnings: [CalendarWarning] { collectedWarnings.withLock { $0 } }

    /// Parses iCalendar text; `file` names it in errors and warnings.
    ///
    /// Throws `CalendarError.unparseable` when libical cannot read it at all (empty, garbage, no VCALENDAR,
    /// truncated before `END:VCALENDAR`), so the caller can keep its last good snapshot.
    public static func parse(
        _ text: String, file: String, calendarName: String, options: CalendarOptions
    ) throws(CalendarError) -> ICalendar {
        try parse(sources: [(text, file)], calendarName: calendarName, options: options, tuning: Tuning())
    }

    /// Loads a `.ics` file, or a directory of them (a vdir as vdirsyncer and khal keep it: every `*.ics`
    /// in it, sorted by name, read as one calendar).
    ///
    /// A file that cannot be read or parsed fails the load with an error naming it; in a directory it is skipped
    /// with a `skippedFile` warning naming it instead (one broken event file must not hide the others), and only a
    /// directory none of whose files can be used fails.
    public static func load(path: String, calendarName: String, options: CalendarOptions) throws(CalendarError)
        -> ICalendar
    {
        let files = try CalendarFiles.list(path)
        let folder = files != [path]
        var sources: [(String, String)] = []
        var skipped: [CalendarError] = []
        for file in files {
            do {
                sources.append((try CalendarFiles.read(file), file))
            } catch {
                guard folder else { throw error }
                skipped.append(error)
            }
        }
        return try parse(
            sources: consume sources, calendarName: calendarName, options: options, tuning: Tuning(),
            skipping: folder ? skipped : nil)
    }

    /// When work is spread over several threads; tests lower the thresholds to exercise it on small calendars.
    struct Tuning {
        /// Files at least this large are cut into parts of about this size, parsed side by side.
        var splitAbove = CalendarSplitter.minimumSize
        /// With at least twice this many series, queries expand them on several threads.
        var seriesPerPart = 500
    }

    /// `skipping` is nil to fail on the first unusable file, or the files already skipped (a vdir's): unusable files
    /// are then added to them and left out, each named in a warning, and only when none is usable does it fail.
    static func parse(
        sources: consuming [(text: String, file: String)], calendarName: String, options: CalendarOptions,
        tuning: Tuning,
        skipping: [CalendarError]? = nil
    ) throws(CalendarError) -> ICalendar {
        if let reason = LibicalRuntime.loadError {
            throw .unreadable(
                file: sources.first?.file ?? "calendar",
                reason: "libical cannot be loaded (\(reason)); install libical3")
        }
        // Parse and extract on every core: each file (and each part of a large one) is its own libical tree. A large
        // file is cut into pieces of bounded size whose trees are freed as soon as their events are read, so memory
        // follows the events kept, not the trees; its header (properties and VTIMEZONEs) stays, for their zones.
        var documents: [ICalDocument] = []
        let files = sources.map(\.file)
        var pieces = sources.flatMap { source in
            // RRULEs are taken out first, so their line numbers are the file's.
            let (text, rules) = WrittenRules.take(from: source.text)
            let cut = CalendarSplitter.bounded(
                ICalDocument.envelope(text), parts: cores, minimumSize: tuning.splitAbove)
            var zones: [String: OpaquePointer]?
            if let header = cut.header, let document = ICalDocument(text: header, file: source.file, rules: rules) {
                documents.append(document)
                zones = document.zonesByTZID()
            }
            return cut.pieces.map { Piece(text: $0, file: source.file, rules: rules, zones: zones) }
        }
        // The files' texts are in the pieces now: a large file is not held twice while its events are read.
        sources = []
        var parsed = ParsedPiece.parseAll(&pieces, options: options)
        // Each piece's events, numbered across everything loaded: grouped where they are, never copied into one list.
        var events: [[EventComponent]] = []
        var eventCount = 0
        var warnings: [CalendarWarning] = []
        var seenWarnings: Set<CalendarWarning> = []
        // A file is unusable when any of its parts is; in a vdir its parts are all left out.
        var unusable = skipping ?? []
        var unusableFiles: Set<String> = Set(unusable.map(\.file))
        for (piece, result) in zip(pieces, parsed) where !unusableFiles.contains(piece.file) {
            guard let problem = ParsedPiece.problem(piece, result) else { continue }
            guard skipping != nil else { throw problem }
            unusable.append(problem)
            unusableFiles.insert(piece.file)
        }
        if let first = unusable.first, !files.contains(where: { !unusableFiles.contains($0) }) {
            throw first
        }
        for problem in unusable {
            warnings.append(
                CalendarWarning(
                    file: problem.file, uid: nil, kind: .skippedFile,
                    message: "skipped, the folder's other files are read: \(problem.problem)"))
        }
        for index in parsed.indices where !unusableFiles.contains(pieces[index].file) {
            var result = parsed[index]
            parsed[index] = ParsedPiece()
            guard result.parsed else { continue }
            // Numbered across everything loaded, in file order (SEQUENCE ties go to the first).
            for event in result.components.indices { result.components[event].order += eventCount }
            eventCount += result.components.count
            events.append(result.components)
            // The parts of one file repeat its header, and with it any calendar-level warning.
            // A set beside the list keeps this linear: a file may carry tens of thousands of warnings.
            for warning in result.warnings where seenWarnings.insert(warning).inserted { warnings.append(warning) }
            if let document = result.document { documents.append(document) }
        }

        // Group by UID keeping file order; an index by UID keeps this linear for large calendars, and the groups
        // hold positions, so the events are not copied a second time.
        var groups: [String: [(piece: Int, event: Int)]] = [:]
        var keys: [String] = []
        for (piece, list) in events.enumerated() {
            for (event, component) in list.enumerated() {
                let key = component.seriesKey
                if groups[key] == nil { keys.append(key) }
                groups[key, default: []].append((piece, event))
            }
        }
        let builder = SeriesBuilder(calendarName: calendarName, options: options)
        var series: [Series] = []
        series.reserveCapacity(keys.count)
        // A piece's events are freed once every series they belong to is built, so the series replace the events
        // as they grow rather than adding to them.
        var unbuilt = events.map(\.count)
        for key in keys {
            let members = groups.removeValue(forKey: key) ?? []
            let (built, found) = builder.build(members.map { events[$0.piece][$0.event] })
            if let built { series.append(built) }
            warnings += found
            for member in members {
                unbuilt[member.piece] -= 1
                if unbuilt[member.piece] == 0 { events[member.piece] = [] }
            }
        }
        warnings = collapsed(warnings)
        let logger = Logger(label: "weft.calendar")
        logger.debug(
            "parsed calendar",
            metadata: [
                "calendar": "\(calendarName)", "files": "\(files.count)", "events": "\(eventCount)",
                "series": "\(series.count)", "warnings": "\(warnings.count)",
            ])
        return ICalendar(
            calendarName: calendarName, options: options, documents: documents, series: series, warnings: warnings,
            tuning: tuning)
    }

    /// Occurrences overlapping the half-open window `[start, end)`, sorted by start, then UID.
    ///
    /// Cancelled occurrences are included with their status (an agenda may show them struck out);
    /// declined ones, and those the options exclude, are not.
    public func occurrences(overlapping start: Date, _ end: Date) -> [CalendarOccurrence] {
        let found = expanded(overlapping: start, end).occurrences.filter { $0.overlaps(start, end) }
        return found.map { bounded($0, windowEnd: end) }.sorted(by: CalendarOccurrence.precedes)
    }

    /// The same occurrences as ``occurrences(overlapping:_:)``, in the same order, made a slice of the window at a
    /// time as they are read: what is held at once is one slice's occurrences, however long the window.
    public func occurrenceStream(overlapping start: Date, _ end: Date) -> OccurrenceStream {
        OccurrenceStream(calendar: self, start: start, end: end)
    }

    /// An end after the year 9999 is a broken DURATION or DTEND (warned about when parsed): the event lasts to the
    /// end of the window, not to a date no view can show.
    func bounded(_ occurrence: CalendarOccurrence, windowEnd end: Date) -> CalendarOccurrence {
        let latest = Date(timeIntervalSince1970: TimeInterval(Instant.latestSeconds))
        guard occurrence.end > latest else { return occurrence }
        var cut = occurrence
        cut.end = max(end, occurrence.start)
        return cut
    }

    /// What the series make for `[start, end)`, unsorted, with some that do not overlap it (the expansion reaches a
    /// little around the window), and how many instances the rules made on the way; new warnings are collected.
    func expanded(overlapping start: Date, _ end: Date) -> (occurrences: [CalendarOccurrence], made: Int) {
        // Clamped to years 1–9999: a window from `--days` or `--from` far out must not trap the conversion.
        let windowStart = Instant.wholeSeconds(start)
        let windowEnd = Instant.wholeSeconds(end.addingTimeInterval(0.999_999))
        guard windowEnd > windowStart else { return ([], 0) }
        var result: [CalendarOccurrence] = []
        var made = 0
        var newWarnings: [CalendarWarning] = []
        return collectedWarnings.withLock { collected in
            withExtendedLifetime(documents) {
                let parts = series.count >= seriesPerPart * 2 ? Self.cores : 1
                guard parts > 1 else {
                    for item in series {
                        made += expander.occurrences(
                            of: item, windowStart: windowStart, windowEnd: windowEnd, into: &result,
                            warnings: &newWarnings)
                    }
                    return
                }
                // Large calendars expand their series on every core; each part has its own iterators and results,
                // and libical guards the zone tables they share.
                var partial = [ExpandedPart](repeating: ExpandedPart(), count: parts)
                let work = ExpansionWork(series: series, expander: expander)
                partial.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let slots = ExpansionWork.Slots(base: base)
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let range = (work.series.count * part / parts)..<(work.series.count * (part + 1) / parts)
                        var found = ExpandedPart()
                        for item in work.series[range] {
                            found.made += work.expander.occurrences(
                                of: item, windowStart: windowStart, windowEnd: windowEnd, into: &found.occurrences,
                                warnings: &found.warnings)
                        }
                        slots.base[part] = found
                    }
                }
                for part in partial {
                    result += part.occurrences
                    newWarnings += part.warnings
                    made += part.made
                }
            }
            var seen = Set(collected)
            for warning in newWarnings where seen.insert(warning).inserted {
                collected.append(warning)
            }
            return (result, made)
        }
    }
}

extension ICalendar {
    /// Repeated warnings (the same file, kind and reason, as ten thousand broken EXDATEs give) cut to their first,
    /// followed by one that counts the rest (`… and 16,399 more: reason`), so what is stored, logged and shown grows
    /// with the kinds of problem, not with their number.
    static func collapsed(_ warnings: [CalendarWarning]) -> [CalendarWarning] {
        struct Key: Hashable {
            var file: String
            var kind: CalendarWarning.Kind
            var reason: String
        }
        return WarningLine.collapsed(
            warnings, key: { Key(file: $0.file, kind: $0.kind, reason: WarningLine.reason(of: $0.message[...])) },
            line: { first, count in
                CalendarWarning(
                    file: first.file, uid: nil, kind: first.kind,
                    message: WarningLine.more(count, reason: WarningLine.reason(of: first.message[...])))
            })
    }

    /// The cores used for parsing and expanding (at most four).
    static let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
}

/// What one thread expanded.
private struct ExpandedPart {
    var occurrences: [CalendarOccurrence] = []
    var warnings: [CalendarWarning] = []
    var made = 0
}

/// The series and expander shared read-only by the expanding threads while the calendar's lock is held.
private struct ExpansionWork: @unchecked Sendable {
    let series: [Series]
    let expander: SeriesExpander

    /// The results buffer: each iteration writes only its own slot, and the buffer outlives
    /// `concurrentPerform`, which returns only when every iteration is done.
    struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<ExpandedPart>
    }
}

/// One file, or a part of a large one, as libical is given it.
///
/// Unchecked: `zones` point into a header tree that outlives the parsing and is only read through them.
private struct Piece: @unchecked Sendable {
    var text: String
    var file: String
    /// The file's RRULEs, which `text` names by index.
    var rules: WrittenRules
    /// For a piece of a cut file, the zones of the header tree by TZID: its events take them, and its own tree is
    /// freed once they are read. Nil to keep the tree.
    var zones: [String: OpaquePointer]?
}

/// One parsed file (or part of one) with the events read from it.
private struct ParsedPiece {
    /// Whether libical made a tree of the text.
    var parsed = false
    /// Whether the text was only blanks (when libical made nothing of it).
    var blank = false
    /// The tree, when the events still point into it.
    var document: ICalDocument?
    var hasCalendar = false
    var components: [EventComponent] = []
    var warnings: [CalendarWarning] = []

    /// Parses and extracts the pieces concurrently; results are in the pieces' order. Each piece's text is taken
    /// out of `pieces` by the worker that reads it, so it is freed as soon as it is read.
    static func parseAll(_ pieces: inout [Piece], options: CalendarOptions) -> [ParsedPiece] {
        LibicalRuntime.prepare()
        var results = [ParsedPiece](repeating: ParsedPiece(), count: pieces.count)
        let count = pieces.count
        results.withUnsafeMutableBufferPointer { buffer in
            pieces.withUnsafeMutableBufferPointer { input in
                guard let base = buffer.baseAddress, let source = input.baseAddress else { return }
                let slots = Slots(base: base, pieces: source)
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    let piece = slots.pieces[index]
                    slots.pieces[index].text = ""
                    slots.base[index] = parse(piece, options: options)
                }
            }
        }
        return results
    }

    /// The pieces and the results buffer, shared with the workers: each iteration touches only its own slots, and
    /// the buffers outlive `concurrentPerform`, which returns only when every iteration is done.
    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<ParsedPiece>
        let pieces: UnsafeMutablePointer<Piece>
    }

    /// Why a parsed piece cannot be used, or nil when it can.
    static func problem(_ piece: Piece, _ result: ParsedPiece) -> CalendarError? {
        guard result.parsed else {
            return .unparseable(
                file: piece.file,
                reason: result.blank
                    ? "the file is empty"
                    : "libical found no complete VCALENDAR (garbage, or truncated before END:VCALENDAR)")
        }
        guard result.hasCalendar else { return .unparseable(file: piece.file, reason: "it contains no VCALENDAR") }
        return nil
    }

    private static func parse(_ piece: Piece, options: CalendarOptions) -> ParsedPiece {
        guard let document = ICalDocument(text: piece.text, file: piece.file, rules: piece.rules) else {
            return ParsedPiece(blank: piece.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
        guard !document.calendars().isEmpty else { return ParsedPiece(parsed: true, document: document) }
        var extractor = EventExtractor(document: document, options: options)
        extractor.extract(firstOrder: 0)
        var components = extractor.components
        // A tree without VTIMEZONEs lends its events no zone (theirs are libical's own), so it goes at once.
        var kept: ICalDocument? = document.holdsTimeZones ? document : nil
        if kept != nil, let shared = piece.zones {
            var moved: [OpaquePointer: OpaquePointer] = [:]
            var complete = true
            for (tzid, own) in document.zonesByTZID() {
                if let zone = shared[tzid] { moved[own] = zone } else { complete = false }
            }
            if complete {
                if !moved.isEmpty { components = components.map { $0.movingZones(moved) } }
                kept = nil
            }
        }
        let cut = document.cuts.map { cut in
            CalendarWarning(
                file: piece.file, uid: cut.uid, kind: .tooManyProperties,
                message:
                    "\(cut.component) has more than \(LibicalInput.mostProperties) properties (each EXDATE and RDATE "
                    + "value counted); the rest are ignored")
        }
        let zones =
            document.droppedTimeZones == 0
            ? []
            : [
                CalendarWarning(
                    file: piece.file, uid: nil, kind: .tooManyTimeZones,
                    message:
                        "more than \(LibicalInput.mostTimeZones) VTIMEZONEs; the other \(document.droppedTimeZones) "
                        + "are ignored (times in them are read as a system zone of that name, or as local time)")
            ]
        return ParsedPiece(
            parsed: true, document: kept, hasCalendar: true, components: components,
            warnings: zones + cut + extractor.warnings)
    }
}
