import Foundation
import WeftCore
import WeftHTTP
import WeftPrimitives

/// The `calendar` provider kind: next-up events from iCalendar files, vdirs and URLs.
public enum CalendarKind: ProviderKind {
    public static let type = "calendar"
    public static var schemaVersion: Int { CalendarSnapshot.schemaVersion }

    static let knownKeys: Set<String> = [
        "sources", "me", "include_all_day", "include_transparent", "timezone", "days", "interval", "prefix",
        "contact", "timeout",
    ]

    public static func defaultPrefix(instance: String) -> String { "__calendar_" }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(knownKeys)
        let sources = try sources(config)
        let configuredZone = try config.timeZone()
        let me = try config.stringArray("me") ?? []
        let options = CalendarOptions(
            timeZone: configuredZone ?? .gmt, me: me, includeAllDay: try config.bool("include_all_day") ?? true,
            includeTransparent: try config.bool("include_transparent") ?? true)
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
            zoneConfigured: configuredZone != nil,
            lookahead: TimeInterval(days) * 86_400, interval: DurationText.seconds(interval),
            contact: try config.string("contact"), timeout: timeout)
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
            for key in table.keys.sorted() where !["name", "path", "url"].contains(key) {
                throw .unknownKey(
                    file: config.file, line: config.line(of: "sources", element: index, field: key),
                    key: "sources[\(index)].\(key)", known: ["name", "path", "url"])
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
            switch (table["path"], table["url"]) {
            case (.string(let path)?, nil):
                let expanded = config.path(path)
                let base = ((expanded as NSString).lastPathComponent as NSString).deletingPathExtension
                result.append(CalendarSource(name: name ?? base, location: .path(expanded)))
            case (nil, .string(let url)?):
                guard let http = CalendarSource.httpURL(url) else {
                    throw config.invalid(
                        "sources", element: index, field: "url",
                        "\"\(Redactor.displayURL(url))\" must start with https://, http:// or webcal://")
                }
                result.append(
                    CalendarSource(
                        name: name ?? (URL(string: http)?.host ?? Redactor.displayURL(http)), location: .url(http)))
            default:
                throw config.invalid(
                    "sources", element: index, "needs exactly one of path (a file or directory) or url")
            }
        }
        return result
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let calendar = try snapshot.decode(CalendarSnapshot.self)
        var result = CalendarVariables.derive(calendar.occurrences, prefix: snapshot.prefix, context: context)
        let errors = calendar.sources.compactMap { part in part.error.map { "\(part.source.name): \($0)" } }
        if !errors.isEmpty { result[snapshot.prefix + "error"] = errors.joined(separator: "; ") }
        return result
    }
}
