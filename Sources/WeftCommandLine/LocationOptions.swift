import ArgumentParser
import Foundation
import WeftCore
import WeftStore

/// Where the cache and the providers are.
public struct LocationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The database's folder (default: $WEFT_CACHE, $WEFT_HOME/cache, $XDG_STATE_HOME/weft, ~/.local/state/weft).",
            valueName: "dir"))
    public var cache: String?

    @Option(
        help: ArgumentHelp(
            "The provider directory (default: $WEFT_PROVIDERS, $WEFT_HOME/providers, $XDG_CONFIG_HOME/weft/providers).",
            valueName: "dir"))
    public var providers: String?

    /// Options with every default.
    public init() {}

    /// The workspace these options, the environment and the defaults give; a database at the old default
    /// (`$XDG_CACHE_HOME/weft`) is moved to the new one first, with one line on stderr.
    public var workspace: Workspace {
        let workspace = Workspace(cache: cache, providers: providers, environment: ProcessInfo.processInfo.environment)
        if let notice = workspace.notice { FileHandle.standardError.write(Data((notice + "\n").utf8)) }
        return workspace
    }

    /// The directories of ``workspace``.
    public var resolved: WeftLocations { workspace.locations }
}
