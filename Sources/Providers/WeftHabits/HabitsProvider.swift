import Foundation
import WeftCore

/// A configured habits instance: re-imports its files when they change (size or mtime) and snapshots every
/// habit with its completions, imported and recorded by hand.
public typealias HabitsProvider = FileImportInstance<HabitsKind>

extension HabitImportError: FileImportError {}

extension HabitsKind: FileImportKind {
    public typealias Settings = HabitSettings
    public typealias Payload = HabitsSnapshot
    public typealias ImportError = HabitImportError

    /// Re-imports the instance's changed files and snapshots every habit; changed settings (a new zone, another
    /// column mapping) re-read every file.
    public static func refresh(_ provider: HabitsProvider, _ context: RefreshContext) async throws -> RefreshOutcome {
        let settings = provider.settings
        let (store, library, previous, found) = try provider.begin(context)
        var files = found
        // `weft habit done` writes the manual record and the snapshot together; a refresh that read the record
        // just before that would have written an older snapshot, which the revision check repairs here.
        let manual = try ManualCompletions(records: try store.userRecords(kind: ManualCompletions.recordKind))
        if files.changed.isEmpty, !context.settingsChanged, let previous,
            previous.timeZone == settings.timeZone?.identifier, previous.manualRevision == manual.revision
        {
            return provider.notModified(context, files)
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
        return try provider.updated(habits, context, files, records: records)
    }
}
