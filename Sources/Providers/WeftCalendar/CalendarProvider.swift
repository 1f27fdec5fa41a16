import Foundation
import Logging
import WeftCore
import WeftHTTP
import WeftHTTPSource
import WeftPrimitives

/// A configured calendar instance: reads every source, keeps a failed source's last good events, and
/// snapshots the occurrences of the coming days.
public struct CalendarProvider: Provider {
    public let instance: String
    public let prefix: String
    /// The calendars, in order.
    public var sources: [CalendarSource]
    /// Who "me" is and which events to keep; its zone is set for each read, as ``ZoneRule`` decides.
    public var options: CalendarOptions
    /// The `timezone` setting, when the file has one: all-day and floating times, and every view, are in it.
    public var configuredZone: TimeZone?
    /// How far ahead occurrences are kept.
    public var lookahead: TimeInterval
    /// How often the sources are read again.
    public var interval: TimeInterval
    /// The contact for the User-Agent of URL sources.
    public var contact: String?
    /// The limit for each URL transfer.
    public var timeout: Duration
    /// How many events `agenda` lists.
    public var agenda: Int
    /// The `remind` setting: seconds before each timed event's start.
    public var remind: [Int64]
    /// How URL sources are fetched.
    var http = HTTPSource()
    /// The most occurrences kept per source, so a rule repeating every minute cannot bloat the cache.
    public static let maxOccurrencesPerSource = 2000

    /// Creates a provider.
    public init(
        instance: String, prefix: String, sources: [CalendarSource], options: CalendarOptions,
        configuredZone: TimeZone?,
        lookahead: TimeInterval, interval: TimeInterval, contact: String?, timeout: Duration,
        agenda: Int = CalendarVariables.defaultAgenda, remind: [Int64] = CalendarReminders.defaultRemind
    ) {
        self.remind = remind
        self.instance = instance
        self.prefix = prefix
        self.sources = sources
        self.options = options
        self.configuredZone = configuredZone
        self.lookahead = lookahead
        self.interval = interval
        self.contact = contact
        self.timeout = timeout
        self.agenda = agenda
    }

    /// The file and vdir sources: editing a calendar makes it due at the next `weft refresh`.
    public var watchedFiles: [String] {
        sources.compactMap { source in
            if case .path(let path) = source.location { return path }
            return nil
        }
    }

    /// Each file or folder source must exist and be readable; URLs are not fetched.
    public func preflight(_ config: ProviderConfig) -> [ConfigError] {
        var problems: [ConfigError] = []
        for (index, source) in sources.enumerated() {
            guard case .path(let path) = source.location else { continue }
            if !FileManager.default.fileExists(atPath: path) {
                problems.append(config.invalid("sources", element: index, field: "path", "\(path) does not exist"))
            } else if !FileManager.default.isReadableFile(atPath: path) {
                problems.append(config.invalid("sources", element: index, field: "path", "cannot read \(path)"))
            }
        }
        return problems
    }

