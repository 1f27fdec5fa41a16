import Foundation
import WeftCore

/// A configured steps instance: re-imports its files when they change (size or mtime) and snapshots the history.
public typealias StepsProvider = FileImportInstance<StepsKind>

extension StepImportError: FileImportError {}

extension StepsKind: FileImportKind {
    public typealias Settings = StepSettings
    public typealias Payload = StepsSnapshot
    public typealias ImportError = StepImportError

    /// Re-imports the instance's changed files and snapshots the history.
    public static func refresh(_ provider: StepsProvider, _ context: RefreshContext) async throws -> RefreshOutcome {
        let (settings, now) = (provider.settings, context.now)
        let (store, library, previous, found) = try provider.begin(context)
        var files = found
        // Changed settings (a new zone, dedup or priority) re-read every file and rebuild the history from it.
        let rebuild = context.settingsChanged
        var unreadable = !files.unmatched.isEmpty
        // A snapshot from before the history kept activity per day is rebuilt from the archive once.
        if files.changed.isEmpty, !rebuild, let previous, !previous.activityHistoryMissing,
            (previous.access == .denied) == unreadable,
            previous.history.goals == settings.goals, previous.timeZone == settings.timeZone?.identifier,
            previous.history.streakRule == settings.streakRule, previous.history.averageRule == settings.averageRule
        {
            return provider.notModified(context, files)
        }
        var batch: StepBatch?
        if !files.changed.isEmpty {
            // One bad export must not hold back the others; when none can be read the refresh fails and the last
            // snapshot stays.
            var read = try library.read(files.changed, store: store)
            try files.record(read.reads)
            batch = try read.takeBatch()
            unreadable = unreadable || files.failures.contains { if case .unreadable = $0 { true } else { false } }
        }
        if let batch, let first = batch.issues.first { files.skippedRows(batch.issueCount, first: first) }
        let (steps, records) = try library.rebuild(
            adding: consume batch, store: store, previous: previous, files: files.stamps, sourcesUnreadable: unreadable,
            replacingSources: rebuild, now: now)
        return try provider.updated(
            steps, context, files, records: records, extraPrefix: StepsKind.extraPrefix(forPrefix: provider.prefix))
    }
}
