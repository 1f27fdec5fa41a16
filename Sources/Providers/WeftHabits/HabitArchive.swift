import Foundation
import WeftCore

/// Everything imported (per file) and kept by hand, as the database keeps them between imports: both are the user's
/// own records (an imported export may be gone), keyed by file path and habit slug, not by the provider file.
///
/// Importing a file again replaces what that file said before, so a completion deleted in the tracker disappears
/// on the next import of its export, and re-importing never counts a day twice.
public struct HabitArchive: Sendable, Equatable {
    /// Habits by slug, per imported file path.
    var imports: [String: [String: ImportedHabit]] = [:]
    /// `weft habit done` / `undo` records.
    public var manual = ManualCompletions()

    /// An empty archive.
    public init() {}

    /// The kind of the user's records that hold imports, one per imported file, keyed by its absolute path.
    public static let importKind = "habit-import"

    /// The record kinds an archive is read from: imports and habits kept by hand.
    public static let recordKinds = [importKind, ManualCompletions.recordKind]

    /// Reads the user's import records (by file path) and habit records (by slug); damaged ones are reported by name.
    public init(imports records: [String: Data], manual: [String: Data]) throws(HabitArchiveError) {
        self.manual = try ManualCompletions(records: manual)
        let decoder = JSONDecoder()
        for (file, data) in records {
            do {
                imports[file] = try decoder.decode([String: ImportedHabit].self, from: data)
            } catch {
                throw .damaged(file)
            }
        }
    }

    /// Reads the archive from the user's records of both kinds, by kind.
    public init(records: [String: [String: Data]]) throws(HabitArchiveError) {
        try self.init(
            imports: records[Self.importKind] ?? [:], manual: records[ManualCompletions.recordKind] ?? [:])
    }

    /// The record change that stores the imports of `files` as they are now.
    public func importChange(_ files: [String]) throws -> UserRecordChange {
        var change = UserRecordChange(kind: Self.importKind)
        for file in files { change.set[file] = try Self.encoder.encode(imports[file] ?? [:]) }
        return change
    }

    /// Every import record.
    func importRecords() throws -> [String: Data] { try importChange(Array(imports.keys)).set }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Replaces what `file` said with a new import of it.
    public mutating func merge(_ result: HabitImport) { imports[result.file] = result.habits }

    /// The imported files that hold the habit `slug`, sorted; nil when none does.
    func importingFiles(_ slug: String) -> [String]? {
        let files = imports.filter { $0.value[slug] != nil }.keys.sorted()
        return files.isEmpty ? nil : files
    }

    /// Whether any import has a completion of `slug` on `day`.
    public func isImported(_ slug: String, day: Int64) -> Bool {
        imports.values.contains { $0[slug]?.completions.contains { $0.day == day } ?? false }
    }

    /// Every habit, imports and manual records merged, sorted by slug.
    ///
    /// A habit's description comes from the file with its latest completion; a habit only ever marked done by hand
    /// is scheduled every day. A day counts when an import or `done` has it and no `undo` hid it.
    public func states() -> [HabitState] {
        var slugs = Set(manual.habits.keys)
        for habits in imports.values { slugs.formUnion(habits.keys) }
        return slugs.sorted().map { slug in
            var description: ImportedHabit?
            var latest: Int64 = .min
            var byDay: [Int64: Date?] = [:]
            for file in imports.keys.sorted() {
                guard let habit = imports[file]?[slug] else { continue }
                let last = habit.completions.last?.day ?? .min
                if description == nil || last >= latest {
                    description = habit
                    latest = last
                }
                for completion in habit.completions {
                    byDay.updateValue(newest(byDay[completion.day], completion.at), forKey: completion.day)
                }
            }
            let entry = manual.habits[slug]
            for completion in entry?.done ?? [] {
                byDay.updateValue(newest(byDay[completion.day], completion.at), forKey: completion.day)
            }
            for day in entry?.undone ?? [] where !(entry?.done.contains { $0.day == day } ?? false) {
                byDay.removeValue(forKey: day)
            }
            return HabitState(
                name: description?.name ?? entry?.name ?? slug, slug: slug,
                identity: entry?.identity ?? description?.identity ?? "",
                experiments: description?.experiments ?? [],
                schedule: entry?.schedule ?? description?.schedule ?? .everyDay,
                completions: byDay.keys.sorted().map { HabitCompletion(day: $0, at: byDay[$0] ?? nil) })
        }
    }

    private func newest(_ known: Date??, _ new: Date?) -> Date? {
        guard let known, let knownDate = known else { return new }
        guard let new else { return knownDate }
        return max(knownDate, new)
    }
}

/// The cache's habit data could not be read back.
public enum HabitArchiveError: Error, CustomStringConvertible {
    /// A stored blob does not decode.
    case damaged(String)

    public var description: String {
        switch self {
        case .damaged(let key):
            "the stored habit data \"\(key)\" is damaged; restore it from a backup (weft restore FILE) or re-import the files (weft habit import FILE…)"
        }
    }
}
