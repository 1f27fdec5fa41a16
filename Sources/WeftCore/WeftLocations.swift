import Foundation
import WeftPrimitives

/// Where the cache and the provider files are, from flags and the environment; never from the working directory.
public struct WeftLocations: Sendable, Equatable {
    /// The database's directory (holds `weft.sqlite`); named `cache` in flags and variables for compatibility.
    public var cacheDirectory: String
    /// The directory of provider TOML files.
    public var providersDirectory: String
    /// Where weft kept the database before it moved to `$XDG_STATE_HOME` (`$XDG_CACHE_HOME/weft`): set only when
    /// the database's directory is the default, so a database found there is moved once.
    public var legacyDirectory: String?

    /// Creates locations from explicit paths.
    public init(cacheDirectory: String, providersDirectory: String, legacyDirectory: String? = nil) {
        self.cacheDirectory = cacheDirectory
        self.providersDirectory = providersDirectory
        self.legacyDirectory = legacyDirectory
    }

    /// Applies DESIGN's rules, first match wins: `--cache` / `--providers`; `WEFT_CACHE` / `WEFT_PROVIDERS`;
    /// `$WEFT_HOME/cache` / `$WEFT_HOME/providers`; `$XDG_STATE_HOME/weft` / `$XDG_CONFIG_HOME/weft/providers`
    /// (`~/.local/state/weft`, `~/.config/weft/providers`).
    ///
    /// The database holds the user's own records (counters, habit completions, imported history), so it lives where
    /// the XDG base-directory spec keeps state that must survive, not in `$XDG_CACHE_HOME`, which cleaners empty.
    ///
    /// The working directory is never searched: a `cache/` folder in whatever directory the user stands in must not
    /// take over from their configuration.
    public static func resolve(cache: String?, providers: String?, environment: [String: String]) -> WeftLocations {
        let home = PathExpansion.home(environment: environment)
        func expand(_ path: String) -> String { PathExpansion.expand(path, environment: environment) }
        func setting(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : expand($0) }
        }
        let weftHome = setting("WEFT_HOME")
        let chosen = cache.map(expand) ?? setting("WEFT_CACHE") ?? weftHome.map { $0 + "/cache" }
        let cacheDirectory = chosen ?? (setting("XDG_STATE_HOME") ?? home + "/.local/state") + "/weft"
        let providersDirectory =
            providers.map(expand) ?? setting("WEFT_PROVIDERS") ?? weftHome.map { $0 + "/providers" }
            ?? (setting("XDG_CONFIG_HOME") ?? home + "/.config") + "/weft/providers"
        let legacy = (setting("XDG_CACHE_HOME") ?? home + "/.cache") + "/weft"
        return WeftLocations(
            cacheDirectory: cacheDirectory, providersDirectory: providersDirectory,
            legacyDirectory: chosen == nil && legacy != cacheDirectory ? legacy : nil)
    }

    /// The SQLite file.
    public var databasePath: String { cacheDirectory + "/weft.sqlite" }
}
