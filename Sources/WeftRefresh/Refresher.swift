import Foundation
import Logging
import WeftCore
import WeftPrimitives
import WeftStore

/// Runs the providers that are due and stores what they return through the ``CacheWriter``.
///
/// One broken provider file never holds back the others: it is reported (and recorded, so `weft status` and its
/// `<prefix>error` show it) while every valid provider refreshes. The instances whose files are gone are forgotten.
public struct Refresher: Sendable {
    /// How one provider's turn ended.
    public enum Result: Sendable, Equatable {
        /// New data was stored; `problems` are its warnings (what went wrong in a refresh that still succeeded).
        case refreshed(nextDue: Date, problems: [String])
        /// The source said nothing changed; the data's validity was extended.
        case notModified(nextDue: Date, problems: [String])
        case notDue(until: Date)
        case waitingForRetryAfter(until: Date)
        /// It crashed weft `crashes` times in a row; a run without `--force` skips it until `until`.
        case waitingAfterCrash(until: Date, crashes: Int)
        case failed(String)
        /// The provider file cannot be used; nothing ran.
        case invalid(String)
    }

    /// One line of the report.
    public struct Entry: Sendable, Equatable {
        public var instance: String
        public var result: Result
    }

    /// What a refresh run did.
    public struct Report: Sendable {
        /// One entry per provider file, in instance order.
        public var entries: [Entry]
        /// Instances whose rebuildable data was forgotten because their provider file is gone.
        public var forgotten: [String]
        /// Instances whose file is gone but that were kept because the providers directory holds no provider file
        /// at all (emptied by mistake, or a wrong `--providers`).
        public var keptInEmptyDirectory: [String] = []

        /// 2 when a provider file was invalid (the others still ran), else 1 when a provider failed, else 0
        /// (everything that ran succeeded, perhaps with problems it reported, or nothing was due).
        public var exitCode: Int32 {
            var code: Int32 = 0
            for entry in entries {
                switch entry.result {
                case .invalid: return 2
                case .failed, .waitingAfterCrash: code = 1
                case .refreshed, .notModified, .notDue, .waitingForRetryAfter: break
                }
            }
            return code
        }
    }

    public var registry: ProviderRegistry
    public var locations: WeftLocations
    public var timeZone: TimeZone
    var logger: Logger
    /// How long to wait for another refresh to finish before giving up.
    var lockWait: Duration

    /// Creates a refresher.
    public init(
        registry: ProviderRegistry, locations: WeftLocations, timeZone: TimeZone, logger: Logger,
        lockWait: Duration = .seconds(5)
    ) {
        self.registry = registry
        self.locations = locations
        self.timeZone = timeZone
        self.logger = logger
        self.lockWait = lockWait
    }

