import Foundation
import WeftCore
import WeftPrimitives
import WeftSpawn
import WeftTemplate

/// The `command` provider kind: runs a program and exposes the JSON object it prints as variables.
public enum CommandKind: ProviderKind {
    public static let type = "command"
    public static let schemaVersion = 1

    public static let summary = "Runs a program and gives the values of the JSON object it prints as variables."

    public static let fileKeys: [ConfigKey] = [
        ConfigKey(
            "command", .strings, range: "a program, then its arguments; no shell",
            "The program to run and its arguments (required); it runs in the provider file's folder."),
        .prefix(default: "\"\(defaultPrefix(instance: "<file name>"))\""),
        ConfigKey(
            "timeout", .duration, default: "\"10s\"", range: "longer than 0 s",
            "The program is stopped after this long, and the refresh fails."),
        .interval(default: "\"5m\"", minimum: "1s", "How long a result stays fresh."),
        ConfigKey(
            "max_output", .integer, default: "1048576 (1 MiB)", range: "at least 1",
            "The most bytes of output accepted; more fails the refresh."),
        ConfigKey(
            "labels", .stringTable, default: "each value's key",
            "What the dashboard's card calls each value, by the key the program prints."),
        ConfigKey(
            "units", .stringTable,
            "The unit the dashboard's card writes after each value, by the key the program prints."),
    ]

    /// `__<file name>_`: each command file is its own source.
    public static func defaultPrefix(instance: String) -> String { "__\(instance.lowercased())_" }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(fileKeys)
        guard var argv = try config.stringArray("command") else {
            throw .missingKey(
                file: config.file, key: "command",
                expected: "the program and its arguments, e.g. [\"/usr/bin/uptime-json\"]")
        }
        guard let program = argv.first, !program.isEmpty else {
            throw config.invalid("command", "must name a program as its first element")
        }
        // The program runs in the provider file's folder; a relative program path is made absolute against it, since
        // the spawner would otherwise check it against weft's own directory.
        let directory = Self.folder(of: config.file)
        if program.contains("/"), !program.hasPrefix("/") {
            argv[0] = PathExpansion.normalized(directory + "/" + program)
        }
        let prefix = try config.prefix(default: defaultPrefix(instance: config.instance))
        let timeout = try config.duration("timeout") ?? .seconds(10)
        guard timeout > .zero else { throw config.invalid("timeout", "must be longer than 0 s") }
        let interval = try config.interval(default: .seconds(300), minimum: .seconds(1))
        let maxOutput = try config.integer("max_output") ?? 1_048_576
        guard maxOutput > 0 else { throw config.invalid("max_output", "must be a positive number of bytes") }
        // Keyed as the printed object's keys are, so `[labels]` `Load = "…"` names the value `load`.
        func canonical(_ table: [String: String]?) -> [String: String]? {
            table.map { Dictionary($0.map { (TemplateKey.canonical($0.key), $0.value) }) { _, last in last } }
        }
        return CommandProvider(
            instance: config.instance, prefix: prefix, argv: argv, timeout: timeout, interval: interval,
            maxOutput: maxOutput, directory: directory, labels: canonical(try config.stringTable("labels")),
            units: canonical(try config.stringTable("units")))
    }

    /// The absolute folder of a provider file.
    static func folder(of file: String) -> String {
        let folder = PathExpansion.directory(of: file)
        if folder.hasPrefix("/") { return folder }
        let current = FileManager.default.currentDirectoryPath
        return folder.isEmpty ? current : current + "/" + folder
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        CommandVariables.derive(try snapshot.decode(CommandPayload.self), prefix: snapshot.prefix)
    }

    /// The provider file's `[labels]` and `[units]`, for its card.
    public static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
        let payload = try snapshot.decode(CommandPayload.self)
        return CardFigures(labels: payload.labels, units: payload.units)
    }
}

/// What a command snapshot holds: the values it printed, by canonical key, and what the provider file calls them
/// and their units (absent in snapshots of an older weft).
struct CommandPayload: Codable {
    var values: [String: String]
    var labels: [String: String]?
    var units: [String: String]?
}

/// One configured `command` instance.
struct CommandProvider: Provider {
    let instance: String
    let prefix: String
    let argv: [String]
    let timeout: Duration
    let interval: Duration
    let maxOutput: Int
    /// The provider file's folder: the program's working directory.
    let directory: String
    /// The card's name and unit for each value, by canonical key.
    var labels: [String: String]?
    var units: [String: String]?

    /// The program must exist: as a path (relative to the provider file's folder) or on `PATH`.
    func preflight(_ config: ProviderConfig) -> [ConfigError] {
        guard let program = argv.first, Executables.find(program) == nil else { return [] }
        if program.contains("/") { return [config.invalid("command", "\(program) is not an executable file")] }
        return [config.invalid("command", "no program \"\(program)\" on PATH (\(Executables.searchPath()))")]
    }

    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        let shown = argv.joined(separator: " ")
        // Its own process group (a timeout stops what it started) and killed with weft: see `Launch`.
        let launch = Launch(argv, directory: directory, stdin: .null)
        let result: Captured
        do throws(SpawnError) {
            result = try await launch.run(timeout: timeout, maxOutput: maxOutput)
        } catch {
            throw CommandError.cannotStart(error)
        }
        switch result.ending {
        case .timedOut:
            throw CommandError.timedOut(command: shown, seconds: DurationText.seconds(timeout))
        case .outputTooLarge:
            throw CommandError.outputTooLarge(command: shown, limit: maxOutput)
        case .signalled(let signal):
            throw CommandError.signalled(command: shown, signal: signal)
        case .exited(let status) where status != 0:
            let stderr =
                String(decoding: result.stderr, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
                .split(separator: "\n").last.map(String.init) ?? ""
            throw CommandError.exited(command: shown, status: status, stderr: String(stderr.prefix(200)))
        case .exited:
            break
        }
        let output = try CommandOutput(parsing: result.stdout, command: shown)
        let snapshot = Snapshot(
            instance: instance, kind: CommandKind.type, prefix: prefix, schemaVersion: CommandKind.schemaVersion,
            fetchedAt: context.now, validUntil: context.now.addingTimeInterval(DurationText.seconds(interval)),
            payload: try Snapshot.encode(CommandPayload(values: output.values, labels: labels, units: units)))
        return RefreshOutcome(.updated(snapshot))
    }
}
