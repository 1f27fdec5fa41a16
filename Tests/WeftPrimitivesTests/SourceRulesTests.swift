import Foundation
import Testing
import WeftTestSupport

/// Rules about weft's own source text that no compiler checks: a call that traps on ordinary input stays out.
@Suite struct SourceRulesTests {
    /// Every `.swift` file under `Sources`, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let root = FixtureFiles.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Sources")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.map {
            ($0, try String(contentsOfFile: root.appendingPathComponent($0).path, encoding: .utf8))
        }
    }

    /// `NSString.deletingLastPathComponent` traps on a bare relative name (`weft check --providers p` crashed):
    /// a path's parent comes from `PathExpansion.directory(of:)`.
    @Test func noPathParentThroughNSString() throws {
        let sources = try Self.sources()
        #expect(sources.count > 100)
        let offending = sources.filter { $0.text.contains("as NSString).deletingLastPathComponent") }.map(\.path)
        #expect(offending.isEmpty, "\(offending)")
    }
}
