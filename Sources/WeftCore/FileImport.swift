import Foundation
import WeftPrimitives

/// What a provider that imports local files (steps, habits) needs at each refresh: which configured files are new
/// or changed since the last import, which stamps to record, and the warnings, with one rule for a file that cannot
/// be imported: it is left out whole, named in the warnings and left unrecorded, and the other files are imported.
public struct FileImport<Failure: Error & CustomStringConvertible> {
    /// Every file the patterns match now, sorted.
    public let files: [String]
    /// The files new or changed since the last import; every file when the settings changed.
    public let changed: [String]
    /// The patterns that match no file.
    public let unmatched: [String]
    /// Path → `size:mtime` of the files matched now, less those that failed to import: left unrecorded, a rejected
    /// file is read again at the next refresh, so its error stays visible until it is fixed.
    public private(set) var stamps: [String: String]
    /// The errors of the files left out, in the order they were read.
    public private(set) var failures: [Failure] = []
    /// Warnings for the refresh outcome: patterns that match nothing, files left out, rows skipped.
    public private(set) var problems: [String]

    /// Expands `patterns` and compares each file's stamp with `imported` (the stamps the last snapshot recorded);
    /// `rereadAll` (changed settings) marks every file changed. A file that matched but cannot be stat'ed throws
    /// `unreadable(file)`.
    public init(
        patterns: [String], imported: [String: String]?, rereadAll: Bool, unreadable: (String) -> Failure
    ) throws(Failure) {
        let (files, unmatched) = FilePatterns.expand(patterns)
        var stamps: [String: String] = [:]
        for file in files {
            guard let stamp = FilePatterns.stamp(file) else { throw unreadable(file) }
            stamps[file] = stamp
        }
        self.files = files
        self.unmatched = unmatched
        self.stamps = stamps
        changed = files.filter { rereadAll || imported?[$0] != stamps[$0] }
        problems = unmatched.map { "no file matches \($0)" }
    }

    /// Takes the outcome of reading some of the files: each failed file is warned about and left unrecorded.
    /// Throws the first error when files were read and none succeeded, so the refresh fails and keeps its last
    /// snapshot instead of showing nothing new as if it were up to date.
    public mutating func record(_ reads: FileReads<Failure>) throws(Failure) {
        for (file, error) in reads.failures {
            stamps[file] = nil
            failures.append(error)
            problems.append(error.description)
        }
        try reads.requireAnyRead()
    }

    /// Warns that `count` bad rows were skipped, quoting the first (which names its file and line).
    public mutating func skippedRows(_ count: Int, first: some CustomStringConvertible) {
        guard count > 0 else { return }
        problems.append("\(count) bad rows skipped; first: \(first)")
    }
}

/// Files read each on its own: a file that cannot be read is left out whole and its error kept, beside the
/// others' results (which the reading closure collects).
public struct FileReads<Failure: Error> {
    /// Each file left out with its error, in the order given.
    public private(set) var failures: [(file: String, error: Failure)] = []
    /// How many files were read.
    public private(set) var readCount = 0

    /// No file read yet.
    public init() {}

    /// Runs `body` for each path; an error leaves that file out and the next one is read.
    public mutating func read(_ paths: [String], _ body: (String) throws(Failure) -> Void) {
        for path in paths {
            do throws(Failure) {
                try body(path)
                readCount += 1
            } catch {
                failures.append((path, error))
            }
        }
    }

    /// The errors, in the order the files were given.
    public var errors: [Failure] { failures.map(\.error) }

    /// Throws the first error when files were given and none could be read.
    public func requireAnyRead() throws(Failure) {
        if readCount == 0, let first = failures.first { throw first.error }
    }
}

extension FileReads: Sendable where Failure: Sendable {}

extension RefreshContext {
    /// Where a file-import provider keeps what it imported; a refresh without a cache cannot import.
    public func importStore(instance: String, kind: String) throws(ImportWithoutCache) -> any ProviderDataStore {
        guard let data else { throw ImportWithoutCache(instance: instance, kind: kind) }
        return data
    }
}

/// A file-import provider's refresh ran without a cache to keep the imported data in.
public struct ImportWithoutCache: Error, CustomStringConvertible {
    /// The instance.
    public var instance: String
    /// The provider kind (`steps`, `habits`).
    public var kind: String

    public var description: String { "\(instance): the \(kind) provider needs the cache to keep imported data" }
}

/// The settings of a file-import instance that its shared parts read.
public protocol FileImportSettings: Sendable {
    /// Reads the settings out of a provider file.
    init(config: ProviderConfig) throws(ConfigError)
    /// The configured `files` patterns.
    var files: [String] { get }
    /// The instance's own `timezone`, when its file sets one.
    var timeZone: TimeZone? { get }
}

/// One instance's imported data, as `weft habit`/`weft steps` and its provider's refresh read and rebuild it: the
/// instance, its settings and the general zone. Each kind adds its reading and rebuilding in an extension.
public struct FileLibrary<Settings: FileImportSettings>: Sendable {
    /// The instance whose data this is.
    public var instance: String
    /// Files, zone and the kind's own options.
    public var settings: Settings
    /// The general zone (``ZoneRule/general``): local days are counted in it when the settings name none.
    public var timeZone: TimeZone

