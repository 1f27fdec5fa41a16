import Testing
import WeftHTTP
import WeftTestSupport

@Suite("Proxies from the injected environment")
struct HTTPProxyTests {
    @Test func httpProxyReceivesAbsoluteURIRequest() async throws {
        let proxy = try TestHTTPServer(routes: ["/forecast": { _ in .text("via proxy") }])
        let client = makeClient(environment: ["http_proxy": proxy.baseURL])
        let response = try await client.get(quickRequest("http://weather.invalid/forecast?lat=52.5"))
        #expect(response.text == "via proxy")
        let seen = try #require(proxy.requests.first)
        #expect(seen.requestLine == "GET http://weather.invalid/forecast?lat=52.5 HTTP/1.1")
        #expect(seen.header("Host") == "weather.invalid")
    }

    @Test func proxyIsReallyUsed() async throws {
        // A proxy that refuses connections must make the request fail even though the target is up.
        let target = try TestHTTPServer(routes: ["/direct": { _ in .text("direct") }])
        let deadProxy = try ClosedPort()
        let client = makeClient(environment: ["http_proxy": deadProxy.baseURL])
        let error = try #require(await httpError { try await client.get(quickRequest(target.url("/direct"))) })
        guard case .connectionFailed = error else {
            Issue.record("expected .connectionFailed, got \(error)")
            return
        }
        #expect(target.requests.isEmpty)
    }

    @Test func noProxyBypassesTheProxy() async throws {
        let target = try TestHTTPServer(routes: ["/direct": { _ in .text("direct") }])
        let deadProxy = try ClosedPort()
        let client = makeClient(environment: ["http_proxy": deadProxy.baseURL, "no_proxy": "localhost,127.0.0.1"])
        let response = try await client.get(quickRequest(target.url("/direct")))
        #expect(response.text == "direct")
        #expect(target.requests.first?.requestLine == "GET /direct HTTP/1.1")
    }

    @Test func upperCaseHTTPProxyIsIgnoredLikeCurl() async throws {
        let target = try TestHTTPServer(routes: ["/direct": { _ in .text("direct") }])
        let deadProxy = try ClosedPort()
        let client = makeClient(environment: ["HTTP_PROXY": deadProxy.baseURL])
        let response = try await client.get(quickRequest(target.url("/direct")))
        #expect(response.text == "direct")
    }

    @Test func httpsProxyGetsConnectRequest() async throws {
        // The test proxy answers CONNECT with 404, so the request fails, but the tunnel request shows it was used.
        let proxy = try TestHTTPServer()
        let client = makeClient(environment: ["HTTPS_PROXY": proxy.baseURL])
        let error = await httpError { try await client.get(quickRequest("https://weather.invalid/forecast")) }
        #expect(error != nil)
        #expect(proxy.requests.first?.requestLine == "CONNECT weather.invalid:443 HTTP/1.1")
    }
}
