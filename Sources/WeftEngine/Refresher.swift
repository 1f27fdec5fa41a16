import Foundation
import Logging
import WeftCore
import WeftStore

/// Runs the providers that are due and stores what they return; the only writer of snapshots.
public struct Refresher: Sendable {
    /// How one provider's turn ended.
    public enum Result: Sendable, Equatable {
        case refreshed(nextDue: Date)
        case notModified(nextDue: Date)
        case notDue(until: Date)
        case waitingForRetryAfter(until: Date)
        case failed(String)
    }

    /// One line of the report.
    public struct Entry: Sendable, Equatable {
        public var instance: String
        public var result: Result
    }

    /// What a refresh run did, in provider order.
    public struct Report: Sendable {
        public var entries: [Entry]
        /// 0 when everything that ran succeeded (or nothing was due), 1 when any provider failed.
        public var exitCode: Int32 {
            entries.contains { if case .failed = $0.result { true } else { false } } ? 1 : 0
        }
    }

    public var registry: ProviderRegistry
    public var locations: WeftLocations
    public var timeZone: TimeZone
    public var logger: Logger
    /// How long to wait for another refresh to finish before giving up.
    public var lockWait: Duration

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
    /// A configuration error stops the run before any provider runs; it is also recorded as the broken
    /// instance's last error, so `weft status` and `{{__<prefix>error}}` show why its data stopped updating.
    public func run(_ instances: [String], force: Bool, now: Date) async throws -> Report {
        let set = try ProviderSet(path: locations.providersDirectory, registry: registry)
        let chosen = try set.directory.select(instances).map(\.instance)
        let providers = set.entries.filter { chosen.contains($0.config.instance) }
        try FileManager.default.createDirectory(
            atPath: locations.cacheDirectory, withIntermediateDirectories: true)
        let lock = try RefreshLock(directory: locations.cacheDirectory, wait: lockWait)
        let store = try CacheStore.openForWriting(directory: locations.cacheDirectory)
        if let first = set.problems.first {
            for problem in set.problems { try record(problem, store: store, at: now) }
            throw first
        }
        let infos = Dictionary(uniqueKeysWithValues: try store.snapshotInfos().map { ($0.instance, $0) })
        let results = await withTaskGroup(of: (Int, Result).self) { group in
            for (index, item) in providers.enumerated() {
                let info = infos[item.config.instance]
                group.addTask {
                    (
                        index,
                        await self.turn(
                            item.provider, config: item.config, info: info, store: store, force: force, now: now)
                    )
                }
            }
            var results = [Result?](repeating: nil, count: providers.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        _ = consume lock
        return Report(
            entries: zip(providers, results).map {
                Entry(instance: $0.config.instance, result: $1 ?? .failed("did not run"))
            })
    }

    private func turn(
        _ provider: any Provider, config: ProviderConfig, info: SnapshotInfo?, store: CacheStore, force: Bool,
        now start: Date
    ) async -> Result {
        let instance = config.instance
        do {
            let lastAttempt = try store.lastAttempt(instance)
            if let until = DuePolicy.retryAfter(lastAttempt, now: start) { return .waitingForRetryAfter(until: until) }
            let modified = Self.lastChange(config: config, provider: provider)
            if !force, let due = DuePolicy.nextDue(snapshot: info, lastAttempt: lastAttempt, configModified: modified),
                due > start
            {
                return .notDue(until: due)
            }
            let context = RefreshContext(
                now: start, previous: info == nil ? nil : try store.snapshot(instance),
                validators: try store.validators(instance), timeZone: timeZone,
                logger: Logger(label: "weft.\(instance)"), data: store)
            let clock = ContinuousClock()
            let began = clock.now
            do {
                let outcome = try await provider.refresh(context)
                try store.recordSuccess(
                    instance: instance, prefix: provider.prefix, outcome: outcome, at: start,
                    duration: clock.now - began)
                switch outcome.change {
                case .updated(let snapshot): return .refreshed(nextDue: snapshot.validUntil)
                case .notModified(let validUntil): return .notModified(nextDue: validUntil)
                }
            } catch {
                let failure = error as? any RefreshFailure
                logger.warning("\(instance): \(error)")
                try store.recordFailure(
                    RefreshAttempt(
                        instance: instance, prefix: provider.prefix, attemptedAt: start, outcome: .failed,
                        error: "\(error)", httpStatus: failure?.httpStatus, retryAfter: failure?.retryAfter),
                    duration: clock.now - began)
                return .failed("\(error)")
            }
        } catch {
            return .failed("\(error)")
        }
    }

    private func record(_ problem: ConfigError, store: CacheStore, at date: Date) throws {
        guard let instance = problem.instance else { return }
        let prefix =
            try store.snapshotInfos().first(where: { $0.instance == instance })?.prefix
            ?? store.lastAttempt(instance)?.prefix ?? "__\(instance.lowercased())_"
        try store.recordFailure(
            RefreshAttempt(
                instance: instance, prefix: prefix, attemptedAt: date, outcome: .failed,
                error: "configuration error: \(problem)"))
    }

    /// When the provider's TOML file or any file it reads last changed.
    static func lastChange(config: ProviderConfig, provider: any Provider) -> Date? {
        ([config.file] + provider.watchedFiles).compactMap(modificationDate).max()
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
