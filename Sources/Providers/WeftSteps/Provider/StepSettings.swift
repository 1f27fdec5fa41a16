import Foundation
import WeftCore
import WeftPrimitives

/// A `type = "steps"` provider file's own keys, checked, with errors naming the file, line and key.
///
/// Storage, file watching and refresh stay with the provider glue; this only turns TOML into the pure options.
public struct StepSettings: FileImportSettings {
    /// Export files or glob patterns (`files = ["~/exports/StepCount*.csv"]`), `~` and relative paths expanded as
    /// `ProviderConfig.path` does.
    public var files: [String]
    /// `timezone`, when set; otherwise the caller's zone applies.
    public var timeZone: TimeZone?
    /// `format`, when set (with `start_column`/`steps_column`… for `generic`); otherwise detected per file.
    public var format: StepFormat?
    /// `lenient = true` imports the good rows of files with more than 1% bad rows.
    var lenient: Bool
    /// `max_unzipped_mib`: the most an Apple Health zip's export may unzip to, MiB (default 4096).
    var maxUnzippedBytes: Int
    /// `dedup = "priority"` (default) or `"max"`.
    var dedup: DedupMode
    /// `priority = ["Anna’s Apple Watch", "iPhone"]`: source names ranked first.
    var priority: [String]
    /// `goal_weekday`, `goal_weekend`, `weekend_days = ["sat", "sun"]`.
    var goals: StepGoals
    /// `streak_rule = "fair"` (default) or `"strict"`.
    var streakRule: StreakRule
    /// `average = "days-with-data"` (default) or `"calendar-days"`.
    var averageRule: AverageRule

    /// Every key a steps provider file may contain besides `type`.
    static let fileKeys: [ConfigKey] = [
        ConfigKey(
            "files", .strings, default: "[]",
            "Export files or glob patterns (\"~/exports/StepCount*.csv\"), imported again when one changes."),
        .timezone("The zone of local times in the files and of \"today\"."),
        ConfigKey(
            "format", .string, default: "detected per file", range: StepFormat.allNames.joined(separator: ", "),
            "The export's layout; \"generic\" reads any CSV through the *_column keys."),
        ConfigKey(
            "lenient", .boolean, default: "false",
            "Whether the good rows of a file with more than 1% bad rows are imported."),
        ConfigKey(
            "dedup", .string, default: "\"priority\"", range: "\"priority\" or \"max\"",
            "How overlapping sources count a minute: the first of priority, or the largest."),
        ConfigKey(
            "priority", .strings, default: "[]",
            "Source names ranked first when sources overlap (\"Anna's Apple Watch\", \"iPhone\")."),
        ConfigKey(
            "goal_weekday", .integer, default: "10000", range: "0 or more", "The step goal of a weekday; 0 is none."),
        ConfigKey(
            "goal_weekend", .integer, default: "goal_weekday", range: "0 or more",
            "The step goal of a weekend day; 0 is none."),
        ConfigKey(
            "weekend_days", .strings, default: "[\"sat\", \"sun\"]", range: "weekday names",
            "The days goal_weekend applies to."),
        ConfigKey(
            "streak_rule", .string, default: "\"fair\"", range: "\"fair\" or \"strict\"",
            "Whether today, not yet at its goal, breaks the streak (strict) or not (fair)."),
        ConfigKey(
            "average", .string, default: "\"days-with-data\"", range: "\"days-with-data\" or \"calendar-days\"",
            "Whether averages count only days with data, or every calendar day."),
        ConfigKey(
            "start_column", .string, "The generic format's column with the sample's start (date, or date and time)."),
        ConfigKey("time_column", .string, "The generic format's column with the start's time, when it has its own."),
        ConfigKey("end_column", .string, "The generic format's column with the sample's end."),
        ConfigKey("steps_column", .string, "The generic format's column with the step count."),
        ConfigKey("source_column", .string, "The generic format's column with the device or app."),
        ConfigKey(
            "source_name", .string, default: "\"CSV\"",
            "The source of the generic format's rows without a source column."),
        ConfigKey(
            "date_format", .string, default: "\"iso\"",
            "The generic format's date pattern (\"yyyy-MM-dd HH:mm\"), or several separated by |."),
        .prefix(default: "\"__steps_\""),
        ConfigKey(
            "interval", .duration, range: "at least 10s",
            "Accepted from older files and checked; an import stays fresh until its files change."),
        ConfigKey("name", .string, "Accepted from older files; it has no effect."),
        ConfigKey(
            "max_unzipped_mib", .integer, default: "4096", range: "1–\(maxMebibytes)",
            "The most an Apple Health export.zip may unzip to, in MiB."),
    ]

