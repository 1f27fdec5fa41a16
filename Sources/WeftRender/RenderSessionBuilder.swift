import Foundation
import WeftCore
import WeftPrimitives
import WeftStore
import WeftTemplate

/// The one place a render session is set up, for `weft get`/`resolve`/`vars`/`explain`, the live loop and the
/// server: the settings checked once (`--now`, the zone, `--vars`), the provider kinds the program was built with,
/// and the cache's place; then a session per render over an open cache.
public struct RenderSessionBuilder: Sendable {
    /// The provider kinds that turn stored snapshots into variables.
    public let registry: ProviderRegistry
    /// Where the cache is.
    public let workspace: Workspace
    /// `--now`, when the clock is pinned.
    public let pinnedNow: Date?
    /// The zone rule of every view.
    public let zones: ZoneRule
    let locale: Locale
    /// The language of the words variables carry.
    public let catalog: Catalog
    /// This call's `--vars` values, by canonical key.
    let overrides: [String: String]
    /// The most bytes one render returns: `--max-output`, else the renderer's default.
    let outputLimit: Int

    /// Checks `settings` in `environment` and settles the workspace (moving an old database, once); throws when
    /// `--now`, the zone or `--vars` cannot be used.
    public init(settings: RenderSettings, registry: ProviderRegistry, environment: [String: String]) throws {
        try self.init(
            settings: settings, registry: registry,
            workspace: Workspace(
                cache: settings.cacheDirectory, providers: settings.providersDirectory, environment: environment),
            environment: environment)
    }

    /// Checks `settings` for a workspace the caller settled (the server settles it once at its start).
    public init(
        settings: RenderSettings, registry: ProviderRegistry, workspace: Workspace, environment: [String: String]
    ) throws {
        if let now = settings.now {
            guard let date = ISOInstant.parse(now) else { throw RenderSetupError.badInstant(now) }
            pinnedNow = date
        } else {
            pinnedNow = nil
        }
        zones = try settings.zones(environment: environment)
        locale = Locale(identifier: settings.dateLocale(environment: environment))
        catalog = settings.catalog(environment: environment)
        overrides = try Self.overrides(settings.varsFile)
        outputLimit = settings.outputLimit ?? TemplateRenderer.defaultOutputLimit
        self.registry = registry
        self.workspace = workspace
    }

    /// A session over `store` at `now` (else the pinned now, else the clock).
    public func session(over store: CacheStore, at now: Date? = nil) -> RenderSession {
        session(over: CacheReads(store), at: now)
    }

    /// A session at `now` whose cache reads `reads` answers (a live loop's, kept between its renders), rendering
    /// with `caches` when given (a live loop's formatters and parsed tokens).
    func session(over reads: CacheReads, at now: Date? = nil, caches: RenderCaches? = nil) -> RenderSession {
        let context = VariableContext(
            now: now ?? pinnedNow ?? Date(), timeZone: zones.general, locale: locale, catalog: catalog,
            derivation: reads.derivation)
        let resolver = VariableResolver(reads: reads, registry: registry, context: context, overrides: overrides)
        var renderer = TemplateRenderer(
            context: RenderContext(
                now: context.now, timeZone: context.timeZone, locale: context.locale, catalog: context.catalog),
            outputLimit: outputLimit)
        renderer.caches = caches
        return RenderSession(resolver: resolver, renderer: renderer)
    }

    /// Opens the cache read-only and makes a session at the pinned now, else the clock.
    public func open() throws(StoreError) -> RenderSession {
        session(over: try workspace.openCache())
    }

    /// The `--vars` file's values by canonical key (none without a file).
    static func overrides(_ varsFile: String?) throws(RenderSetupError) -> [String: String] {
        guard let varsFile else { return [:] }
        guard let data = try? InputFile.read(varsFile, limit: 16 << 20) else { throw .unreadableVars(varsFile) }
        do {
            var result: [String: String] = [:]
            for (key, value) in try FlatJSONObject.parse([UInt8](data)) { result[TemplateKey.canonical(key)] = value }
            return result
        } catch {
            throw .badVars(varsFile, "\(ErrorText.words(error))")
        }
    }
}
