import Foundation
import WeftCore

/// A `type = "habits"` provider file's own keys, checked, with errors naming the file, line and key.
public struct HabitSettings: FileImportSettings, Equatable {
    /// Export files or glob patterns (`files = ["~/exports/habits*.csv"]`), `~` and relative paths expanded as
    /// `ProviderConfig.path` does.
    public var files: [String]
    /// `timezone`, when set: completions become local days in it, and today is counted in it.
    public var timeZone: TimeZone?
    /// The generic mapping (`habit_column`, `date_column`…), when set; otherwise identitybuilder is detected.
    public var format: HabitFormat?

    /// Every key a habits provider file may contain besides `type`.
    static let knownKeys: Set<String> = [
        "files", "timezone", "format", "habit_column", "date_column", "schedule_column", "identity_column",
        "experiments_column", "prefix", "interval", "name",
    ]

    /// The defaults, for commands run with no habits provider configured.
    public init(files: [String] = [], timeZone: TimeZone? = nil, format: HabitFormat? = nil) {
        self.files = files
        self.timeZone = timeZone
        self.format = format
    }

    /// Reads and checks the keys.
    public init(config: ProviderConfig) throws(ConfigError) {
        try config.checkKnownKeys(Self.knownKeys)
        files = (try config.stringArray("files") ?? []).map { config.path($0) }
        timeZone = try config.timeZone()
        let habit = try config.string("habit_column")
        let date = try config.string("date_column")
        switch try config.string("format") ?? (habit != nil || date != nil ? "generic" : nil) {
        case nil, "identitybuilder"?:
            format = try config.string("format") == nil ? nil : .identitybuilder
        case "generic"?:
            guard let habit else {
                throw .missingKey(file: config.file, key: "habit_column", expected: "the column with the habit's name")
            }
            guard let date else {
                throw .missingKey(
                    file: config.file, key: "date_column", expected: "the column with the completion date")
            }
            format = .generic(
                HabitColumns(
                    habit: habit, date: date, schedule: try config.string("schedule_column"),
                    identity: try config.string("identity_column"),
                    experiments: try config.string("experiments_column")))
        case let other?:
            throw config.invalid("format", "\"\(other)\" is not \"identitybuilder\" or \"generic\"")
        }
    }
}
