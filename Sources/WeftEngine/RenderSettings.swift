import Foundation
import WeftCore
import WeftPrimitives
import WeftStore
import WeftTemplate

/// What a render needs besides its templates: clock, zone, locale, this call's extra variables and the cache.
public struct RenderSettings: Sendable, Equatable, Codable {
    /// `--now`: an ISO 8601 instant, else the clock.
    public var now: String?
    /// `--tz`: an IANA zone name, else `$TZ`, else the system's.
    public var timeZone: String?
    /// `--locale`.
    public var locale = "en_US"
    /// `--vars`: a JSON object of extra variables for this call.
    public var varsFile: String?
    /// `--cache`.
    public var cacheDirectory: String?
    /// `--providers`.
    public var providersDirectory: String?

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
            now: instant, timeZone: try TimeZoneName.resolve(timeZone, environment: environment),
            locale: Locale(identifier: locale))
        let locations = WeftLocations.resolve(
            cache: cacheDirectory, providers: providersDirectory, environment: environment)
        let store = try CacheStore.openForReading(directory: locations.cacheDirectory)
        let resolver = VariableResolver(
            store: store, registry: BuiltinProviders.registry, context: context, overrides: try overrides())
        let renderer = TemplateRenderer(
            context: RenderContext(now: context.now, timeZone: context.timeZone, locale: context.locale))
        return RenderSession(resolver: resolver, renderer: renderer)
    }

    private func overrides() throws(RenderSetupError) -> [String: String] {
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

/// One render's resolver and renderer.
public struct RenderSession {
    /// Answers variable lookups.
    public let resolver: VariableResolver
    /// Renders templates with the session's now, zone and locale.
    public let renderer: TemplateRenderer

    /// Renders one template.
    public func render(_ template: String) -> String { renderer.render(template, lookup: resolver.value) }

    /// Renders a template with an optional tooltip and percentage template, and the health of what they read.
    public func statusLine(_ template: String, tooltip: String? = nil, percentage: String? = nil) -> StatusLine {
        resolver.beginRender()
        let text = render(template)
        let tip = tooltip.map(render)
        let percent = percentage.map(render).flatMap(Self.percent)
        return StatusLine(text: text, tooltip: tip, percentage: percent, health: resolver.health)
    }

    /// `62`, `61.7` or `62%` as 62, clamped to 0…100; nil for anything else.
    static func percent(_ text: String) -> Int? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { trimmed.removeLast() }
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return Int(min(100, max(0, value)).rounded())
    }

    /// Throws the cache error met while rendering, if any: what did not need the cache was still rendered.
    public func checkCache() throws(StoreError) {
        if let error = resolver.cacheError { throw error }
    }
}

/// A render setting that cannot be used.
public enum RenderSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    case badInstant(String)
    case unreadableVars(String)
    case badVars(String, String)

    public var description: String {
        switch self {
        case .badInstant(let text): "--now \"\(text)\" is not an ISO 8601 instant such as 2026-03-10T09:30:00Z"
        case .unreadableVars(let path): "--vars \(path): cannot read the file"
        case .badVars(let path, let reason):
            "--vars \(path): expected a JSON object of string or number values (\(reason))"
        }
    }
}
