import Foundation
import Testing
import WeftCore

@testable import WeftStore

@Suite struct ProviderStateTests {
    @Test func recordsAndTheSnapshotAreReadAndWrittenInOneCall() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        try store.saveUserRecords([
            UserRecord(kind: "habit", key: "read", value: Data("r".utf8), origin: "h", updatedAt: Date())
        ])
        let seen: Int = try store.updateProviderState(instance: "h", recordKinds: ["habit"]) { state in
            #expect(state.records == ["habit": ["read": Data("r".utf8)]])
            #expect(state.snapshot == nil)
            return (
                ProviderStateChange(
                    snapshot: snapshot("h", value: "two", at: 1_000),
                    records: [UserRecordChange(kind: "habit", set: ["run": Data("u".utf8)], remove: ["read"])]),
                state.records["habit"]?.count ?? 0
            )
        }
        #expect(seen == 1)
        #expect(try store.snapshot("h") == snapshot("h", value: "two", at: 1_000))
        #expect(try store.userRecords(kind: "habit") == ["run": Data("u".utf8)])
    }
}
