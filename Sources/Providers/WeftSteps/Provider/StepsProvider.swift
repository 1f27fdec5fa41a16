import Foundation
import WeftCore

/// A configured steps instance: re-imports its files when they change (size or mtime) and snapshots the history.
public typealias StepsProvider = FileImportInstance<StepsKind>

extension StepsKind: FileImportKind {
    public typealias Settings = StepSettings

    /// Re-imports the instance's changed files and snapshots the result.
    public static func refresh(_ provider: StepsProvider, _ context: RefreshContext) async throws -> RefreshOutcome {
        let (instance, prefix, settings) = (provider.instance, provider.prefix, provider.settings)
        let interval = provider.interval
        let store = try context.importStore(instance: instance, kind: "steps")
        let now = context.now
        let library = provider.library(context)
        let previous = context.previous?.payload(StepsSnapshot.self, version: StepsSnapshot.schemaVersion)
        // Changed settings (a new zone, dedup or priority) re-read every file and rebuild the history from it.
        let rebuild = context.settingsChanged
        var files = try FileImport(patterns: settings.files, imported: previous?.files, rereadAll: rebuild) {
            StepImportError.unreadable(file: $0, reason: "cannot stat it")
        }
        var unreadable = !files.unmatched.isEmpty
        if files.changed.isEmpty, !rebuild, let previous, (previous.access == .denied) == unreadable,
            previous.history.goals == settings.goals, previous.timeZone == settings.timeZone?.identifier,
            previous.history.streakRule == settings.streakRule, previous.history.averageRule == settings.averageRule
        {
            return RefreshOutcome(
                .notModified(validUntil: now.addingTimeInterval(interval)), problems: files.problems)
        }
        var batch: StepBatch?
        if !files.changed.isEmpty {
            // One bad export must not hold back the others; when none can be read the refresh fails and the last
            // snapshot stays.
            var read = library.read(files.changed)
            try files.record(read.reads)
            batch = try read.takeBatch()
            unreadable = unreadable || files.failures.contains { if case .unreadable = $0 { true } else { false } }
        }
        if let batch, let first = batch.issues.first { files.skippedRows(batch.issues.count, first: first) }
        let (steps, records) = try library.rebuild(
            adding: consume batch, store: store, previous: previous, files: files.stamps, sourcesUnreadable: unreadable,
            replacingSources: rebuild, now: now)
        let snapshot = Snapshot(
            instance: instance, kind: StepsKind.type, prefix: prefix, schemaVersion: StepsSnapshot.schemaVersion,
            fetchedAt: now, validUntil: now.addingTimeInterval(interval), payload: try Snapshot.encode(steps),
            extraPrefix: StepsKind.extraPrefix(forPrefix: prefix))
        return RefreshOutcome(.updated(snapshot), problems: files.problems, records: records)
    }
}
