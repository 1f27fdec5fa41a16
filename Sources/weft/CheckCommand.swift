import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftProviders
import WeftRefresh
import WeftStore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every provider file without refreshing anything.",
        discussion: """
            Reads each file in the providers directory the way `weft refresh` does — TOML, type, keys, values, \
            prefixes (unique, starting with __), secrets that must be readable — and also checks what a refresh \
            would meet outside the file: the files and folders it names exist and can be read, the program of a \
            command provider is there. Nothing is fetched or written.

            Each problem is one line, FILE:LINE: message; a key inside an inline table or an array is placed on its \
            own line. Exit status: 0 when every file is valid, 2 otherwise.

            Examples:
              weft check
              weft check --json | jq '.problems[]'
            """)

    @Flag(help: "Print JSON: every file with whether it is valid, and every problem with file, line and message.")
    var json = false

    @OptionGroup var locations: LocationOptions

    func run() throws {
        let where_ = locations.resolved
        let store = try CacheStore.openForReading(directory: where_.cacheDirectory)
        let set: ProviderSet
        do {
            set = try ProviderSet(path: where_.providersDirectory, registry: BuiltinProviders.registry, cache: store)
        } catch let error as ConfigError {
            Stderr.line("weft: \(error)")
            throw ExitCode(2)
        }
        var problems: [(instance: String?, error: ConfigError)] = set.problems.map { ($0.instance, $0.error) }
        for entry in set.entries {
            problems += entry.provider.preflight(entry.config).map { (entry.config.instance, $0) }
        }
        problems.sort { ($0.error.file ?? "", $0.error.line ?? 0) < ($1.error.file ?? "", $1.error.line ?? 0) }
        let broken = Set(problems.compactMap(\.instance))
        if json {
            let files =
                set.entries.map {
                    File(
                        instance: $0.config.instance, file: $0.config.file, type: $0.config.type,
                        valid: !broken.contains($0.config.instance))
                }
                + set.problems.compactMap { problem in
                    problem.instance.map {
                        File(instance: $0, file: problem.file ?? "", type: problem.type, valid: false)
                    }
                }
            let report = Report(
                directory: where_.providersDirectory, files: files.sorted { $0.file < $1.file },
                problems: problems.map {
                    Problem(file: $0.error.file, line: $0.error.line, instance: $0.instance, message: "\($0.error)")
                })
            print(try JSONOutput.text(report))
        } else {
            for problem in problems { print("\(problem.error)") }
            let count = set.instances.count
            if !set.directory.exists {
                Stderr.line("weft: there is no providers directory \(where_.providersDirectory)")
            } else if problems.isEmpty {
                Stderr.line("\(count) provider file\(count == 1 ? "" : "s") in \(where_.providersDirectory): all valid")
            } else {
                Stderr.line(
                    "\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(broken.count) of \(count) "
                        + "provider file\(count == 1 ? "" : "s") in \(where_.providersDirectory)")
            }
        }
        if !problems.isEmpty || !set.directory.exists { throw ExitCode(2) }
    }

    private struct Report: Encodable {
        var directory: String
        var files: [File]
        var problems: [Problem]
    }

    private struct File: Encodable {
        var instance: String
        var file: String
        var type: String?
        var valid: Bool
    }

    private struct Problem: Encodable {
        var file: String?
        var line: Int?
        var instance: String?
        var message: String
    }
}
