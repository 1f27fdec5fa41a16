import Foundation
import Testing
import WeftTestSupport

/// `weft serve` reads the provider files through the same owner as `weft status`: a providers directory that cannot
/// be read is an error the client sees, never a board without providers.
@Suite("serve: providers directory")
struct ServeProvidersDirectoryTests {
    @Test func anUnreadableProvidersDirectoryIsSaidNotShownAsNoProviders() async throws {
        let box = try await ServeTests.sandbox()
        // A file where the directory should be: it exists, and cannot be listed (root reads a chmod 000 one).
        try FileManager.default.removeItem(atPath: box.providers)
        try Data("not a directory\n".utf8).write(to: URL(fileURLWithPath: box.providers))
        let status = await box.weft("status")
        #expect(status.exitCode == 2 && status.stderr.contains(box.providers), "\(status)")

        let server = try await ServeTests.Server(box, ["--now", "2026-03-10T09:31:00Z"])
        let answer = await server.request("/v1/status")
        #expect(answer.status == 500, "\(answer)")
        #expect(answer.body.contains(box.providers) && !answer.body.contains(#""providers":[]"#), "\(answer)")
        let board = await server.request("/")
        #expect(board.status == 500 && board.body.contains(box.providers), "\(board)")
        // What does not read the provider files still answers.
        let value = await server.request("/v1/vars/__demo_temp")
        #expect(value.status == 200, "\(value)")
    }
}
