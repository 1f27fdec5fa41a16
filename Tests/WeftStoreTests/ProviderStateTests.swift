import Foundation
import Testing
import WeftCore

@testable import WeftStore

@Suite struct ProviderStateTests {
    @Test func blobsAndTheSnapshotAreReadAndWrittenInOneCall() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        try store.updateProviderData(instance: "h", set: ["manual": Data("1".utf8)], remove: [])
        let seen: Int = try store.updateProviderState(instance: "h") { blobs, current in
            #expect(blobs == ["manual": Data("1".utf8)])
            #expect(current == nil)
            return (
                ProviderStateChange(
                    set: ["manual": Data("2".utf8)], snapshot: snapshot("h", value: "two", at: 1_000)),
                blobs.count
            )
        }
        #expect(seen == 1)
        #expect(try store.providerData(instance: "h", prefix: "") == ["manual": Data("2".utf8)])
        #expect(try store.snapshot("h") == snapshot("h", value: "two", at: 1_000))
    }
}