    /// Refreshes the due providers among `instances` (all when empty); `force` ignores validity.
    ///
    /// Throws only when nothing can run: the providers directory is unreadable, an instance named has no file, or
    /// the cache cannot be opened.
    public func run(_ instances: [String], force: Bool, now: Date) async throws -> Report {
        let writer = try CacheWriter(cacheDirectory: locations.cacheDirectory, wait: lockWait)
        let store = writer.store
        let infos = try store.snapshotInfos()
        let set = try ProviderSet(
            path: locations.providersDirectory, registry: registry, owners: Self.owners(infos))
        let (chosen, broken) = try set.select(instances)
        let (forgotten, kept) = try sync(set, writer: writer, infos: infos, now: now)
        let records = try store.providerFiles()
        let byInstance = Dictionary(infos.map { ($0.instance, $0) }, uniquingKeysWith: { first, _ in first })
        let prefixes = Dictionary(
            set.entries.map { ($0.config.instance, $0.provider.prefix) }, uniquingKeysWith: { first, _ in first })
        let fingerprints = Dictionary(
            set.entries.map { ($0.config.instance, $0.config.fingerprint) }, uniquingKeysWith: { first, _ in first })
        var crashed = try recordCrashes(writer: writer, prefixes: prefixes, fingerprints: fingerprints, now: now)
        for entry in chosen where CrashBackoff.crashes(try store.attempts(entry.config.instance, limit: 1)) > 0 {
            crashed.insert(entry.config.instance)
        }
        // What crashed last time runs after the others, one at a time: should it crash again, the rest have
        // finished and been recorded, and its marker alone names it.
        let ordered = chosen.enumerated().map { ($0.offset, $0.element) }
        let first = ordered.filter { !crashed.contains($0.1.config.instance) }
        let last = ordered.filter { crashed.contains($0.1.config.instance) }
        var results = await withTaskGroup(of: (Int, Result).self) { group in
            for (index, entry) in first {
                let info = byInstance[entry.config.instance]
                let stored = records[entry.config.instance]?.fingerprint
                group.addTask {
                    let result = await self.turn(
                        entry, info: info, storedFingerprint: stored, writer: writer, force: force, now: now)
                    return (index, result)
                }
            }
            var results = [Result?](repeating: nil, count: chosen.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        for (index, entry) in last {
            let instance = entry.config.instance
            results[index] = await turn(
                entry, info: byInstance[instance], storedFingerprint: records[instance]?.fingerprint, writer: writer,
                force: force, now: now)
        }
        var entries = zip(chosen, results).map {
            Entry(instance: $0.config.instance, result: $1 ?? .failed("did not run"))
        }
        for problem in broken {
            entries.append(Entry(instance: problem.instance ?? problem.file ?? "?", result: .invalid("\(problem)")))
        }
        return Report(
            entries: entries.sorted { $0.instance < $1.instance }, forgotten: forgotten, keptInEmptyDirectory: kept)
    }

    /// Records a failed attempt for every provider a dead refresh left marked as running, and clears the markers.
    /// Each crash is recorded with the provider file's settings, so an edited file is tried at once (`CrashBackoff`).
    private func recordCrashes(
        writer: CacheWriter, prefixes: [String: String], fingerprints: [String: String], now: Date
    ) throws -> Set<String> {
        let left = writer.markers.left()
        for instance in left {
            let others = left.filter { $0 != instance }
            let crashes = CrashBackoff.crashes(try writer.store.attempts(instance, limit: CrashBackoff.window)) + 1
            let wait = Int(CrashBackoff.wait(afterCrashes: crashes))
            let message =
                CrashBackoff.message
                + (others.isEmpty ? "" : " (with \(others.joined(separator: ", ")))")
                + (crashes > 1 ? ", \(crashes) times in a row" : "")
                + "; a refresh without --force waits \(AgeText.format(wait)) before trying it again, "
                + "then runs it after the others, on its own (`weft refresh --force \(instance)` tries now)"
            logger.error("\(instance): \(message)")
            let prefix = prefixes[instance] ?? ""
            try writer.recordFailure(
                RefreshAttempt(
                    instance: instance, prefix: prefix, attemptedAt: now, outcome: .failed, error: message,
                    fingerprint: fingerprints[instance]))
            writer.markers.clear(instance)
        }
        return Set(left)
    }

    /// Which instance owns each prefix in the cache now (the newest snapshot, when two share one).
    static func owners(_ infos: [SnapshotInfo]) -> [String: String] {
        var owners: [String: SnapshotInfo] = [:]
        for info in infos where (owners[info.prefix]?.fetchedAt ?? .distantPast) < info.fetchedAt {
            owners[info.prefix] = info
        }
        return owners.mapValues(\.instance)
    }

    /// Records every provider file (a broken one with its error, so its prefix's `error` variable shows it) and
    /// forgets what each instance whose file is gone can rebuild; the user's own records stay. A providers directory
    /// that does not exist or holds no provider file forgets nothing: a mistyped `--providers` or an emptied folder
    /// must not empty the database.
    private func sync(
        _ set: ProviderSet, writer: CacheWriter, infos: [SnapshotInfo], now: Date
    ) throws -> (forgotten: [String], kept: [String]) {
        let known = try writer.store.providerFiles()
        var records: [ProviderFileRecord] = set.entries.map {
            ProviderFileRecord(
                instance: $0.config.instance, file: $0.config.file, type: $0.config.type, prefix: $0.provider.prefix,
                fingerprint: nil, configError: nil)
        }
        for problem in set.problems {
            guard let instance = problem.instance, let file = problem.file else { continue }
            let prefix =
                problem.prefix ?? infos.first { $0.instance == instance }?.prefix ?? known[instance]?.prefix
            records.append(
                ProviderFileRecord(
                    instance: instance, file: file, type: problem.type ?? known[instance]?.type, prefix: prefix,
                    fingerprint: nil, configError: "configuration error: \(problem)"))
        }
        let present = set.instances
        let gone = set.directory.exists ? known.keys.filter { !present.contains($0) }.sorted() : []
        let empty = set.entries.isEmpty && set.problems.isEmpty
        let forgotten = try writer.syncProviderFiles(records, forgetting: empty ? [] : gone, at: now)
        for instance in forgotten { logger.info("\(instance): forgotten, its provider file is gone") }
        return (forgotten, empty ? gone : [])
    }

    /// The fingerprint of the settings a provider runs with: its file's settings and the refresh's zone, which
    /// providers without a `timezone` of their own use.
    static func fingerprint(_ config: ProviderConfig, zone: TimeZone) -> String {
        config.fingerprint + "/" + zone.identifier
    }

    private func turn(
        _ entry: ProviderSet.Entry, info: SnapshotInfo?, storedFingerprint: String?, writer: CacheWriter, force: Bool,
        now start: Date
    ) async -> Result {
        let (config, provider) = (entry.config, entry.provider)
        let instance = config.instance
        let store = writer.store
        do {
            let lastAttempt = try store.lastAttempt(instance)
            let fingerprint = Self.fingerprint(config, zone: timeZone)
            // Not even --force asks again before a Retry-After of this very request; changed settings in the file
            // (a fixed URL) are a new one. The refresh's zone is no part of a request.
            if let until = DuePolicy.retryAfter(lastAttempt, fingerprint: config.fingerprint, now: start) {
                return .waitingForRetryAfter(until: until)
            }
            let attempts = try store.attempts(instance, limit: CrashBackoff.window)
            if !force, let backoff = CrashBackoff.until(attempts, fingerprint: config.fingerprint, now: start) {
                return .waitingAfterCrash(until: backoff.until, crashes: backoff.crashes)
            }
            let settingsChanged = info != nil && storedFingerprint != fingerprint
            let modified = Self.lastChange(config: config, provider: provider)
            if !force, !settingsChanged, let due = DuePolicy.nextDue(snapshot: info, configModified: modified),
                !Validity.isStale(until: due, at: start)
            {
                return .notDue(until: due)
            }
            let context = RefreshContext(
                now: start, previous: info == nil ? nil : try store.snapshot(instance),
                validators: try store.validators(instance), timeZone: timeZone,
                logger: Logger(label: "weft.\(instance)"), data: store, settingsChanged: settingsChanged)
            let clock = ContinuousClock()
            let began = clock.now
            try writer.markers.mark(instance)
            defer { writer.markers.clear(instance) }
            #if DEBUG
                // Tests crash a provider for real (debug builds only) to check the markers.
                if ProcessInfo.processInfo.environment["WEFT_TEST_CRASH_PROVIDER"] == instance {
                    fatalError("\(instance): crashed on purpose (WEFT_TEST_CRASH_PROVIDER)")
                }
            #endif
            do {
                let outcome = try await provider.refresh(context)
                let record = ProviderFileRecord(
                    instance: instance, file: config.file, type: config.type, prefix: provider.prefix,
                    fingerprint: fingerprint, configError: nil)
                try writer.recordSuccess(
                    instance: instance, prefix: provider.prefix, outcome: outcome, at: start,
                    duration: clock.now - began, file: record)
                switch outcome.change {
                case .updated(let snapshot): return .refreshed(nextDue: snapshot.validUntil, problems: outcome.problems)
                case .notModified(let validUntil): return .notModified(nextDue: validUntil, problems: outcome.problems)
                }
            } catch {
                let failure = error as? any RefreshFailure
                logger.warning("\(instance): \(ErrorText.words(error))")
                try writer.recordFailure(
                    RefreshAttempt(
                        instance: instance, prefix: provider.prefix, attemptedAt: start, outcome: .failed,
                        error: "\(ErrorText.words(error))", httpStatus: failure?.httpStatus,
                        retryAfter: failure?.retryAfter,
                        fingerprint: config.fingerprint),
                    duration: clock.now - began)
                return .failed("\(ErrorText.words(error))")
            }
        } catch {
            return .failed("\(ErrorText.words(error))")
        }
    }

    /// When the provider's TOML file or any file it reads last changed.
    static func lastChange(config: ProviderConfig, provider: any Provider) -> Date? {
        ([config.file] + provider.watchedFiles).compactMap { FileStamp(path: $0)?.modified }.max()
    }
}
