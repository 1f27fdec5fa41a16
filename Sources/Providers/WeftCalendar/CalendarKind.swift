import Foundation
import WeftCore
import WeftHTTP
import WeftPrimitives

/// The `calendar` provider kind: next-up events from iCalendar files, vdirs and URLs.
public enum CalendarKind: ProviderKind {
    public static let type = "calendar"
    public static var schemaVersion: Int { CalendarSnapshot.schemaVersion }

    public static let summary =
        "The next events, today's agenda and reminders from iCalendar files, vdir folders and calendar URLs."

    public static let fileKeys: [ConfigKey] = [
        ConfigKey(
            "sources", .tables, range: "at least one",
            "The calendars to read (required): each a table with a path or a url.", subkeys: sourceKeys),
        ConfigKey(
            "me", .strings, default: "[]",
            "Your attendee addresses (\"mailto:you@example.org\"): events you declined never show."),
        ConfigKey(
            "all_day", .string, default: "\"separate\"", range: "\"separate\", \"include\" or \"exclude\"",
            "Whether all-day events have their own variables (separate), may be next and then (include), or are "
                + "left out."),
        ConfigKey(
            "include_all_day", .boolean,
            "The older form of all_day: true is \"include\", false is \"exclude\"; give only one of the two."),
        ConfigKey(
            "include_transparent", .boolean, default: "true",
            "Whether events that do not block time (marked free) are shown."),
        .timezone("The zone of the calendar's days and times, all-day and floating events too."),
        ConfigKey(
            "days", .integer, default: "30", range: "1–400", "How many days ahead occurrences are kept."),
        ConfigKey(
            "agenda", .integer, default: "\(CalendarVariables.defaultAgenda)", range: "1–50",
            "How many events the agenda variables list."),
        .interval(default: "\"15m\"", minimum: "60s", "How often the sources are read again."),
        .prefix(default: "\"__calendar_\""),
        ConfigKey(
            "contact", .string, "An e-mail or URL sent in the User-Agent to calendar servers."),
        ConfigKey(
            "timeout", .duration, default: "\"20s\"", range: "1 s to 5 min", "The limit for each whole download."),
        ConfigKey(
            "remind", .strings, default: "[\"10m\"]", range: "at most 10 durations, each at most 31 days",
            "Reminders for weft notify before every timed event's start, besides its own alarms; [] for none."),
        ConfigKey(
            "long_event", .duration, default: "\"12h\"", range: "at least 1 h",
            "A timed event longer than this is listed as ongoing while it runs instead of holding next and then."),
    ]

    /// The keys of one `sources` table.
    static let sourceKeys: [ConfigKey] = [
        ConfigKey(
            "name", .string, default: "the path's file name without its extension, or the url's host",
            "The calendar's name."),
        ConfigKey("path", .string, "An .ics file or a vdir folder of .ics files (give a path or a url)."),
        ConfigKey(
            "url", .string, range: "https://, http:// or webcal://",
            "A calendar to download, read again only when it changed."),
        ConfigKey("username", .string, "The login for a url source, with password_file or password_env."),
        ConfigKey("password_file", .string, "A file that holds the password."),
        ConfigKey("password_env", .string, "An environment variable that holds the password."),
        ConfigKey(
            "allow_insecure", .boolean, default: "false",
            "Whether a login may go over plain http:// to a server on your local network."),
    ]

