import ArgumentParser
import Foundation
import WeftCore
import WeftEngine
import WeftPrimitives

/// Options every reading command takes: the render's clock, zone and locale, extra variables, and locations.
struct ReadOptions: ParsableArguments {
    @OptionGroup var clock: ClockOptions

    @Option(help: ArgumentHelp("Locale for names and number formats.", valueName: "id"))
    var locale: String = "en_US"

    @Option(help: ArgumentHelp("A JSON object of extra variables for this call only.", valueName: "file.json"))
    var vars: String?

    @OptionGroup var locations: LocationOptions

    var settings: RenderSettings {
        var settings = RenderSettings()
        settings.now = clock.now
        settings.timeZone = clock.tz
        settings.locale = locale
        settings.varsFile = vars
        settings.cacheDirectory = locations.cache
        settings.providersDirectory = locations.providers
        return settings
    }

    /// The hot path: `get` and `resolve` with only these options are parsed by hand, because a status bar
    /// runs them every second and ArgumentParser's reflection costs a few milliseconds per start.
    /// Anything else (help, a misspelt option, a missing value) returns nil and takes the full parser.
    static func quickParse(_ arguments: [String]) -> (positionals: [String], settings: RenderSettings)? {
        var settings = RenderSettings()
        var positionals: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                guard argument == "-" || !argument.hasPrefix("-") else { return nil }
                positionals.append(argument)
                index += 1
                continue
            }
            var name = String(argument.dropFirst(2))
            let value: String
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            } else {
                guard index + 1 < arguments.endIndex else { return nil }
                index += 1
                value = arguments[index]
            }
            switch name {
            case "now": settings.now = value
            case "tz": settings.timeZone = value
            case "locale": settings.locale = value
            case "vars": settings.varsFile = value
            case "cache": settings.cacheDirectory = value
            case "providers": settings.providersDirectory = value
            default: return nil
            }
            index += 1
        }
        return (positionals, settings)
    }
}

extension ReadOptions {
    /// The environment variables the render path reads, taken one by one with getenv: building ProcessInfo's
    /// whole environment dictionary is a measurable share of a call that a status bar makes every second.
    static var environment: [String: String] {
        var result: [String: String] = [:]
        for name in ["HOME", "TZ", "WEFT_CACHE", "WEFT_PROVIDERS", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}

/// `--now` and `--tz` for commands that act at a moment in a zone (refresh, status, var).
struct ClockOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Act as if it were this instant (ISO 8601); for testing.", valueName: "iso8601"))
    var now: String?

    @Option(
        help: ArgumentHelp("Time zone for local days and times (default: $TZ, else the system's).", valueName: "zone"))
    var tz: String?

    func instant() throws -> Date {
        guard let now else { return Date() }
        guard let date = ISOInstant.parse(now) else {
            throw ValidationError("--now \"\(now)\" is not an ISO 8601 instant such as 2026-03-10T09:30:00Z")
        }
        return date
    }

    func zone() throws -> TimeZone { try TimeZoneName.resolve(tz, environment: ProcessInfo.processInfo.environment) }
}

/// Where the cache and the providers are.
struct LocationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The cache directory (default: $WEFT_CACHE, ./cache, $XDG_CACHE_HOME/weft).", valueName: "dir"))
    var cache: String?

    @Option(
        help: ArgumentHelp(
            "The provider directory (default: $WEFT_PROVIDERS, ./providers, $XDG_CONFIG_HOME/weft/providers).",
            valueName: "dir"))
    var providers: String?

    var resolved: WeftLocations {
        WeftLocations.resolve(cache: cache, providers: providers, environment: ProcessInfo.processInfo.environment)
    }

    /// The configured instance of `type` a command acts on: the one named, else the only one; nil when none is
    /// configured, so the command can use the defaults.
    func configuredInstance(type: String, named instance: String?) throws -> ProviderConfig? {
        let configs =
            (try? ProviderSet(path: resolved.providersDirectory, registry: BuiltinProviders.registry))?
            .entries.map(\.config).filter { $0.type == type } ?? []
        if let instance { return configs.first { $0.instance == instance } }
        guard configs.count <= 1 else {
            throw CLIError(
                "several \(type) instances (\(configs.map(\.instance).sorted().joined(separator: ", "))); pick one with --instance"
            )
        }
        return configs.first
    }
}

/// An error whose message is the whole story; exits 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