    /// Creates a library.
    public init(instance: String, settings: Settings, timeZone: TimeZone) {
        self.instance = instance
        self.settings = settings
        self.timeZone = timeZone
    }

    /// The zone local days are counted in, as ``ZoneRule`` decides.
    public var zone: TimeZone { ZoneRule(general: timeZone).zone(provider: settings.timeZone) }
}

/// A file-import kind's snapshot payload: what a refresh compares the files with.
public protocol FileImportPayload: Codable, Sendable {
    /// The payload schema version this type writes.
    static var schemaVersion: Int { get }
    /// Each imported file's stamp (size and mtime): a file whose stamp changed is read again.
    var files: [String: String] { get }
}

/// What goes wrong importing one file of a ``FileImportKind``.
public protocol FileImportError: Error, CustomStringConvertible {
    /// A file that cannot be read (a pattern matched it but it cannot be stat'ed, or opened), and why.
    static func unreadable(file: String, reason: String) -> Self
}

/// A provider kind whose instances import the local files their `files = [...]` patterns name (steps, habits): the
/// kind reads them; ``FileImportInstance`` is what every instance holds and how it is made and watched.
public protocol FileImportKind: ProviderKind {
    /// The instance settings.
    associatedtype Settings: FileImportSettings
    /// The snapshot payload its instances write.
    associatedtype Payload: FileImportPayload
    /// What goes wrong importing one file.
    associatedtype ImportError: FileImportError
    /// Re-imports an instance's new or changed files (through ``FileImport``) and snapshots the result.
    static func refresh(_ instance: FileImportInstance<Self>, _ context: RefreshContext) async throws -> RefreshOutcome
}

extension FileImportKind {
    /// An instance from its provider file: the kind's settings and the prefix. An `interval` is still read (a bad
    /// one is said), for files written when it set how long an import stayed fresh; an import now stays fresh until
    /// its files change.
    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        let settings = try Settings(config: config)
        let prefix = try config.prefix(default: defaultPrefix(instance: config.instance))
        _ = try config.interval(default: .seconds(300), minimum: .seconds(10))
        return FileImportInstance<Self>(instance: config.instance, prefix: prefix, settings: settings)
    }
}

/// A configured file-import instance: a change to any file its patterns match makes it due, `weft check` checks
/// that each pattern matches a readable file, and its kind re-imports the files that changed (size or mtime).
///
/// Its data is valid until its files change: a snapshot never expires by age (the refresher makes the instance due
/// when a matched file or the provider file is newer than the snapshot), so a card or bar does not call steps or
/// habits stale a few minutes after every refresh.
public struct FileImportInstance<Kind: FileImportKind>: Provider {
    public let instance: String
    public let prefix: String
    /// The instance's settings.
    public var settings: Kind.Settings

    /// Creates an instance.
    public init(instance: String, prefix: String, settings: Kind.Settings) {
        self.instance = instance
        self.prefix = prefix
        self.settings = settings
    }

    public func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        try await Kind.refresh(self, context)
    }

    /// The configured exports as they match now: a changed or new file makes the instance due.
    public var watchedFiles: [String] { FilePatterns.expand(settings.files).files }

    /// Each pattern in `files` must match a readable file.
    public func preflight(_ config: ProviderConfig) -> [ConfigError] {
        FilePatterns.preflight(settings.files, key: "files", config: config)
    }

    /// What a refresh starts from: where the imported data is kept, the library in the refresh's general zone, the
    /// previous snapshot's payload (nil after a schema change), and the files new or changed since it (every file
    /// when the settings changed).
    public func begin(_ context: RefreshContext) throws -> (
        store: any ProviderDataStore, library: FileLibrary<Kind.Settings>, previous: Kind.Payload?,
        files: FileImport<Kind.ImportError>
    ) {
        let store = try context.importStore(instance: instance, kind: Kind.type)
        let library = FileLibrary(instance: instance, settings: settings, timeZone: context.timeZone)
        let previous = context.previous?.payload(Kind.Payload.self, version: Kind.Payload.schemaVersion)
        let files = try FileImport(
            patterns: settings.files, imported: previous?.files, rereadAll: context.settingsChanged,
            unreadable: { Kind.ImportError.unreadable(file: $0, reason: "cannot stat it") })
        return (store, library, previous, files)
    }

    /// The outcome of a refresh with nothing to read: the snapshot stays, valid until the files change.
    public func notModified(_ context: RefreshContext, _ files: FileImport<Kind.ImportError>) -> RefreshOutcome {
        RefreshOutcome(.notModified(validUntil: Validity.untilChanged), problems: files.problems)
    }

    /// The outcome of a refresh that rebuilt the payload: its snapshot, valid until the files change, with the user's
    /// records to store in the same transaction.
    public func updated(
        _ payload: Kind.Payload, _ context: RefreshContext, _ files: FileImport<Kind.ImportError>,
        records: [UserRecordChange], extraPrefix: String? = nil
    ) throws -> RefreshOutcome {
        let snapshot = Snapshot(
            instance: instance, kind: Kind.type, prefix: prefix, schemaVersion: Kind.Payload.schemaVersion,
            fetchedAt: context.now, validUntil: Validity.untilChanged,
            payload: try Snapshot.encode(payload), extraPrefix: extraPrefix)
        return RefreshOutcome(.updated(snapshot), problems: files.problems, records: records)
    }
}
