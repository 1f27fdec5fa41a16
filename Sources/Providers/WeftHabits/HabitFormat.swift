import Foundation

/// The layout of a habit export.
public enum HabitFormat: Sendable, Hashable {
    /// identitybuilder: `Habit,Identity,Experiments,Schedule,CompletionDate`, one row per completion.
    case identitybuilder
    /// Any other tracker: named columns for the habit and the date, optionally its schedule and identity.
    case generic(HabitColumns)

    /// identitybuilder's columns.
    static let identitybuilderColumns = HabitColumns(
        habit: "Habit", date: "CompletionDate", schedule: "Schedule", identity: "Identity", experiments: "Experiments")

    /// The columns to read.
    var columns: HabitColumns {
        switch self {
        case .identitybuilder: Self.identitybuilderColumns
        case .generic(let columns): columns
        }
    }

    /// The name used in messages and on the command line.
    public var name: String {
        switch self {
        case .identitybuilder: "identitybuilder"
        case .generic: "generic"
        }
    }

    /// The format a header shows: identitybuilder when it has `Habit` and `CompletionDate`.
    static func detect(_ header: [String]) -> HabitFormat? {
        let names = Set(header.map { HabitColumns.normalised($0) })
        return names.contains("habit") && names.contains("completiondate") ? .identitybuilder : nil
    }
}

/// Which columns of a generic habit export hold what (matched case-insensitively, surrounding spaces ignored).
public struct HabitColumns: Sendable, Hashable {
    /// The habit's name.
    public var habit: String
    /// The completion date or time.
    public var date: String
    /// The schedule (weekday digits such as `12345`, or names such as `mon,wed,fri`); every day without it.
    public var schedule: String?
    /// The identity the habit serves.
    public var identity: String?
    /// A comma-separated list of experiments.
    public var experiments: String?

    /// Creates a mapping.
    public init(
        habit: String, date: String, schedule: String? = nil, identity: String? = nil, experiments: String? = nil
    ) {
        self.habit = habit
        self.date = date
        self.schedule = schedule
        self.identity = identity
        self.experiments = experiments
    }

    static func normalised(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
