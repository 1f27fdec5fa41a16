import ArgumentParser
import Foundation
import WeftCore

/// Where the cache and the providers are.
public struct LocationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The cache directory (default: $WEFT_CACHE, $WEFT_HOME/cache, $XDG_CACHE_HOME/weft).", valueName: "dir"))
    public var cache: String?

    @Option(
        help: ArgumentHelp(
            "The provider directory (default: $WEFT_PROVIDERS, $WEFT_HOME/providers, $XDG_CONFIG_HOME/weft/providers).",
            valueName: "dir"))
    public var providers: String?

    /// Options with every default.
    public init() {}

    /// The directories these options, the environment and the defaults give.
    public var resolved: WeftLocations {
        WeftLocations.resolve(cache: cache, providers: providers, environment: ProcessInfo.processInfo.environment)
    }
}
