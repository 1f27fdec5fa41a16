import ArgumentParser
import Foundation
import WeftCore
import WeftPrimitives
import WeftRender
import WeftTemplate

/// Options every reading command takes: the render's clock, zone and locale, extra variables, and locations.
public struct ReadOptions: ParsableArguments {
    /// `--now` and `--tz`.
    @OptionGroup public var clock: ClockOptions

    @Option(
        help: ArgumentHelp(
            "Locale for words, names and number formats (default: words from LC_ALL/LC_MESSAGES/LANG, formats from LC_ALL/LC_TIME/LANG).",
            valueName: "id"))
    public var locale: String?

    @Option(help: ArgumentHelp("A JSON object of extra variables for this call only.", valueName: "file.json"))
    public var vars: String?

    @Option(
        help: ArgumentHelp(
            "The most bytes one rendered template may have; a longer one is cut and ends with …", valueName: "bytes"))
    public var maxOutput: Int = TemplateRenderer.defaultOutputLimit

    /// `--cache` and `--providers`.
    @OptionGroup public var locations: LocationOptions

    /// Options with every default.
    public init() {}

    /// A limit below the renderer's floor would be raised silently; say so instead.
    public func validate() throws {
        let floor = TemplateRenderer.minimumOutputLimit
        guard maxOutput >= floor else {
            throw ValidationError("--max-output must be at least \(floor) bytes, not \(maxOutput)")
        }
    }

    /// The render settings these options give.
    public var settings: RenderSettings {
        var settings = RenderSettings()
        settings.now = clock.now
        settings.timeZone = clock.tz
        settings.locale = locale
        settings.varsFile = vars
        settings.cacheDirectory = locations.cache
        settings.providersDirectory = locations.providers
        settings.outputLimit = maxOutput
        return settings
    }

    /// The hot path: `get` and `resolve` with only these options are parsed by hand, because a status bar
    /// runs them every second and ArgumentParser's reflection costs a few milliseconds per start.
    /// Anything else (help, a misspelt option, a missing value) returns nil and takes the full parser.
    public static func quickParse(_ arguments: [String]) -> (positionals: [String], settings: RenderSettings)? {
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
            case "max-output":
                // Below the floor, the full parser reports the error.
                guard let limit = Int(value), limit >= TemplateRenderer.minimumOutputLimit else { return nil }
                settings.outputLimit = limit
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
    public static var environment: [String: String] {
        var result: [String: String] = [:]
        for name in [
            "HOME", "TZ", "WEFT_CACHE", "WEFT_PROVIDERS", "WEFT_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "PATH",
            "LC_ALL", "LC_MESSAGES", "LC_TIME", "LANG", "LANGUAGE",
        ] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
