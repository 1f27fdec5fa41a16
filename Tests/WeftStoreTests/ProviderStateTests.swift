import Foundation
import Testing
import WeftCore

@testable import WeftStore

@Suite struct ProviderStateTests {
    @Test func blobsAndTheSnapshotAreReadAndWrittenInOneCall() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        try store.updateProviderData(instance: "h", set: ["manual": Data("1".utf8)], remove: [])
        try store.saveUserRecords([
            UserRecord(kind: "habit", key: "read", value: Data("r".utf8), origin: "h", updatedAt: Date())
        ])
        let seen: Int = try store.updateProviderState(instance: "h", recordKinds: ["habit"]) { state in
            #expect(state.blobs == ["manual": Data("1".utf8)])
            #expect(state.records == ["habit": ["read": Data("r".utf8)]])
            #expect(state.snapshot == nil)
            return (
                ProviderStateChange(
                    set: ["manual": Data("2".utf8)], snapshot: snapshot("h", value: "two", at: 1_000),
                    records: [UserRecordChange(kind: "habit", set: ["run": Data("u".utf8)], remove: ["read"])]),
                state.blobs.count
            )
        }
        #expect(seen == 1)
        #expect(try store.providerData(instance: "h", prefix: "") == ["manual": Data("2".utf8)])
        #expect(try store.snapshot("h") == snapshot("h", value: "two", at: 1_000))
        #expect(try store.userRecords(kind: "habit") == ["run": Data("u".utf8)])
    }
}
