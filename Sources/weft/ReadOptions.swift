import ArgumentParser
import Foundation
import WeftCore
import WeftEngine
import WeftStore
import WeftTemplate

/// Options every reading command takes: the render's clock, zone and locale, extra variables, and locations.
struct ReadOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Render as if it were this instant (ISO 8601, e.g. 2026-03-10T09:30:00Z).", valueName: "iso8601"))
    var now: String?

    @Option(
        help: ArgumentHelp("Time zone for local days and times (default: $TZ, else the system's).", valueName: "zone"))
    var tz: String?

    @Option(help: ArgumentHelp("Locale for names and number formats.", valueName: "id"))
    var locale: String = "en_US"

    @Option(help: ArgumentHelp("A JSON object of extra variables for this call only.", valueName: "file.json"))
    var vars: String?

    @OptionGroup var locations: LocationOptions

    func variableContext() throws -> VariableContext {
        VariableContext(
            now: try instant(), timeZone: try LocationOptions.timeZone(tz), locale: Locale(identifier: locale))
    }

    func instant() throws -> Date {
        guard let now else { return Date() }
        guard let date = ISOInstant.parse(now) else {
            throw ValidationError("--now \"\(now)\" is not an ISO 8601 instant such as 2026-03-10T09:30:00Z")
        }
        return date
    }

    func overrides() throws -> [String: String] {
        guard let vars else { return [:] }
        guard let data = FileManager.default.contents(atPath: vars) else {
            throw CLIError("--vars \(vars): cannot read the file")
        }
        do {
            var result: [String: String] = [:]
            for (key, value) in try FlatJSONObject.parse([UInt8](data)) { result[TemplateKey.canonical(key)] = value }
            return result
        } catch {
            throw CLIError("--vars \(vars): expected a JSON object of string or number values (\(error))")
        }
    }

    /// Opens the cache read-only and builds the resolver for one render.
    func resolver() throws -> (VariableResolver, VariableContext) {
        let context = try variableContext()
        let store = try CacheStore.openForReading(directory: locations.resolved.cacheDirectory)
        let resolver = VariableResolver(
            store: store, registry: BuiltinProviders.registry, context: context, overrides: try overrides())
        return (resolver, context)
    }
}

extension ReadOptions {
    /// Values that did not need the cache were still printed; a cache that could not be read is an error.
    func failOnCacheError(_ resolver: VariableResolver) throws {
        if let error = resolver.cacheError { throw CLIError("\(error)") }
    }
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

    static func timeZone(_ name: String?) throws -> TimeZone {
        guard
            let name = name
                ?? ProcessInfo.processInfo.environment["TZ"].map({ $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }),
            !name.isEmpty
        else { return .current }
        guard let zone = TimeZone(identifier: name) else {
            throw ValidationError("unknown time zone \"\(name)\": use an IANA name such as Europe/Berlin")
        }
        return zone
    }
}

/// An error whose message is the whole story; exits 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
