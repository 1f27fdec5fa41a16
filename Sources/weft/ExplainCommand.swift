import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftRefresh
import WeftRender
import WeftStore
import WeftTemplate

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract:
            "Show where a variable comes from: its provider, the snapshot's age and validity, errors, next refresh.",
        discussion: """
            The answer comes from the very lookup a render makes, so it has the same precedence: a provider's \
            variable, then this call's --vars, then a stored variable (`weft var`), then the time built-ins. Exits 1 \
            when nothing answers the key, naming the prefixes that exist and the closest keys.

            Examples:
              weft explain __weather_temp
              weft explain water --json
            """)

    @Argument(
        help: "The variable, as written in a template (`__weather_temp`, `water`).", completion: Completions.keys)
    var key: String

    @Flag(help: "Print JSON (times in UTC ISO 8601).")
    var json = false

    @OptionGroup var options: ReadOptions

    func run() throws {
        let builder = try options.settings.builder()
        let session = try builder.open()
        let canonical = TemplateKey.canonical(key)
        let found = session.resolver.origin(of: canonical)
        try session.checkCache()
        let value = found.value
        let instant = try options.clock.instant()
        let (store, set) = try builder.workspace.openWithProviders(registry: builder.registry)
        let statuses = try ProviderStatus.collect(set, store: store, now: instant, zone: builder.zones.general)
        var origin = Origin(key: canonical, value: value, source: found.source.rawValue)
        let status = found.instance.flatMap { owner in statuses.first { $0.instance == owner } }

        switch found.source {
        case .provider:
            if let status { origin.provider(status, now: instant) } else { origin.instance = found.instance }
        case .stored: origin.note = "a stored variable: `weft var set/incr/decr` changes it"
        case .builtin: origin.note = "a time built-in, computed from the clock at each render"
        case .vars: origin.note = "from this call's --vars file"
        case .none:
            if let status {
                origin.provider(status, now: instant)
                origin.note =
                    "provider \(status.instance) has no variable \(canonical): "
                    + "`weft vars --prefix \(status.prefix)` lists its variables"
                    + Self.closest(to: canonical, session: session)
            } else {
                let prefixes = statuses.map(\.prefix).filter { !$0.isEmpty }.sorted()
                origin.note =
                    "nothing answers \(canonical): no provider prefix matches it, no stored variable has that name "
                    + "and it is not a time built-in"
                    + (prefixes.isEmpty ? "" : " (provider prefixes: \(prefixes.joined(separator: ", ")))")
                    + Self.closest(to: canonical, session: session)
            }
        }
        if found.source != .provider, found.source != .none, let owner = found.instance {
            origin.note = (origin.note ?? "") + " (provider \(owner) uses this prefix but has no such variable)"
        }

        if json {
            print(try JSONText.text(origin))
        } else {
            Stdout.line(origin.text(now: instant, zone: try options.clock.zone()))
        }
        if value == nil { throw ExitCode(1) }
    }
}

extension ExplainCommand {
    /// `; did you mean …?` with the keys a render could answer closest to `key`, or nothing.
    static func closest(to key: String, session: RenderSession) -> String {
        let names = TemplateLint.closest(to: key, among: Array(session.resolver.allVariables().keys))
        return names.isEmpty ? "" : "; did you mean \(names.map { "`\($0)`" }.joined(separator: " or "))?"
    }
}

/// Where one variable's value comes from: the key's answer, and the health of the provider that owns its prefix
/// as `weft status` collects it (``ProviderStatus``, not a copy of its fields).
private struct Origin: Encodable {
    var key: String
    var value: String?
    /// provider, stored, builtin, vars or none.
    var source: String
    /// The owning instance when no status was collected for it.
    var instance: String?
    var status: ProviderStatus?
    /// The explanation's now: staleness and "due now" are judged at it.
    var now = Date(timeIntervalSince1970: 0)
    var note: String?

