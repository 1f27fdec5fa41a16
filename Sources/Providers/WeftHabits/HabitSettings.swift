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
    static let fileKeys: [ConfigKey] = [
        ConfigKey(
            "files", .strings, default: "[]",
            "Export files or glob patterns (\"~/exports/identitybuilder*.csv\"), imported again when one changes."),
        .timezone("The zone whose local days completions count for, and \"today\"."),
        ConfigKey(
            "format", .string, default: "\"identitybuilder\", or \"generic\" when habit_column or date_column is set",
            range: "\"identitybuilder\" or \"generic\"", "The export's layout."),
        ConfigKey("habit_column", .string, "The generic format's column with the habit's name (required for it)."),
        ConfigKey("date_column", .string, "The generic format's column with the completion date (required for it)."),
        ConfigKey(
            "schedule_column", .string, "The generic format's column with the scheduled weekday digits (0 = Sunday)."),
        ConfigKey("identity_column", .string, "The generic format's column with the habit's identity."),
        ConfigKey("experiments_column", .string, "The generic format's column with the habit's experiments."),
        .prefix(default: "\"__habits_\""),
        ConfigKey(
            "interval", .duration, range: "at least 10s",
            "Accepted from older files and checked; an import stays fresh until its files change."),
        ConfigKey("name", .string, "Accepted from older files; it has no effect."),
    ]

    /// The defaults, for commands run with no habits provider configured.
    public init(files: [String] = [], timeZone: TimeZone? = nil, format: HabitFormat? = nil) {
        self.files = files
        self.timeZone = timeZone
        self.format = format
    }

    /// Reads and checks the keys.
    public init(config: ProviderConfig) throws(ConfigError) {
        try config.checkKnownKeys(Self.fileKeys)
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
