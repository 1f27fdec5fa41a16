import Foundation
import WeftCore
import WeftPrimitives

/// Imports into an instance's cached habit data and rebuilds its snapshot: what `weft habit import`, `done`,
/// `undo` and the habits provider's refresh share.
public typealias HabitLibrary = FileLibrary<HabitSettings>

extension FileLibrary where Settings == HabitSettings {
    /// Reads files with the instance's layout (`format` overriding it), stopping at the first that cannot be read.
    public func read(_ paths: [String], format: HabitFormat? = nil) throws(HabitImportError) -> [HabitImport] {
        let (imports, reads) = readEach(paths, format: format)
        if let first = reads.errors.first { throw first }
        return imports
    }

    /// Reads files with the instance's layout (`format` overriding it), each on its own (``FileReads``): a file
    /// that cannot be imported is left out and its error kept beside the others' imports.
    ///
    /// Each import is keyed by the file's absolute path, so `weft habit import` of a relative path and the
    /// provider's glob of the same file replace each other instead of piling up.
    public func readEach(_ paths: [String], format: HabitFormat? = nil)
        -> (imports: [HabitImport], reads: FileReads<HabitImportError>)
    {
        var imports: [HabitImport] = []
        var reads = FileReads<HabitImportError>()
        reads.read(paths) { path throws(HabitImportError) in
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            imports.append(
                try HabitImporter.importFile(atPath: absolute, zone: zone, format: format ?? settings.format))
        }
        return (imports, reads)
    }

    /// The snapshot payload of an archive.
    public func snapshot(of archive: HabitArchive, files: [String: String]) -> HabitsSnapshot {
        HabitsSnapshot(
            habits: archive.states(), timeZone: settings.timeZone?.identifier, files: files,
            manualRevision: archive.manual.revision)
    }

    /// Merges imports into the user's stored imports and returns the rebuilt payload with the records to store.
    public func rebuild(
        adding imports: [HabitImport], store: any ProviderDataStore, files: [String: String]
    ) throws -> (snapshot: HabitsSnapshot, records: [UserRecordChange]) {
        var archive = try HabitArchive(
            imports: try store.userRecords(kind: HabitArchive.importKind),
            manual: try store.userRecords(kind: ManualCompletions.recordKind))
        for result in imports { archive.merge(result) }
        let change = try archive.importChange(imports.map(\.file))
        return (snapshot(of: archive, files: files), change.isEmpty ? [] : [change])
    }
}