    public func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        var options = self.options
        options.timeZone = context.zone(provider: configuredZone)
        let now = context.now
        // Today's events that are already over stay in the snapshot, for the counts of today.
        let dayStart = LocalDay.start(of: LocalDay.containing(now, in: options.timeZone), in: options.timeZone)
        let previous: CalendarSnapshot? =
            context.previous.flatMap { snapshot in
                snapshot.schemaVersion == CalendarSnapshot.schemaVersion
                    ? try? snapshot.decode(CalendarSnapshot.self) : nil
            }
        var parts: [CalendarSnapshot.SourceEvents] = []
        var problems: [String] = []
        var validators: [HTTPValidator] = []
        var failures: [any Error] = []
        for (index, source) in sources.enumerated() {
            let last = previous.flatMap { Self.lastPart(of: source, at: index, in: $0) }
            // Occurrences stored before alarms were read are not kept on "not modified" (they have none); they are
            // still what a failing source falls back on.
            let current = (previous?.revision ?? 1) >= CalendarSnapshot.currentRevision
            do {
                let part = try await read(
                    source, last: current ? last : nil, options: options, dayStart: min(dayStart, now),
                    context: context)
                if let validator = part.validator { validators.append(validator) }
                for warning in part.warnings {
                    context.logger.warning("\(warning)")
                    problems.append("\(warning)")
                }
                parts.append(part.events)
            } catch {
                failures.append(error)
                let message = "\(source.name): \(ErrorText.words(error))"
                context.logger.warning("\(message)")
                problems.append(message)
                // A source that fails keeps its last good events; the failure shows in status and __calendar_error.
                if var kept = last {
                    kept.dropEnded(before: min(dayStart, now))
                    kept.error = "\(ErrorText.words(error))"
                    parts.append(kept)
                } else {
                    parts.append(
                        .init(
                            source: source, occurrences: [], horizon: now, readAt: now,
                            error: "\(ErrorText.words(error))"))
                }
            }
        }
        if failures.count == sources.count, let first = problems.first {
            let http = failures.compactMap { $0 as? HTTPError }
            throw CalendarProviderError.everySourceFailed(
                first: first, count: failures.count, httpStatus: (failures.first as? HTTPError)?.statusCode,
                retryAfter: http.compactMap(\.retryAfter).max())
        }
        let snapshot = Snapshot(
            instance: instance, kind: CalendarKind.type, prefix: prefix, schemaVersion: CalendarSnapshot.schemaVersion,
            fetchedAt: now, validUntil: now.addingTimeInterval(interval),
            payload: try Snapshot.encode(
                CalendarSnapshot(
                    sources: parts, allDay: options.allDay, agenda: agenda, timeZone: configuredZone?.identifier,
                    remind: remind, longEvent: options.longEvent)))
        return RefreshOutcome(.updated(snapshot), validators: validators, problems: problems)
    }

    private func read(
        _ source: CalendarSource, last: CalendarSnapshot.SourceEvents?, options: CalendarOptions, dayStart: Date,
        context: RefreshContext
    ) async throws -> (events: CalendarSnapshot.SourceEvents, validator: HTTPValidator?, warnings: [CalendarWarning]) {
        let now = context.now
        let horizon = now.addingTimeInterval(lookahead)
        var validator: HTTPValidator?
        if case .url = source.location, let last, last.error == nil, !context.settingsChanged,
            last.horizon >= now.addingTimeInterval(lookahead / 2)
        {
            // Only ask "changed?" while the kept occurrences still reach far enough ahead and were expanded with
            // today's settings (`me`, `days`, the zone…): otherwise an answer of 304 would keep stale occurrences.
            validator = source.validatorKey.flatMap { context.validators[$0] }
        }
        guard
            let (calendar, newValidator) = try await source.load(
                options: options, validator: validator, contact: contact, timeout: timeout, receivedAt: now,
                http: http)
        else {
            var kept = last ?? .init(source: source, occurrences: [], horizon: horizon, readAt: now)
            kept.dropEnded(before: dayStart)
            kept.readAt = now
            return (kept, validator, [])
        }
        var occurrences = calendar.occurrences(overlapping: dayStart, horizon).filter { !$0.isCancelled }
        let wanted = max(2, agenda)
        if NextUp.upcoming(occurrences, now: now, allDay: options.allDay, longEvent: options.longEvent).count < wanted {
            // Quiet calendars still show their next events (and a full agenda), however far ahead.
            occurrences += NextUp.search(
                calendar, now: horizon, count: wanted, horizon: 400 * 86_400, allDay: options.allDay,
                longEvent: options.longEvent
            ).filter { $0.start >= horizon }
        }
        let kept = Array(occurrences.prefix(Self.maxOccurrencesPerSource))
        let complete = occurrences.count > Self.maxOccurrencesPerSource ? kept.last?.start ?? horizon : horizon
        return (
            .init(source: source, occurrences: kept, horizon: complete, readAt: now), newValidator,
            calendar.warnings
        )
    }
}

extension CalendarProvider {
    /// The part of `previous` that `source` (configured at `index`) wrote: matched by the stored form, at the same
    /// position first, so two sources whose URLs differ only in their credentials keep their own parts.
    static func lastPart(of source: CalendarSource, at index: Int, in previous: CalendarSnapshot)
        -> CalendarSnapshot.SourceEvents?
    {
        let stored = source.stored
        if previous.sources.indices.contains(index), previous.sources[index].source == stored {
            return previous.sources[index]
        }
        return previous.sources.first { $0.source == stored }
    }
}

/// Why a calendar refresh stored nothing.
///
/// It carries an HTTP status and Retry-After into the refresh record (`RefreshFailure`): the status of the
/// first source's failure (the one the message names) when that was an HTTP error, and the latest Retry-After
/// any source asked for, since the next refresh asks every source again.
public enum CalendarProviderError: Error, CustomStringConvertible, RefreshFailure {
    /// No source could be read; the last snapshot is kept whole.
    case everySourceFailed(first: String, count: Int, httpStatus: Int?, retryAfter: Date?)

    public var description: String {
        switch self {
        case .everySourceFailed(let first, let count, _, _):
            count == 1 ? first : "all \(count) sources failed; first: \(first)"
        }
    }

    /// The HTTP status of the first source's failure, when it was an HTTP error.
    public var httpStatus: Int? {
        switch self {
        case .everySourceFailed(_, _, let status, _): status
        }
    }

    /// The latest Retry-After any source's server asked for.
    public var retryAfter: Date? {
        switch self {
        case .everySourceFailed(_, _, _, let retryAfter): retryAfter
        }
    }
}