    mutating func provider(_ status: ProviderStatus, now: Date) {
        source = "provider"
        self.status = status
        self.now = now
        if BuiltinProviders.registry.kind(status.type)?.needsNoFile ?? false {
            note =
                "kept from your own records (`weft \(status.type == "timers" ? "timer" : "alarm") …` writes it); it never expires"
        } else if !status.configured {
            note = "its provider file is gone; `weft refresh` forgets it"
        }
    }

    /// The JSON `weft explain --json` has always printed: the provider's fields flat beside the key's, under the
    /// names explain gave them.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        func put(_ name: String, _ value: (some Encodable)?) throws {
            try container.encodeIfPresent(value, forKey: Name(name))
        }
        try put("key", key)
        try put("value", value)
        try put("source", source)
        try put("note", note)
        try put("instance", status?.instance ?? instance)
        guard let status else { return }
        try put("type", status.type)
        try put("prefix", status.prefix)
        try put("fetched_at", status.lastSuccess)
        try put("age_seconds", status.ageSeconds)
        try put("valid_until", status.validUntil)
        try put("stale", status.validUntil.map { Validity.isStale(until: $0, at: now) })
        try put("last_error", status.lastError)
        try put("last_http_status", status.lastHTTPStatus)
        try put("health", status.health.rawValue)
        try put("warnings", status.warningSummary)
        try put("retry_after", status.retryAfter)
        try put("next_due", status.nextDue.map { max($0, now) } ?? now)
    }

    private struct Name: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func text(now: Date, zone: TimeZone) -> String {
        var lines = ["\(key) = \(value ?? "(no value)")"]
        func row(_ label: String, _ text: String) {
            lines.append("  " + label.padding(toLength: 13, withPad: " ", startingAt: 0) + text)
        }
        func when(_ date: Date) -> String { Clock.short(date, now: now, zone: zone) }
        switch source {
        case "provider":
            guard let status else {
                row("source", "provider \(instance ?? "?") (?), prefix ")
                row("snapshot", "none yet: the provider has never refreshed successfully")
                row("last error", "none")
                break
            }
            row("source", "provider \(status.instance) (\(status.type)), prefix \(status.prefix)")
            if let fetchedAt = status.lastSuccess, let ageSeconds = status.ageSeconds {
                row("snapshot", "fetched \(when(fetchedAt)), \(AgeText.format(ageSeconds)) ago")
            } else {
                row("snapshot", "none yet: the provider has never refreshed successfully")
            }
            let fileless = BuiltinProviders.registry.kind(status.type)?.needsNoFile ?? false
            if fileless {
                row("valid until", "always: it is your own records")
            } else if let validUntil = status.validUntil {
                let seconds = abs(Instant.seconds(from: now, to: validUntil))
                row(
                    "valid until",
                    "\(when(validUntil)) ("
                        + (Validity.isStale(until: validUntil, at: now)
                            ? "stale for \(AgeText.format(seconds)))" : "fresh for \(AgeText.format(seconds)))"))
            }
            row("health", status.health.rawValue)
            row(
                "last error",
                status.lastError.map { $0 + (status.lastHTTPStatus.map { " (HTTP \($0))" } ?? "") } ?? "none")
            if let warnings = status.warningSummary { row("warnings", warnings) }
            if fileless {
                row("next refresh", "none: each change rewrites it")
            } else if let retryAfter = status.retryAfter {
                row("next refresh", "waiting for Retry-After until \(when(retryAfter))")
            } else {
                let nextDue = status.nextDue.map { max($0, now) } ?? now
                row(
                    "next refresh",
                    Validity.isStale(until: nextDue, at: now)
                        ? "due now: the next `weft refresh` runs it" : "\(when(nextDue))")
            }
        case "stored", "builtin", "vars": row("source", note ?? source)
        default: break
        }
        if source != "stored" && source != "builtin" && source != "vars", let note { lines.append("  " + note) }
        return lines.joined(separator: "\n")
    }
}
