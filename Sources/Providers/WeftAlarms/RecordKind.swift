import Foundation
import WeftCore
import WeftPrimitives

/// A book of the user's records of one kind (alarms, timers), as the records hold it.
public protocol RecordBook: Sendable, Equatable {
    /// The user-record kind the book is kept under.
    static var recordKind: String { get }
    /// The book the user's records of kind ``recordKind`` hold.
    init(records: [String: Data]) throws
}

/// The payload of a record kind's snapshot: its whole book.
public protocol RecordPayload: Codable, Sendable, Equatable {
    /// The book the payload is made of.
    associatedtype Book: RecordBook
    /// The payload version.
    static var schemaVersion: Int { get }
    /// The payload of `book`.
    init(_ book: Book)
}

/// A provider kind whose snapshot is the user's own records of one kind (alarms, timers). It needs no provider file:
/// its commands write the records and the instance's snapshot together, as `weft habit add` does; a file with its
/// `type` may name the instance or set its `prefix`, and its refresh only rebuilds the snapshot. The snapshot never
/// goes stale; what is due, ringing or next is derived from the payload at read time.
public protocol RecordKind: ProviderKind {
    /// What its snapshots carry.
    associatedtype Payload: RecordPayload
    /// The variables of `payload` at the render's `now`, keys with `prefix`.
    static func variables(_ payload: Payload, context: VariableContext, prefix: String) -> [String: String]
    /// What the kind's card draws of `payload` at the render's `now`.
    static func figures(_ payload: Payload, context: VariableContext) -> CardFigures?
    /// The occasions of `payload`, shown by `instance`, due in the query's window.
    static func occasions(_ payload: Payload, instance: String, query: OccasionQuery) -> [Occasion]
}

extension RecordKind {
    /// The payload's version.
    public static var schemaVersion: Int { Payload.schemaVersion }
    /// The one kind of records its book is kept under.
    public static var recordKinds: [String] { [Payload.Book.recordKind] }
    /// Its instance is made by its own commands.
    public static var needsNoFile: Bool { true }

    /// A file may set only `prefix`.
    public static var fileKeys: [ConfigKey] { [.prefix(default: "\"\(defaultPrefix(instance: "<file name>"))\"")] }

    /// An instance from a file that may set only `prefix`.
    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(fileKeys)
        return RecordProvider<Self>(
            instance: config.instance, prefix: try config.prefix(default: defaultPrefix(instance: config.instance)))
    }

    /// The snapshot of `book` for `instance`.
    public static func snapshot(_ book: Payload.Book, instance: String, prefix: String, at now: Date) throws -> Snapshot
    {
        Snapshot(
            instance: instance, kind: type, prefix: prefix, schemaVersion: schemaVersion, fetchedAt: now,
            validUntil: RecordSnapshot.forever, payload: try Snapshot.encode(Payload(book)))
    }

    /// The variables of the snapshot's payload.
    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        variables(try snapshot.decode(Payload.self), context: context, prefix: snapshot.prefix)
    }

    /// What the card draws of the snapshot's payload.
    public static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
        figures(try snapshot.decode(Payload.self), context: context)
    }

    /// The occasions of the snapshot's payload.
    public static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        occasions(try snapshot.decode(Payload.self), instance: snapshot.instance, query: query)
    }
}

/// Snapshots that are never stale: they are the user's records, not a copy of a source that changes.
enum RecordSnapshot {
    /// The last instant ISO 8601 writes (9999-12-31T23:59:59Z): the validity of a snapshot that never expires.
    static let forever = Date(timeIntervalSince1970: TimeInterval(Instant.latestSeconds))
}

/// A configured instance of a record kind: its refresh fetches nothing and rebuilds the snapshot from the records.
struct RecordProvider<Kind: RecordKind>: Provider {
    let instance: String
    let prefix: String

    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        var records: [String: Data] = [:]
        if let store = context.data { records = try store.userRecords(kind: Kind.Payload.Book.recordKind) }
        let book = try Kind.Payload.Book(records: records)
        return RefreshOutcome(.updated(try Kind.snapshot(book, instance: instance, prefix: prefix, at: context.now)))
    }
}
