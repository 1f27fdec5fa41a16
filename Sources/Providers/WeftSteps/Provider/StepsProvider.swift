import Foundation
import WeftCore

/// A configured steps instance: re-imports its files when they change (size or mtime) and snapshots the history.
public struct StepsProvider: Provider {
    public let instance: String
    public let prefix: String
    /// The instance's settings.
    public var settings: StepSettings
    /// How often the files are checked for changes.
    var interval: TimeInterval

    /// Creates a provider.
    init(instance: String, prefix: String, settings: StepSettings, interval: TimeInterval) {
        self.instance = instance
        self.prefix = prefix
        self.settings = settings
        self.interval = interval
    }

    /// The configured exports as they match now: a changed or new file makes the instance due.
    public var watchedFiles: [String] { FilePatterns.expand(settings.files).files }

    /// Each pattern in `files` must match a readable file.
    public func preflight(_ config: ProviderConfig) -> [ConfigError] {
        FilePatterns.preflight(settings.files, key: "files", config: config)
    }

    public func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        guard let store = context.data else { throw StepsProviderError.noCache(instance: instance) }
        let now = context.now
        let library = StepLibrary(instance: instance, settings: settings, timeZone: context.timeZone)
        let previous: StepsSnapshot? = context.previous.flatMap { snapshot in
            snapshot.schemaVersion == StepsSnapshot.schemaVersion ? try? snapshot.decode(StepsSnapshot.self) : nil
        }
        let (files, stamps, unmatched) = try FilePatterns.scan(settings.files) {
            StepImportError.unreadable(file: $0, reason: "cannot stat it")
        }
        // Changed settings (a new zone, dedup or priority) re-read every file and rebuild the history from it.
        let rebuild = context.settingsChanged
        let changed = files.filter { rebuild || previous?.files[$0] != stamps[$0] }
        var problems = unmatched.map { "no file matches \($0)" }
        var unreadable = !unmatched.isEmpty
        if changed.isEmpty, !rebuild, let previous, (previous.access == .denied) == unreadable,
            previous.history.goals == settings.goals, previous.timeZone == settings.timeZone?.identifier,
            previous.history.streakRule == settings.streakRule, previous.history.averageRule == settings.averageRule
        {
            return RefreshOutcome(.notModified(validUntil: now.addingTimeInterval(interval)), problems: problems)
        }
        var batch: StepBatch?
        var imported = stamps
        if !changed.isEmpty {
            // One bad export must not hold back the others; when none can be read the refresh fails and the last
            // snapshot stays.
            var read = library.read(changed)
            batch = try read.takeBatch()
            problems += read.failures.map(\.description)
            // Left unrecorded, a rejected file is tried again at every refresh, so its error stays visible.
            for file in read.failures.compactMap(\.file) { imported[file] = nil }
            unreadable = unreadable || read.failures.contains { if case .unreadable = $0 { true } else { false } }
        }
        if let batch, !batch.issues.isEmpty {
            problems.append("\(batch.issues.count) bad rows skipped; first: \(batch.issues[0])")
        }
        let (steps, records) = try library.rebuild(
            adding: consume batch, store: store, previous: previous, files: imported, sourcesUnreadable: unreadable,
            replacingSources: rebuild, now: now)
        let snapshot = Snapshot(
            instance: instance, kind: StepsKind.type, prefix: prefix, schemaVersion: StepsSnapshot.schemaVersion,
            fetchedAt: now, validUntil: now.addingTimeInterval(interval), payload: try Snapshot.encode(steps),
            extraPrefix: StepsKind.extraPrefix(forPrefix: prefix))
        return RefreshOutcome(.updated(snapshot), problems: problems, records: records)
    }
}

/// Why a steps refresh could not run.
enum StepsProviderError: Error, CustomStringConvertible {
    /// The refresh ran without a cache to keep the imported data in.
    case noCache(instance: String)

    var description: String {
        switch self {
        case .noCache(let instance): "\(instance): the steps provider needs the cache to keep imported data"
        }
    }
}
