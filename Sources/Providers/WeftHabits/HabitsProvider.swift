import Foundation
import WeftCore

/// A configured habits instance: re-imports its files when they change (size or mtime) and snapshots every
/// habit with its completions, imported and recorded by hand.
public typealias HabitsProvider = FileImportInstance<HabitsKind>

extension HabitsKind: FileImportKind {
    public typealias Settings = HabitSettings

    /// Re-imports the instance's changed files and snapshots the result.
    public static func refresh(_ provider: HabitsProvider, _ context: RefreshContext) async throws -> RefreshOutcome {
        let (instance, prefix, settings) = (provider.instance, provider.prefix, provider.settings)
        let interval = provider.interval
        let store = try context.importStore(instance: instance, kind: "habits")
        let now = context.now
        let library = provider.library(context)
        let previous = context.previous?.payload(HabitsSnapshot.self, version: HabitsSnapshot.schemaVersion)
        // Changed settings (a new zone, another column mapping) re-read every file.
        var files = try FileImport(
            patterns: settings.files, imported: previous?.files, rereadAll: context.settingsChanged
        ) { HabitImportError.unreadable(file: $0, reason: "cannot stat it") }
        // `weft habit done` writes the manual record and the snapshot together; a refresh that read the record
        // just before that would have written an older snapshot, which the revision check repairs here.
        let manual = try ManualCompletions(records: try store.userRecords(kind: ManualCompletions.recordKind))
        if files.changed.isEmpty, !context.settingsChanged, let previous,
            previous.timeZone == settings.timeZone?.identifier, previous.manualRevision == manual.revision
        {
            return RefreshOutcome(
                .notModified(validUntil: now.addingTimeInterval(interval)), problems: files.problems)
        }
        // One bad export must not hold back the others; when none can be read the refresh fails and the last
        // snapshot stays. Zone changes re-read every file: completions become days in the new zone.
        let rereadAll = previous?.timeZone != settings.timeZone?.identifier
        let (imports, reads) = library.readEach(rereadAll ? files.files : files.changed)
        try files.record(reads)
        for result in imports {
            if let first = result.issues.first { files.skippedRows(result.issues.count, first: first) }
        }
        let (habits, records) = try library.rebuild(adding: imports, store: store, files: files.stamps)
        let snapshot = Snapshot(
            instance: instance, kind: HabitsKind.type, prefix: prefix, schemaVersion: HabitsSnapshot.schemaVersion,
            fetchedAt: now, validUntil: now.addingTimeInterval(interval), payload: try Snapshot.encode(habits))
        return RefreshOutcome(.updated(snapshot), problems: files.problems, records: records)
    }
}
