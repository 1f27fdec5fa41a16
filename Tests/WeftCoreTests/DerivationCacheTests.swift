import Foundation
import Testing
import WeftCore

/// Issue 31: a live loop's derivations decode a snapshot's payload once while its bytes stay the same, and never
/// answer with a payload of other bytes or of another instance.
@Suite struct DerivationCacheTests {
    /// A payload whose every decoding is told apart by `decoding`, made afresh by each decode.
    struct Counted: Decodable, Sendable {
        let decoding = UUID()
        let count: Int

        enum CodingKeys: String, CodingKey { case count }
    }

    func snapshot(_ instance: String, count: Int) -> Snapshot {
        Snapshot(
            instance: instance, kind: "test", prefix: "__\(instance)_", schemaVersion: 1,
            fetchedAt: Date(timeIntervalSince1970: 0), validUntil: Date(timeIntervalSince1970: 3600),
            payload: Data(#"{"count":\#(count)}"#.utf8))
    }

    func context(_ derivation: DerivationCache?) -> VariableContext {
        VariableContext(
            now: Date(timeIntervalSince1970: 60), timeZone: TimeZone(identifier: "UTC") ?? .current,
            locale: Locale(identifier: "en_US"), derivation: derivation)
    }

    @Test func aPayloadIsDecodedAgainOnlyWhenItsBytesChange() throws {
        let session = context(DerivationCache())
        let first = try session.decode(snapshot("a", count: 1), as: Counted.self)
        let again = try session.decode(snapshot("a", count: 1), as: Counted.self)
        #expect(again.decoding == first.decoding, "the same bytes: the kept value")
        let changed = try session.decode(snapshot("a", count: 2), as: Counted.self)
        #expect(changed.count == 2 && changed.decoding != first.decoding)
        let other = try session.decode(snapshot("b", count: 2), as: Counted.self)
        #expect(other.count == 2 && other.decoding != changed.decoding, "another instance has its own")
    }

    @Test func withoutASessionEveryDecodeReadsTheBytes() throws {
        let oneShot = context(nil)
        let first = try oneShot.decode(snapshot("a", count: 1), as: Counted.self)
        #expect(try oneShot.decode(snapshot("a", count: 1), as: Counted.self).decoding != first.decoding)
    }

    @Test func aPayloadThatDoesNotDecodeIsNotKept() throws {
        let session = context(DerivationCache())
        var broken = snapshot("a", count: 1)
        broken.payload = Data("{".utf8)
        #expect(throws: (any Error).self) { try session.decode(broken, as: Counted.self) }
        #expect(try session.decode(snapshot("a", count: 3), as: Counted.self).count == 3)
    }
}
