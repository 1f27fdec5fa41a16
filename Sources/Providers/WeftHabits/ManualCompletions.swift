/// Completions recorded with `weft habit done` and imported ones hidden with `weft habit undo`, by habit slug.
public struct ManualCompletions: Sendable, Hashable, Codable {
    /// One habit's manual record.
    public struct Entry: Sendable, Hashable, Codable {
        /// The name as last typed.
        public var name: String
        /// Days marked done by hand.
        var done: [HabitCompletion]
        /// Days whose imported completion was undone: they stay not done even when an export says otherwise.
        var undone: [Int64]
    }

    /// Bumped on every change, so a refresh can tell its snapshot is behind.
    var revision: Int = 0
    /// Entries by slug.
    public var habits: [String: Entry] = [:]

    /// No manual completions.
    init() {}

    /// Marks `name` done on a day; clears an earlier undo of that day.
    public mutating func markDone(_ name: String, _ completion: HabitCompletion) {
        let slug = HabitSlug.of(name)
        var entry = habits[slug] ?? Entry(name: name, done: [], undone: [])
        entry.name = name
        entry.done.removeAll { $0.day == completion.day }
        entry.done.append(completion)
        entry.done.sort { $0.day < $1.day }
        entry.undone.removeAll { $0 == completion.day }
        habits[slug] = entry
        revision += 1
    }

    /// Takes back a completion of `slug` on `day`: drops a manual one, and hides an imported one when
    /// `imported` says an export has that day. Returns false when there was nothing to take back.
    public mutating func undo(_ slug: String, day: Int64, imported: Bool) -> Bool {
        var entry = habits[slug] ?? Entry(name: slug, done: [], undone: [])
        let hadManual = entry.done.contains { $0.day == day }
        entry.done.removeAll { $0.day == day }
        let hides = imported && !entry.undone.contains(day)
        if hides { entry.undone.append(day) }
        guard hadManual || hides else { return false }
        entry.undone.sort()
        habits[slug] = entry
        revision += 1
        return true
    }
}
