import Foundation
import Testing
import WeftTestSupport

/// `bar.toml` is read by the provider files' TOML loader, with its check for lines the parser cannot take.
@Suite("bar file loader")
struct BarFileLoaderTests {
    @Test func aHeaderThatWouldCrashTheParserIsAProblemOnItsLine() async throws {
        let box = try Sandbox()
        try box.write("bar.toml", "[[block]]\nname = \"one\"\ntemplate = \"x\"\n\n[[[block]]]\n")
        let checked = await box.weft("bar", "--check", "--config", box.path("bar.toml"))
        #expect(checked.exitCode == 2 && checked.signal == nil, "\(checked)")
        #expect(
            checked.stderr.contains(
                "\(box.path("bar.toml")):5:1: malformed TOML: a table header is [name] or [[name]]"), "\(checked)")
    }
}
