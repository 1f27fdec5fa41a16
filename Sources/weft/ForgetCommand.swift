import ArgumentParser
import Foundation
import WeftCommandLine
import WeftRefresh

struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Delete everything the cache holds of provider instances.",
        discussion: """
            Removes each instance's snapshot, refresh attempts, HTTP validators and stored data (imported steps, \
            habit completions) in one transaction, so its variables stop answering at once. `weft refresh` does \
            this by itself for every instance whose provider file was deleted or renamed (a renamed file is a new \
            instance); use this for data imported without a provider file, or to start an instance afresh.

            Examples:
              weft forget old-weather
              weft forget steps && weft steps import ~/Downloads/export.csv
            """)

    @Argument(help: "Instance ids (provider file names without .toml).")
    var instances: [String]

    @OptionGroup var locations: LocationOptions

    func run() throws {
        let cache = locations.resolved.cacheDirectory
        guard FileManager.default.fileExists(atPath: cache + "/weft.sqlite") else {
            throw CLIError("there is no cache in \(cache): nothing to forget")
        }
        let forgotten = try CacheWriter(cacheDirectory: cache).forget(instances)
        for instance in instances {
            Stderr.line(forgotten.contains(instance) ? "\(instance): forgotten" : "\(instance): not in the cache")
        }
        if forgotten.count != Set(instances).count { throw ExitCode(1) }
    }
}
