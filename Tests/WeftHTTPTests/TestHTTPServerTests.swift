import Testing
import WeftHTTP
import WeftTestSupport

@Suite("The loopback test server itself")
struct TestHTTPServerTests {
    @Test func stopBreaksStalledConnectionsAndClosesThePort() async throws {
        let server = try TestHTTPServer(routes: [
            "/stall": { _ in TestResponse(body: [UInt8](repeating: 65, count: 1000), delivery: .stall(afterBytes: 10)) }
        ])
        var request = quickRequest(server.url("/stall"))
        request.lowSpeedLimit = nil
        request.totalTimeout = .seconds(20)
        let client = makeClient()
        let pending = Task { await httpError { try await client.get(request) } }
        try #require(await Poll.until { !server.requests.isEmpty }, "the request never reached the server")

        let started = ContinuousClock.now
        server.stop()
        server.stop()  // idempotent
        #expect(ContinuousClock.now - started < .seconds(10), "well before the 20 s timeout")
        // The stalled response was cut short, so the client sees an incomplete transfer, not a 20 s timeout.
        guard case .transferFailed = await pending.value else {
            Issue.record("expected .transferFailed for the cut-off body")
            return
        }
        guard case .connectionFailed = await httpError({ try await client.get(quickRequest(server.url("/stall"))) })
        else {
            Issue.record("expected the stopped server's port to refuse connections")
            return
        }
    }

    @Test func routesCanBeAddedAfterStart() async throws {
        let server = try TestHTTPServer()
        let before = await httpError { try await makeClient().get(quickRequest(server.url("/late"))) }
        #expect(before?.statusCode == 404)
        server.route("/late") { request in .text("late \(request.method)") }
        let response = try await makeClient().get(quickRequest(server.url("/late")))
        #expect(response.text == "late GET")
        #expect(server.requests(path: "/late").count == 2)
    }
}
