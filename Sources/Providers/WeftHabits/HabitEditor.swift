import Foundation
import WeftCore
import WeftPrimitives

/// Changes a habits instance's stored archive and rebuilds its snapshot: what `weft habit done|undo|import` and the
/// dashboard's buttons run inside the cache writer's one transaction, so both write the same way.
public struct HabitEditor: Sendable {
    /// The instance, its settings and zone.
    public var library: HabitLibrary
    /// The instance's variable prefix, for a first snapshot.
    public var prefix: String
    /// When the change is made (the snapshot's fetch time).
    public var now: Date
    /// Where hand-kept habits that a change drops go: the trash, under this name (`weft habit remove`).
    public var trashAs: String?

    /// An editor for `library`'s instance.
    public init(library: HabitLibrary, prefix: String, now: Date, trashAs: String? = nil) {
        self.library = library
        self.prefix = prefix
        self.now = now
        self.trashAs = trashAs
    }

    /// What one change wrote: the records to store (empty when nothing changed), the snapshot and the change's
    /// result.
    public struct Outcome<T> {
        /// Changes to the user's import and habit records.
        public var records: [UserRecordChange]
        /// Whether nothing changed, and then nothing should be written.
        public var isEmpty: Bool { records.allSatisfy(\.isEmpty) }
        /// The rebuilt snapshot.
        public var snapshot: Snapshot
        /// The habits as they are after the change.
        public var habits: HabitsSnapshot
        /// What `change` returned.
        public var result: T
    }

    /// Applies `change` to the archive stored in the user's `records` (by kind, ``HabitArchive/recordKinds``; with
    /// `current` the stored snapshot) and rebuilds the snapshot; `change` names the imported files it changed and
    /// whether it changed the hand-kept habits.
    public func apply<T>(
        records: [String: [String: Data]], current: Snapshot?,
        _ change: (inout HabitArchive) throws -> (changedFiles: [String], manual: Bool, result: T)
    ) throws -> Outcome<T> {
        var archive = try HabitArchive(records: records)
        let before = archive.manual
        let (files, manual, result) = try change(&archive)
        var changes = [try archive.importChange(files)]
        if manual { changes.append(try archive.manual.changes(from: before, trashAs: trashAs)) }
        let previous = try current.flatMap { snapshot in
            snapshot.kind == HabitsKind.type ? try snapshot.decode(HabitsSnapshot.self) : nil
        }
        let habits = library.snapshot(of: archive, files: previous?.files ?? [:])
        let snapshot = Snapshot(
            instance: library.instance, kind: HabitsKind.type, prefix: current?.prefix ?? prefix,
            schemaVersion: HabitsSnapshot.schemaVersion, fetchedAt: now, validUntil: current?.validUntil ?? now,
            payload: try Snapshot.encode(habits))
        return Outcome(records: changes, snapshot: snapshot, habits: habits, result: result)
    }

    /// Marks the habit `name` (slug `slug`) done; returns whether the habit was known before.
    public static func markDone(
        _ archive: inout HabitArchive, name: String, slug: String, _ completion: HabitCompletion
    )
        -> Bool
    {
        let known = archive.states().first { $0.slug == slug }
        archive.manual.markDone(known?.name ?? name, completion)
        return known != nil
    }

    /// Takes back the habit `slug`'s completion on `day`; returns why it could not (unknown habit, not done), or nil.
    public static func undo(_ archive: inout HabitArchive, name: String, slug: String, day: Int64) -> String? {
        let states = archive.states()
        guard states.contains(where: { $0.slug == slug }) else {
            return "no habit \"\(name)\"; known: \(states.map(\.name).joined(separator: ", "))"
        }
        guard archive.manual.undo(slug, day: day, imported: archive.isImported(slug, day: day)) else {
            return "\(name) was not done on \(LocalDay.iso(day))"
        }
        return nil
    }

    /// Adds a habit kept by hand with its schedule and identity; returns why it could not (it exists), or nil.
    public static func add(
        _ archive: inout HabitArchive, name: String, schedule: HabitSchedule?, identity: String?
    ) -> String? {
        let slug = HabitSlug.of(name)
        if let known = HabitLookup(habits: archive.states()).find(name) {
            return "there is already a habit \"\(known.name)\" (\(known.slug))"
        }
        archive.manual.habits[slug] = ManualCompletions.Entry(name: name, schedule: schedule, identity: identity)
        return nil
    }

    /// Renames a habit kept by hand (its completions and settings go along; its variables take the new name's
    /// slug); returns why it could not, or nil.
    public static func rename(_ archive: inout HabitArchive, slug: String, to name: String) -> String? {
        let newSlug = HabitSlug.of(name)
        if let files = archive.importingFiles(slug), !files.isEmpty {
            return "it comes from \(files.joined(separator: ", ")); rename it in the tracker and import again"
        }
        guard var entry = archive.manual.habits[slug] else { return "no habit kept by hand has the slug \(slug)" }
        if newSlug != slug, archive.states().contains(where: { $0.slug == newSlug }) {
            return "there is already a habit with the slug \(newSlug)"
        }
        entry.name = name
        archive.manual.habits[slug] = nil
        archive.manual.habits[newSlug] = entry
        return nil
    }

    /// Takes away a habit kept by hand (the trash keeps it); returns why it could not, or nil.
    public static func remove(_ archive: inout HabitArchive, slug: String) -> String? {
        if let files = archive.importingFiles(slug), !files.isEmpty {
            return "it comes from \(files.joined(separator: ", ")); remove it there (or `weft habit undo` its days)"
        }
        guard archive.manual.habits.removeValue(forKey: slug) != nil else {
            return "no habit kept by hand has the slug \(slug)"
        }
        return nil
    }
}
