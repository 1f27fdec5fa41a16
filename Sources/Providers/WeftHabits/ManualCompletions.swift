import Foundation
import WeftCore

/// The habits the user keeps by hand: definitions from `weft habit add`, completions from `weft habit done`, and
/// imported completions hidden with `weft habit undo`, by habit slug. Each entry is one of the user's own records
/// (kind ``recordKind``), shared by every habits instance, so a renamed provider file finds them again.
public struct ManualCompletions: Sendable, Hashable {
    /// The kind of the user's records that hold the entries.
    public static let recordKind = "habit"

    /// One habit's hand-kept record.
    public struct Entry: Sendable, Hashable, Codable {
        /// The name as last typed.
        public var name: String
        /// Days marked done by hand.
        var done: [HabitCompletion] = []
        /// Days whose imported completion was undone: they stay not done even when an export says otherwise.
        var undone: [Int64] = []
        /// The schedule given with `weft habit add` (nil: from the export, else every day).
        var schedule: HabitSchedule?
        /// The identity given with `weft habit add`.
        var identity: String?
    }

    /// Entries by slug.
    public var habits: [String: Entry] = [:]

    /// No manual completions.
    init() {}

    /// Reads the user's habit records; a damaged one is reported by its slug.
    public init(records: [String: Data]) throws(HabitArchiveError) {
        let decoder = JSONDecoder()
        for (slug, data) in records {
            do {
                habits[slug] = try decoder.decode(Entry.self, from: data)
            } catch {
                throw .damaged("habit \(slug)")
            }
        }
    }

    /// The record of each entry.
    public func records() throws -> [String: Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try habits.mapValues { try encoder.encode($0) }
    }

    /// The record changes that turn `before` into these entries: changed entries are written, gone ones removed
    /// (to the trash under `trashAs`, when given).
    public func changes(from before: ManualCompletions, trashAs: String? = nil) throws -> UserRecordChange {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var change = UserRecordChange(kind: Self.recordKind)
        for (slug, entry) in habits where before.habits[slug] != entry { change.set[slug] = try encoder.encode(entry) }
        change.remove = before.habits.keys.filter { habits[$0] == nil }.sorted()
        change.trashAs = trashAs
        return change
    }

    /// A digest of every entry, so a refresh can tell its snapshot was built from other records than the stored ones.
    var revision: Int {
        // FNV-1a over the sorted records: stable across runs, unlike Swift's seeded Hasher.
        var hash: UInt64 = 14_695_981_039_346_656_037
        guard let records = try? records() else { return 0 }
        for slug in records.keys.sorted() {
            for byte in Array(slug.utf8) + [0] + Array(records[slug] ?? Data()) {
                hash ^= UInt64(byte)
                hash = hash &* 1_099_511_628_211
            }
        }
        return Int(truncatingIfNeeded: hash)
    }

    /// Marks `name` done on a day; clears an earlier undo of that day.
    public mutating func markDone(_ name: String, _ completion: HabitCompletion) {
        let slug = HabitSlug.of(name)
        var entry = habits[slug] ?? Entry(name: name)
        entry.name = name
        entry.done.removeAll { $0.day == completion.day }
        entry.done.append(completion)
        entry.done.sort { $0.day < $1.day }
        entry.undone.removeAll { $0 == completion.day }
        habits[slug] = entry
    }

    /// Takes back a completion of `slug` on `day`: drops a manual one, and hides an imported one when
    /// `imported` says an export has that day. Returns false when there was nothing to take back.
    public mutating func undo(_ slug: String, day: Int64, imported: Bool) -> Bool {
        var entry = habits[slug] ?? Entry(name: slug)
        let hadManual = entry.done.contains { $0.day == day }
        entry.done.removeAll { $0.day == day }
        let hides = imported && !entry.undone.contains(day)
        if hides { entry.undone.append(day) }
        guard hadManual || hides else { return false }
        entry.undone.sort()
        habits[slug] = entry
        return true
    }
}
