import Foundation
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftStore
import WeftTemplate

/// What a render needs besides its templates: clock, zone, locale, this call's extra variables and the cache.
public struct RenderSettings: Sendable, Equatable {
    /// `--now`: an ISO 8601 instant, else the clock.
    public var now: String?
    /// `--tz`: the zone of views whose provider sets no `timezone` (``ZoneRule``).
    public var timeZone: String?
    /// `--locale`.
    public var locale = "en_US"
    /// `--vars`: a JSON object of extra variables for this call.
    public var varsFile: String?
    /// `--cache`.
    public var cacheDirectory: String?
    /// `--providers`.
    public var providersDirectory: String?
    /// `--max-output`: the most bytes one render returns (TemplateRenderer's default, 64 KiB, when nil).
    public var outputLimit: Int?

    /// Settings with every default.
    public init() {}

    /// Opens the cache read-only and prepares the resolver and the renderer.
    public func open(environment: [String: String]) throws -> RenderSession {
        var instant = Date()
        if let now {
            guard let date = ISOInstant.parse(now) else { throw RenderSetupError.badInstant(now) }
            instant = date
        }
        let context = VariableContext(
            now: instant, timeZone: try zones(environment: environment).general, locale: Locale(identifier: locale))
        let locations = LegacyDatabase.adopt(
            WeftLocations.resolve(cache: cacheDirectory, providers: providersDirectory, environment: environment)
        ).locations
        let store = try CacheStore.openForReading(directory: locations.cacheDirectory)
        let resolver = VariableResolver(
            store: store, registry: BuiltinProviders.registry, context: context, overrides: try overrides())
        let renderer = TemplateRenderer(
            context: RenderContext(now: context.now, timeZone: context.timeZone, locale: context.locale),
            outputLimit: outputLimit ?? TemplateRenderer.defaultOutputLimit)
        return RenderSession(resolver: resolver, renderer: renderer)
    }

    /// The ``ZoneRule`` of renders with these settings in `environment`.
    public func zones(environment: [String: String]) throws(TimeZoneName.Unknown) -> ZoneRule {
        try ZoneRule(tz: timeZone, environment: environment)
    }

    func overrides() throws(RenderSetupError) -> [String: String] {
        guard let varsFile else { return [:] }
        guard let data = FileManager.default.contents(atPath: varsFile) else { throw .unreadableVars(varsFile) }
        do {
            var result: [String: String] = [:]
            for (key, value) in try FlatJSONObject.parse([UInt8](data)) { result[TemplateKey.canonical(key)] = value }
            return result
        } catch {
            throw .badVars(varsFile, "\(error)")
        }
    }
}
