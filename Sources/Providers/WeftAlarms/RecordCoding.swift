import Foundation
import WeftCore

/// Reads and writes the user's records of one kind as JSON values keyed by id, and the change between two sets.
enum RecordCoding {
    static func decode<Value: Decodable>(_ type: Value.Type, _ records: [String: Data]) throws -> [String: Value] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try records.mapValues { try decoder.decode(Value.self, from: $0) }
    }

    /// The change that turns `before` into `after`: changed values written, missing ones removed (to the trash under
    /// `trashAs` when given).
    static func change<Value: Encodable & Equatable>(
        kind: String, from before: [String: Value], to after: [String: Value], trashAs: String?
    ) throws -> UserRecordChange {
        var set: [String: Data] = [:]
        for (key, value) in after where before[key] != value { set[key] = try Snapshot.encode(value) }
        let removed = before.keys.filter { after[$0] == nil }.sorted()
        return UserRecordChange(kind: kind, set: set, remove: removed, trashAs: trashAs)
    }
}
