import Foundation
import WeftPrimitives

/// Where the cache and the provider files are, from flags and the environment; never from the working directory.
public struct WeftLocations: Sendable, Equatable {
    /// The cache directory (holds `weft.sqlite`).
    public var cacheDirectory: String
    /// The directory of provider TOML files.
    public var providersDirectory: String

    /// Creates locations from explicit paths.
    public init(cacheDirectory: String, providersDirectory: String) {
        self.cacheDirectory = cacheDirectory
        self.providersDirectory = providersDirectory
    }

    /// Applies DESIGN's rules, first match wins: `--cache` / `--providers`; `WEFT_CACHE` / `WEFT_PROVIDERS`;
    /// `$WEFT_HOME/cache` / `$WEFT_HOME/providers`; `$XDG_CACHE_HOME/weft` / `$XDG_CONFIG_HOME/weft/providers`
    /// (`~/.cache/weft`, `~/.config/weft/providers`).
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
        let cacheDirectory =
            cache.map(expand) ?? setting("WEFT_CACHE") ?? weftHome.map { $0 + "/cache" }
            ?? (setting("XDG_CACHE_HOME") ?? home + "/.cache") + "/weft"
        let providersDirectory =
            providers.map(expand) ?? setting("WEFT_PROVIDERS") ?? weftHome.map { $0 + "/providers" }
            ?? (setting("XDG_CONFIG_HOME") ?? home + "/.config") + "/weft/providers"
        return WeftLocations(cacheDirectory: cacheDirectory, providersDirectory: providersDirectory)
    }

    /// The SQLite file.
    public var databasePath: String { cacheDirectory + "/weft.sqlite" }
}