    public static func defaultPrefix(instance: String) -> String { "__calendar_" }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(fileKeys)
        let sources = try sources(config)
        let configuredZone = try config.timeZone()
        let me = try config.stringArray("me") ?? []
        var options = CalendarOptions(
            timeZone: configuredZone ?? .gmt, me: me, allDay: try allDay(config),
            includeTransparent: try config.bool("include_transparent") ?? true)
        if let longEvent = try config.duration("long_event") {
            guard longEvent >= .seconds(3600) else {
                throw config.invalid("long_event", "must be at least 1 h (write e.g. \"12h\")")
            }
            options.longEvent = DurationText.seconds(longEvent)
        }
        let agenda = try config.integer("agenda") ?? CalendarVariables.defaultAgenda
        guard (1...50).contains(agenda) else { throw config.invalid("agenda", "must be between 1 and 50") }
        let days = try config.integer("days") ?? 30
        guard (1...400).contains(days) else { throw config.invalid("days", "must be between 1 and 400") }
        let interval = try config.interval(default: .seconds(900), minimum: .seconds(60))
        let timeout = try config.duration("timeout") ?? .seconds(20)
        guard timeout > .zero, timeout <= .seconds(300) else {
            throw config.invalid("timeout", "must be between 1 s and 5 min")
        }
        let prefix = try config.prefix(default: defaultPrefix(instance: config.instance))
        return CalendarProvider(
            instance: config.instance, prefix: prefix, sources: sources, options: options,
            configuredZone: configuredZone,
            lookahead: TimeInterval(days) * 86_400, interval: DurationText.seconds(interval),
            contact: try config.string("contact"), timeout: timeout, agenda: agenda, remind: try remind(config))
    }

    /// `remind = ["10m", "1h"]`: reminders before every timed event's start, besides its own VALARMs; `[]` for none.
    /// Each is a duration of at most 31 days (``CalendarAlarm/maxReach``), at most 10 of them.
    static func remind(_ config: ProviderConfig) throws(ConfigError) -> [Int64] {
        guard let texts = try config.stringArray("remind") else { return CalendarReminders.defaultRemind }
        guard texts.count <= CalendarAlarm.maxPerEvent else {
            throw config.invalid("remind", "lists \(texts.count) reminders; at most \(CalendarAlarm.maxPerEvent)")
        }
        var result: [Int64] = []
        for (index, text) in texts.enumerated() {
            guard let duration = DurationText.parse(text) else {
                throw config.invalid(
                    "remind", element: index, "\"\(text)\" is not a duration; write e.g. \"10m\" or \"1h\"")
            }
            let seconds = DurationText.milliseconds(duration) / 1000
            guard seconds <= CalendarAlarm.maxReach else {
                throw config.invalid(
                    "remind", element: index, "\"\(text)\" is more than \(CalendarAlarm.maxReach / 86_400) days")
            }
            if !result.contains(seconds) { result.append(seconds) }
        }
        return result
    }

    /// `all_day = "separate" | "include" | "exclude"`; the older `include_all_day = false` is `exclude` and
    /// `include_all_day = true` (written out) is `include`, what it meant before the modes existed.
    static func allDay(_ config: ProviderConfig) throws(ConfigError) -> CalendarOptions.AllDay {
        let names = CalendarOptions.AllDay.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let old = try config.bool("include_all_day")
        guard let text = try config.string("all_day") else {
            return old.map { $0 ? .include : .exclude } ?? .separate
        }
        guard let mode = CalendarOptions.AllDay(rawValue: text) else {
            throw config.invalid("all_day", "\"\(text)\" is not one of \(names)")
        }
        if old != nil {
            throw config.invalid("include_all_day", "give all_day only (include_all_day is its older form)")
        }
        return mode
    }

    /// `sources = [{ name = "Work", path = "~/work.ics" }, { name = "Team", url = "webcal://…" }]`.
    static func sources(_ config: ProviderConfig) throws(ConfigError) -> [CalendarSource] {
        let example = #"sources = [{ name = "Work", path = "~/calendars/work.ics" }]"#
        guard let value = config.values["sources"] else {
            throw .missingKey(file: config.file, key: "sources", expected: "a list of calendars, e.g. \(example)")
        }
        guard case .array(let items) = value, !items.isEmpty else {
            throw config.invalid("sources", "must be a non-empty list of tables, e.g. \(example)")
        }
        var result: [CalendarSource] = []
        for (index, item) in items.enumerated() {
            guard case .table(let table) = item else {
                throw config.invalid(
                    "sources", element: index, "must be a table with name and path or url: \(example)")
            }
            for key in table.keys.sorted() where !sourceKeys.contains(where: { $0.name == key }) {
                throw .unknownKey(
                    file: config.file, line: config.line(of: "sources", element: index, field: key),
                    key: "sources[\(index)].\(key)", known: sourceKeys.map(\.name))
            }
            var name: String?
            switch table["name"] {
            case nil: break
            case .string(let text)?: name = text
            case let other?:
                throw .wrongType(
                    file: config.file, line: config.line(of: "sources", element: index, field: "name"),
                    key: "sources[\(index)].name", expected: "a string", found: other.typeName)
            }
            let login = try login(config, table, index: index)
            switch (table["path"], table["url"]) {
            case (.string(let path)?, nil):
                if login != nil {
                    throw config.invalid(
                        "sources", element: index, field: "username", "a login is for a url source, not a path")
                }
                let expanded = config.path(path)
                let base = ((expanded as NSString).lastPathComponent as NSString).deletingPathExtension
                result.append(CalendarSource(name: name ?? base, location: .path(expanded)))
            case (nil, .string(let url)?):
                guard let http = CalendarSource.httpURL(url) else {
                    throw config.invalid(
                        "sources", element: index, field: "url",
                        "\"\(Redactor.displayURL(url))\" must start with https://, http:// or webcal://")
                }
                let allowInsecure = try bool(config, table, "allow_insecure", index: index) ?? false
                if let refusal = CredentialTransport.refusal(
                    url: http, login: login != nil, allowInsecure: allowInsecure)
                {
                    throw config.invalid(
                        "sources", element: index, field: "url",
                        refusal + "; or set allow_insecure = true in this source, for a server on your local network")
                }
                result.append(
                    CalendarSource(
                        name: name ?? (URL(string: http)?.host ?? Redactor.displayURL(http)), location: .url(http),
                        login: login, allowInsecure: allowInsecure))
            default:
                throw config.invalid(
                    "sources", element: index, "needs exactly one of path (a file or directory) or url")
            }
        }
        return result
    }

    /// `username` with `password_file` or `password_env` in source `index`, or nil when the source has no login.
    static func login(_ config: ProviderConfig, _ table: [String: ConfigValue], index: Int) throws(ConfigError)
        -> CalendarSource.Login?
    {
        let username = try string(config, table, "username", index: index)
        let file = try string(config, table, "password_file", index: index)
        let variable = try string(config, table, "password_env", index: index)
        guard let username else {
            if file != nil || variable != nil {
                throw config.invalid(
                    "sources", element: index, field: file != nil ? "password_file" : "password_env",
                    "a password needs username = \"…\" beside it")
            }
            return nil
        }
        guard !username.isEmpty, !username.contains(":") else {
            throw config.invalid("sources", element: index, field: "username", "must be non-empty and without ':'")
        }
        let password: String
        switch (file, variable) {
        case (let file?, nil):
            password = try ConfigSecrets.file(config, path: file) {
                config.invalid("sources", element: index, field: "password_file", $0)
            }
        case (nil, let variable?):
            password = try ConfigSecrets.environment(name: variable) {
                config.invalid("sources", element: index, field: "password_env", $0)
            }
        case (.some, .some):
            throw config.invalid(
                "sources", element: index, field: "password_env", "give either password_file or password_env, not both")
        case (nil, nil):
            throw config.invalid(
                "sources", element: index, field: "username",
                "needs password_file = \"…\" (a file holding the password) or password_env = \"…\" beside it")
        }
        return CalendarSource.Login(username: username, password: password)
    }

    private static func string(_ config: ProviderConfig, _ table: [String: ConfigValue], _ key: String, index: Int)
        throws(ConfigError) -> String?
    {
        try field(config, table, key, index: index, expected: "a string") {
            if case .string(let text) = $0 { text } else { nil }
        }
    }

    private static func bool(_ config: ProviderConfig, _ table: [String: ConfigValue], _ key: String, index: Int)
        throws(ConfigError) -> Bool?
    {
        try field(config, table, key, index: index, expected: "true or false") {
            if case .bool(let value) = $0 { value } else { nil }
        }
    }

    /// `sources[index].key` as `read` takes it; nil when absent, a type error naming its line when `read` refuses it.
    private static func field<T>(
        _ config: ProviderConfig, _ table: [String: ConfigValue], _ key: String, index: Int, expected: String,
        _ read: (ConfigValue) -> T?
    ) throws(ConfigError) -> T? {
        guard let value = table[key] else { return nil }
        if let read = read(value) { return read }
        throw .wrongType(
            file: config.file, line: config.line(of: "sources", element: index, field: key),
            key: "sources[\(index)].\(key)", expected: expected, found: value.typeName)
    }

    public static var card: BoardCard { .nextUp }

    /// Reminders of the events in the window (``CalendarReminders``).
    public static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        CalendarReminders.occasions(try snapshot.decode(CalendarSnapshot.self), snapshot: snapshot, query: query)
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let calendar = try context.decode(snapshot, as: CalendarSnapshot.self)
        let context = context.viewing(recordedZone: calendar.timeZone)
        var result = CalendarVariables.derive(
            calendar.occurrences, prefix: snapshot.prefix, context: context, allDay: calendar.allDay ?? .separate,
            agenda: calendar.agenda ?? CalendarVariables.defaultAgenda,
            longEvent: calendar.longEvent ?? CalendarOptions.defaultLongEvent)
        // A source that could not be read while the others were is a warning of a refresh that succeeded; the
        // provider's `error` is for failures only (the refresh's stored warnings replace this when read from the cache).
        let errors = calendar.sources.compactMap { part in part.error.map { "\(part.source.name): \($0)" } }
        if !errors.isEmpty { result[snapshot.prefix + "warnings"] = errors.joined(separator: "; ") }
        return result
    }
}
