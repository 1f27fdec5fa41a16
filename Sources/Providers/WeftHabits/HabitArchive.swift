import Foundation

/// Everything imported (per file, the instance's rebuildable data) and kept by hand (the user's own records), as
/// the database keeps them between imports.
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

    /// The key prefix of the import blobs, one per imported file.
    public static let importPrefix = "import/"

    /// Reads the instance's import blobs and the user's habit records; damaged ones are reported by name.
    public init(blobs: [String: Data], records: [String: Data]) throws(HabitArchiveError) {
        manual = try ManualCompletions(records: records)
        let decoder = JSONDecoder()
        for (key, data) in blobs {
            do {
                if key.hasPrefix(Self.importPrefix) {
                    imports[String(key.dropFirst(Self.importPrefix.count))] = try decoder.decode(
                        [String: ImportedHabit].self, from: data)
                }
            } catch {
                throw .damaged(key)
            }
        }
    }

    /// The blob of one file's import.
    public func importBlob(_ file: String) throws -> (key: String, data: Data) {
        (Self.importPrefix + file, try Self.encoder.encode(imports[file] ?? [:]))
    }

    /// Every import blob.
    func blobs() throws -> [String: Data] {
        var result: [String: Data] = [:]
        for file in imports.keys {
            let blob = try importBlob(file)
            result[blob.key] = blob.data
        }
        return result
    }

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
