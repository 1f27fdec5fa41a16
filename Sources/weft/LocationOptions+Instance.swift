import Foundation
import WeftCommandLine
import WeftCore
import WeftProviders
import WeftRefresh

extension LocationOptions {
    /// The configured instance of `type` a command acts on: the one named, else the only one; nil when none is
    /// configured, so the command can use the defaults. A broken file of that type (or name) is an error, not a
    /// reason to fall back to the defaults.
    func configuredInstance(type: String, named instance: String?) throws -> ProviderSet.Entry? {
        let set = try ProviderSet(path: resolved.providersDirectory, registry: BuiltinProviders.registry)
        if let problem = set.problems.first(where: { problem in
            instance.map { problem.instance == $0 } ?? (problem.type == type)
        }) {
            throw CLIError("\(problem); `weft check` lists every problem")
        }
        let entries = set.entries.filter { $0.config.type == type }
        if let instance { return entries.first { $0.config.instance == instance } }
        guard entries.count <= 1 else {
            let names = entries.map(\.config.instance).sorted().joined(separator: ", ")
            throw CLIError("several \(type) instances (\(names)); pick one with --instance")
        }
        return entries.first
    }
}
