import Foundation
import WeftCore
import WeftPrimitives

/// The snapshot of the `alarms` kind: every alarm, as the records hold them. It is rebuilt with each change in the
/// change's transaction and never goes stale; what is due, ringing or next is derived at read time.
public struct AlarmsSnapshot: Codable, Sendable, Equatable {
    /// The payload version.
    public static let schemaVersion = 1
    /// The alarms, sorted by time of day.
    public var alarms: [Alarm]

    /// A snapshot of `book`.
    public init(_ book: AlarmBook) { alarms = book.sorted }
}

/// The snapshot of the `timers` kind: every timer, as the records hold them.
public struct TimersSnapshot: Codable, Sendable, Equatable {
    /// The payload version.
    public static let schemaVersion = 1
    /// The timers, oldest first.
    public var timers: [CountdownTimer]

    /// A snapshot of `book`.
    public init(_ book: TimerBook) { timers = book.sorted }
}

/// Snapshots that are never stale: they are the user's records, not a copy of a source that changes.
enum RecordSnapshot {
    /// The last instant ISO 8601 writes (9999-12-31T23:59:59Z): the validity of a snapshot that never expires.
    static let forever = Date(timeIntervalSince1970: TimeInterval(Instant.latestSeconds))

    static func make<Payload: Encodable>(
        instance: String, kind: String, prefix: String, version: Int, payload: Payload, at now: Date
    ) throws -> Snapshot {
        Snapshot(
            instance: instance, kind: kind, prefix: prefix, schemaVersion: version, fetchedAt: now,
            validUntil: forever, payload: try Snapshot.encode(payload))
    }
}

/// The `alarms` provider kind: alarms kept as the user's own records. It needs no provider file: `weft alarm add`
/// writes the records and the instance's snapshot together (instance `alarms`), as `weft habit add` does; a file
/// with `type = "alarms"` may name the instance or set its `prefix`, and its refresh only rebuilds the snapshot.
public enum AlarmsKind: ProviderKind {
    public static let type = "alarms"
    public static var schemaVersion: Int { AlarmsSnapshot.schemaVersion }
    public static var recordKinds: [String] { [AlarmBook.recordKind] }
    public static var needsNoFile: Bool { true }
    public static func defaultPrefix(instance: String) -> String { "__alarms_" }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(["type", "prefix"])
        return RecordProvider<AlarmsKind>(
            instance: config.instance, prefix: try config.prefix(default: defaultPrefix(instance: config.instance)))
    }

    /// The snapshot of `book` for `instance`.
    public static func snapshot(_ book: AlarmBook, instance: String, prefix: String, at now: Date) throws -> Snapshot {
        try RecordSnapshot.make(
            instance: instance, kind: type, prefix: prefix, version: schemaVersion, payload: AlarmsSnapshot(book),
            at: now)
    }

    static func rebuild(records: [String: Data], instance: String, prefix: String, at now: Date) throws -> Snapshot {
        try snapshot(AlarmBook(records: records), instance: instance, prefix: prefix, at: now)
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        AlarmVariables.values(try snapshot.decode(AlarmsSnapshot.self), context: context, prefix: snapshot.prefix)
    }

    public static var card: BoardCard { .alarms }

    public static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
        CardFigures(alarms: AlarmFigures.alarms(try snapshot.decode(AlarmsSnapshot.self), context: context))
    }

    public static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        AlarmOccasions.alarms(try snapshot.decode(AlarmsSnapshot.self), instance: snapshot.instance, query: query)
    }
}

/// The `timers` provider kind: timers kept as the user's own records, like ``AlarmsKind`` (instance `timers`).
public enum TimersKind: ProviderKind {
    public static let type = "timers"
    public static var schemaVersion: Int { TimersSnapshot.schemaVersion }
    public static var recordKinds: [String] { [TimerBook.recordKind] }
    public static var needsNoFile: Bool { true }
    public static func defaultPrefix(instance: String) -> String { "__timer_" }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(["type", "prefix"])
        return RecordProvider<TimersKind>(
            instance: config.instance, prefix: try config.prefix(default: defaultPrefix(instance: config.instance)))
    }

    /// The snapshot of `book` for `instance`.
    public static func snapshot(_ book: TimerBook, instance: String, prefix: String, at now: Date) throws -> Snapshot {
        try RecordSnapshot.make(
            instance: instance, kind: type, prefix: prefix, version: schemaVersion, payload: TimersSnapshot(book),
            at: now)
    }

    static func rebuild(records: [String: Data], instance: String, prefix: String, at now: Date) throws -> Snapshot {
        try snapshot(TimerBook(records: records), instance: instance, prefix: prefix, at: now)
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        TimerVariables.values(try snapshot.decode(TimersSnapshot.self), context: context, prefix: snapshot.prefix)
    }

    public static var card: BoardCard { .timers }

    public static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
        CardFigures(timers: AlarmFigures.timers(try snapshot.decode(TimersSnapshot.self), context: context))
    }

    public static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        AlarmOccasions.timers(try snapshot.decode(TimersSnapshot.self), instance: snapshot.instance, query: query)
    }
}

/// A kind whose snapshot is its records.
protocol RecordKind: ProviderKind {
    static var recordKinds: [String] { get }
    static func rebuild(records: [String: Data], instance: String, prefix: String, at now: Date) throws -> Snapshot
}

extension AlarmsKind: RecordKind {}
extension TimersKind: RecordKind {}

/// A configured `alarms` or `timers` instance: its refresh fetches nothing and rebuilds the snapshot from the
/// records.
struct RecordProvider<Kind: RecordKind>: Provider {
    let instance: String
    let prefix: String

    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        var records: [String: Data] = [:]
        if let store = context.data, let kind = Kind.recordKinds.first { records = try store.userRecords(kind: kind) }
        return RefreshOutcome(
            .updated(try Kind.rebuild(records: records, instance: instance, prefix: prefix, at: context.now)))
    }
}
