import Foundation

/// Where the cache and the provider files are, from flags, the environment and the working directory.
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

    /// Applies DESIGN's rules: `--cache`, `WEFT_CACHE`, `./cache/` when it exists, `$XDG_CACHE_HOME/weft/`;
    /// `--providers`, `WEFT_PROVIDERS`, `./providers/` when it exists, `$XDG_CONFIG_HOME/weft/providers/`.
    public static func resolve(
        cache: String?, providers: String?, environment: [String: String],
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> WeftLocations {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func expand(_ path: String) -> String {
            path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst(1) : path
        }
        func isDirectory(_ path: String) -> Bool {
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
        }
        let localCache = currentDirectory + "/cache"
        let cacheDirectory =
            cache.map(expand) ?? environment["WEFT_CACHE"].map(expand)
            ?? (isDirectory(localCache)
                ? localCache : (environment["XDG_CACHE_HOME"].map(expand) ?? home + "/.cache") + "/weft")
        let localProviders = currentDirectory + "/providers"
        let providersDirectory =
            providers.map(expand) ?? environment["WEFT_PROVIDERS"].map(expand)
            ?? (isDirectory(localProviders)
                ? localProviders
                : (environment["XDG_CONFIG_HOME"].map(expand) ?? home + "/.config") + "/weft/providers")
        return WeftLocations(cacheDirectory: cacheDirectory, providersDirectory: providersDirectory)
    }

    /// The SQLite file.
    public var databasePath: String { cacheDirectory + "/weft.sqlite" }
}
