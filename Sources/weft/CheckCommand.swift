import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftNotify
import WeftPrimitives
import WeftProviders
import WeftRefresh
import WeftRender
import WeftStore
import WeftTemplate

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every provider file without refreshing anything.",
        discussion: """
            Reads each file in the providers directory the way `weft refresh` does — TOML, type, keys, values, \
            prefixes (unique, starting with __), secrets that must be readable — and also checks what a refresh \
            would meet outside the file: the files and folders it names exist and can be read, the program of a \
            command provider is there. The notify file beside the providers directory (notify.toml), when there is \
            one, is checked too: keys, durations, quiet hours, rates, rule templates and the programs of its \
            commands. Nothing is fetched or written.

            Every template it can see is checked too — the blocks of the bar file (bar.toml) and the rules of the \
            notify file: a key no configured provider, stored variable or built-in gives, a filter the language \
            does not know (each with the closest names), a fallback spelled like a filter ({{x|upper}} shows \
            the text upper) and a token that cannot be read are warnings, FILE:LINE: warning: …, which leave the \
            exit status as it is. A key of your own with a fallback ({{water|0}}) is taken as a variable not set \
            yet. --template TEXT checks only the templates given, and exits 2 when one has a warning.

            Each problem is one line, FILE:LINE: message; a key inside an inline table or an array is placed on its \
            own line. Exit status: 0 when every file is valid, 2 otherwise.

            Examples:
              weft check
              weft check --json | jq '.problems[]'
              weft check --template '{{__time}} {{__weekday||upper}}'
            """)

    @Flag(help: "Print JSON: every file with whether it is valid, and every problem with file, line and message.")
    var json = false

    @Option(
        name: .customLong("template"),
        help: ArgumentHelp("Check only this template (repeatable): its keys, filters and tokens.", valueName: "text"))
    var templates: [String] = []

    @OptionGroup var locations: LocationOptions

    /// The render settings of the locations given: what the template check reads.
    private var settings: RenderSettings {
        var settings = RenderSettings()
        settings.cacheDirectory = locations.cache
        settings.providersDirectory = locations.providers
        return settings
    }

    func run() throws {
        if !templates.isEmpty { return try checkTemplates() }
        let where_ = locations.resolved
        let findings = try exitingOnConfigError {
            try Self.findings(providersDirectory: where_.providersDirectory, cacheDirectory: where_.cacheDirectory)
        }
        let problems = findings.problems
        let broken = Set(problems.compactMap(\.instance))
        let notify = Self.notifyProblems(providersDirectory: where_.providersDirectory)
        let warnings = templateWarnings(providersDirectory: where_.providersDirectory)
        if json {
            var report = findings.report
            report.problems += notify.map {
                Problem(file: $0.file, line: $0.line, instance: nil, key: nil, message: "\($0)")
            }
            report.warnings = warnings
            print(try JSONText.text(report))
        } else {
            let catalog = ReaderLanguage.catalog
            for problem in problems { Stdout.line(problem.error.text(in: catalog)) }
            for problem in notify { Stdout.line("\(problem)") }
            // FILE:LINE: warning: stays in the form editors and compilers use, in every language.
            for warning in warnings {
                Stdout.line("\(warning.file ?? ""):\(warning.line ?? 0): warning: \(warning.message)")
            }
            if !warnings.isEmpty {
                Stderr.line(
                    catalog.plural(
                        "{count} template warning", "{count} template warnings", count: warnings.count,
                        ["count": "\(warnings.count)"]))
            }
            if !notify.isEmpty {
                Stderr.line(
                    catalog.plural(
                        "{count} problem in the notify file", "{count} problems in the notify file",
                        count: notify.count, ["count": "\(notify.count)"]))
            }
            let count = findings.set.instances.count
            let directory = where_.providersDirectory
            if !findings.set.directory.exists {
                Stderr.line(
                    "weft: " + catalog.text("there is no providers directory {directory}", ["directory": directory]))
            } else if problems.isEmpty {
                Stderr.line(
                    catalog.plural(
                        "{count} provider file in {directory}: all valid",
                        "{count} provider files in {directory}: all valid", count: count,
                        ["count": "\(count)", "directory": directory]))
            } else {
                // The problems and the files are counted apart: each sentence takes its own plural form.
                let files = catalog.plural(
                    "{broken} of {count} provider file in {directory}",
                    "{broken} of {count} provider files in {directory}", count: count,
                    ["broken": "\(broken.count)", "count": "\(count)", "directory": directory])
                Stderr.line(
                    catalog.plural(
                        "{count} problem in {files}", "{count} problems in {files}", count: problems.count,
                        ["count": "\(problems.count)", "files": files]))
            }
            if count == 0 && findings.set.problems.isEmpty { Stderr.line("weft: " + InitCommand.startHint(catalog)) }
        }
        if !problems.isEmpty || !notify.isEmpty || !findings.set.directory.exists { throw ExitCode(2) }
    }

    /// `--template`: each problem of each template given, `warning: column N: …`; exit 2 when there is one.
    private func checkTemplates() throws {
        let lint = try settings.templateLint()
        var count = 0
        for template in templates {
            for problem in lint.problems(in: template) {
                Stdout.line((templates.count > 1 ? "'\(template)': " : "") + "warning: \(problem)")
                count += 1
            }
        }
        let catalog = ReaderLanguage.catalog
        Stderr.line(
            count == 0
                ? catalog.text("no problems")
                : catalog.plural("{count} warning", "{count} warnings", count: count, ["count": "\(count)"]))
        if count > 0 { throw ExitCode(2) }
    }

    /// The warnings of every template weft can see: the bar file's blocks and the notify file's rules. Without a
    /// usable cache there is nothing to tell keys by, and nothing is said.
    private func templateWarnings(providersDirectory: String) -> [Problem] {
        guard let lint = try? settings.templateLint() else { return [] }
        let bar = BarCommand.defaultPath(environment: ReadOptions.environment)
        var placed: [PlacedTemplate] = []
        if FileManager.default.fileExists(atPath: bar) { placed += BarFile(contentsOf: bar).templates }
        let notify = NotifyFile(contentsOf: NotifyFile.defaultPath(providersDirectory: providersDirectory))
        if notify.exists { placed += notify.templates }
        return placed.flatMap { template in
            lint.problems(in: template.text).map {
                Problem(
                    file: template.file, line: template.line, instance: nil, key: nil,
                    message: "\(template.what): \($0)")
            }
        }
    }

    /// The problems of the notify file beside `providersDirectory` (none when there is no such file).
    static func notifyProblems(providersDirectory: String) -> [SettingsFileError] {
        let file = NotifyFile(contentsOf: NotifyFile.defaultPath(providersDirectory: providersDirectory))
        guard file.exists || !file.problems.isEmpty else { return [] }
        return file.problems + file.preflight(environment: ProcessInfo.processInfo.environment)
    }

    /// What a check of one providers directory found, in this process's environment.
    struct Findings {
        var set: ProviderSet
        var problems: [(instance: String?, error: ConfigError)]

        /// The `--json` report.
        var report: Report {
            let broken = Set(problems.compactMap(\.instance))
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
            return Report(
                directory: set.directory.path, files: files.sorted { $0.file < $1.file },
                problems: problems.map {
                    Problem(
                        file: $0.error.file, line: $0.error.line, instance: $0.instance, key: $0.error.key,
                        message: "\($0.error)")
                })
        }
    }

    /// The one check `weft check` and `weft schedule` run: every file read as a refresh reads it, then each
    /// provider's preflight (files, folders and programs it names), problems sorted by file and line.
    static func findings(providersDirectory: String, cacheDirectory: String) throws -> Findings {
        let workspace = Workspace(
            locations: WeftLocations(cacheDirectory: cacheDirectory, providersDirectory: providersDirectory))
        let set = try workspace.openWithProviders(registry: BuiltinProviders.registry).set
        var problems: [(instance: String?, error: ConfigError)] = set.problems.flatMap { problem in
            problem.errors.map { (problem.instance, $0) }
        }
        for entry in set.entries {
            problems += entry.provider.preflight(entry.config).map { (entry.config.instance, $0) }
        }
        problems.sort { ($0.error.file ?? "", $0.error.line ?? 0) < ($1.error.file ?? "", $1.error.line ?? 0) }
        return Findings(set: set, problems: problems)
    }

    /// `weft check --json`: also what `weft schedule` reads back from a check run in the timer's environment.
    struct Report: Codable {
        var directory: String
        var files: [File]
        var problems: [Problem]
        /// The templates' warnings (bar and notify files); they leave every file valid.
        var warnings: [Problem]?
    }

    struct File: Codable {
        var instance: String
        var file: String
        var type: String?
        var valid: Bool
    }

    struct Problem: Codable {
        var file: String?
        var line: Int?
        var instance: String?
        /// The key the problem is about (`api_key_env`, `sources[0].password_env`, `command`), when known.
        var key: String?
        var message: String
    }
}

/// Runs `body`; a providers directory that cannot be used at all (``ConfigError``) is said on stderr and exits 2,
/// the status `check` and `status` give for a broken configuration.
func exitingOnConfigError<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ConfigError {
        Stderr.line("weft: " + error.text(in: ReaderLanguage.catalog))
        throw ExitCode(2)
    }
}
