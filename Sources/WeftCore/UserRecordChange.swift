import Foundation

/// A change to the user's own records of one kind: what only the user can recreate (habit completions entered by
/// hand, step history whose export is gone), keyed by what each record is rather than by the provider file that
/// first held it, so a renamed provider file finds its records again.
public struct UserRecordChange: Sendable, Equatable {
    /// The kind of record (`habit`, `steps`): one namespace of keys.
    public var kind: String
    /// Records to write, by key.
    public var set: [String: Data]
    /// Keys to take away.
    public var remove: [String]
    /// When set, removed records move to the trash under this name instead of being deleted.
    public var trashAs: String?

    /// Creates a change.
    public init(kind: String, set: [String: Data] = [:], remove: [String] = [], trashAs: String? = nil) {
        self.kind = kind
        self.set = set
        self.remove = remove
        self.trashAs = trashAs
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { self.set.isEmpty && remove.isEmpty }
}
