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

    /// Every error type weft declares says itself in words (`CustomStringConvertible`), in its declaration or an
    /// extension: without one, a user reads its Swift type and fields (`HeaderFailure(message: …)`).
    @Test func everyErrorTypeHasADescription() throws {
        let sources = try Self.sources()
        let all = sources.map(\.text).joined(separator: "\n")
        let declaration = try Regex(
            #"(?m)^\s*(?:public |package |private |fileprivate )?(?:enum|struct|final class|class) (\w+)(?:<[^>]*>)?: ([^{\n]*)"#
        )
        var offending: [String] = []
        for (path, text) in sources {
            for match in text.matches(of: declaration) {
                guard let name = match.output[1].substring, let conformances = match.output[2].substring,
                    conformances.split(separator: ",").contains(where: {
                        $0.trimmingCharacters(in: .whitespaces) == "Error"
                    })
                else { continue }
                if conformances.contains("CustomStringConvertible") || conformances.contains("LocalizedError") {
                    continue
                }
                if all.contains("extension \(name): CustomStringConvertible") { continue }
                offending.append("\(path): \(name)")
            }
        }
        #expect(offending.isEmpty, "\(offending)")
    }

    /// A library's error reaches a person through ``ErrorText``, which puts `(errno: N)` and enum cases into words;
    /// no message of weft's own writes an errno or a system call's signature.
    @Test func noErrnoOrCallSignatureInMessages() throws {
        // ErrorText is where such text is read; the test support's messages are for weft's own developers.
        let sources = try Self.sources().filter {
            !$0.path.hasPrefix("WeftTestSupport/") && !$0.path.hasSuffix("/ErrorText.swift")
        }
        let signature = try Regex(#""[^"\n]*(?:\(errno:|[a-z]+\((?:[a-z]+:)+\))[^"\n]*""#)
        let offending = sources.filter { $0.text.contains(signature) }.map(\.path)
        #expect(offending.isEmpty, "\(offending)")
    }
}