    /// The defaults, for imports into a cache with no steps provider configured.
    public init() {
        files = []
        timeZone = nil
        format = nil
        lenient = false
        maxUnzippedBytes = StepImportOptions.defaultMaxUnzippedBytes
        dedup = .priority
        priority = []
        goals = StepGoals()
        streakRule = .fair
        averageRule = .daysWithData
    }

    /// Reads and checks the keys.
    public init(config: ProviderConfig) throws(ConfigError) {
        try config.checkKnownKeys(Self.fileKeys)
        files = (try config.stringArray("files") ?? []).map { config.path($0) }
        timeZone = try config.timeZone()
        lenient = try config.bool("lenient") ?? false
        maxUnzippedBytes = StepImportOptions.defaultMaxUnzippedBytes
        if let mebibytes = try config.integer("max_unzipped_mib") {
            guard let bytes = Self.unzippedBytes(mebibytes: mebibytes) else {
                throw config.invalid(
                    "max_unzipped_mib", "\(mebibytes) is not a size from 1 to \(Self.maxMebibytes) MiB")
            }
            maxUnzippedBytes = bytes
        }
        dedup = try Self.choice(config, "dedup", default: .priority)
        streakRule = try Self.choice(config, "streak_rule", default: .fair)
        averageRule = try Self.choice(config, "average", default: .daysWithData)
        priority = try config.stringArray("priority") ?? []
        let weekday = try Self.goal(config, "goal_weekday") ?? 10_000
        let weekend = try Self.goal(config, "goal_weekend")
        var weekendDays: Set<Int> = [1, 7]
        if let names = try config.stringArray("weekend_days") {
            weekendDays = []
            for name in names {
                guard let number = StepGoals.weekdayNumber(name) else {
                    throw config.invalid("weekend_days", "\"\(name)\" is not a weekday; write e.g. [\"sat\", \"sun\"]")
                }
                weekendDays.insert(number)
            }
        }
        goals = StepGoals(weekday: weekday, weekend: weekend, weekendDays: weekendDays)
        format = try Self.format(config)
    }

    /// The largest `max_unzipped_mib` / `--max-unzipped-mib` (1 TiB).
    public static let maxMebibytes = 1 << 20

    /// A `max_unzipped_mib` in bytes; nil outside 1…``maxMebibytes``.
    public static func unzippedBytes(mebibytes: Int) -> Int? {
        (1...maxMebibytes).contains(mebibytes) ? mebibytes << 20 : nil
    }

    /// Import options in the zone ``ZoneRule`` decides, `zone` being the general one.
    func importOptions(timeZone zone: TimeZone) -> StepImportOptions {
        var options = StepImportOptions(
            timeZone: ZoneRule(general: zone).zone(provider: timeZone), format: format, lenient: lenient)
        options.maxUnzippedBytes = maxUnzippedBytes
        return options
    }

    /// Aggregation options in the zone ``ZoneRule`` decides, `zone` being the general one.
    func aggregationOptions(timeZone zone: TimeZone) -> StepAggregationOptions {
        StepAggregationOptions(
            timeZone: ZoneRule(general: zone).zone(provider: timeZone), dedup: dedup, priority: priority)
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ config: ProviderConfig, _ key: String, default fallback: Value
    ) throws(ConfigError) -> Value where Value.RawValue == String {
        guard let text = try config.string(key) else { return fallback }
        guard let value = Value(rawValue: text) else {
            let known = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw config.invalid(key, "\"\(text)\" is not one of \(known)")
        }
        return value
    }

    private static func goal(_ config: ProviderConfig, _ key: String) throws(ConfigError) -> Int? {
        guard let value = try config.integer(key) else { return nil }
        guard value >= 0 else { throw config.invalid(key, "a goal cannot be negative (0 means no goal that day)") }
        return value
    }

    private static func format(_ config: ProviderConfig) throws(ConfigError) -> StepFormat? {
        let start = try config.string("start_column")
        let steps = try config.string("steps_column")
        let name = try config.string("format") ?? (start != nil || steps != nil ? "generic" : nil)
        guard let name else { return nil }
        var mapping: GenericMapping?
        if name == "generic" {
            guard let start else {
                throw .missingKey(file: config.file, key: "start_column", expected: "the column with the sample start")
            }
            guard let steps else {
                throw .missingKey(file: config.file, key: "steps_column", expected: "the column with the step count")
            }
            let dateFormat = try config.string("date_format") ?? "iso"
            do {
                _ = try DatePattern.list(dateFormat)
            } catch {
                throw config.invalid("date_format", error.description)
            }
            mapping = GenericMapping(
                start: start, time: try config.string("time_column"), end: try config.string("end_column"),
                steps: steps, source: try config.string("source_column"),
                sourceName: try config.string("source_name"), dateFormat: dateFormat)
        }
        do {
            return try StepFormat(name: name, mapping: mapping)
        } catch {
            throw config.invalid("format", error.description)
        }
    }
}
