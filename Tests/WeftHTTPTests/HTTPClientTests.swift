import Foundation
import Testing
import WeftHTTP
import WeftTestSupport

@Suite("HTTPClient against the loopback server")
struct HTTPClientTests {
    @Test func okResponseWithBodyAndParsedHeaders() async throws {
        let server = try TestHTTPServer(routes: [
            "/data": { _ in
                .text(
                    "{\"temp\": 21.5}",
                    headers: [
                        ("ETag", "\"v1\""), ("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT"),
                        ("Expires", "Thu, 22 Oct 2015 07:28:00 GMT"), ("Cache-Control", "public, max-age=300"),
                        ("Date", "Wed, 21 Oct 2015 07:30:00 GMT"), ("X-Multi", "a"), ("X-Multi", "b"),
                        ("Content-Type", "application/json"),
                    ])
            }
        ])
        let response = try await makeClient().get(quickRequest(server.url("/data?lat=52.5")))
        #expect(response.status == 200)
        #expect(response.text == "{\"temp\": 21.5}")
        #expect(response.url == server.url("/data?lat=52.5"))
        #expect(response.etag == "\"v1\"")
        #expect(response.lastModified == "Wed, 21 Oct 2015 07:28:00 GMT")
        #expect(response.expires == Date(timeIntervalSince1970: 1_445_498_880))
        #expect(response.date == Date(timeIntervalSince1970: 1_445_412_600))
        #expect(response.maxAge == 300)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.headers["x-multi"] == "a, b")
        #expect(response.receivedAt == pinnedNow)
        #expect(response.freshUntil == pinnedNow.addingTimeInterval(300))
        #expect(response.retryAfter == nil)
    }

    @Test func sendsUserAgentAndAcceptEncoding() async throws {
        let server = try TestHTTPServer(routes: ["/ua": { _ in .text("ok") }])
        _ = try await makeClient().get(quickRequest(server.url("/ua")))
        let request = try #require(server.requests.first)
        #expect(request.requestLine == "GET /ua HTTP/1.1")
        #expect(request.header("User-Agent") == "weft/0.1.0 (+you@example.org)")
        #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
        #expect(request.header("If-None-Match") == nil)
        #expect(request.header("If-Modified-Since") == nil)
    }

    @Test func conditionalRequestReturns304AsResponse() async throws {
        let lastModified = "Wed, 21 Oct 2015 07:28:00 GMT"
        let server = try TestHTTPServer(routes: [
            "/forecast": { request in
                if request.header("If-None-Match") == "\"v7\"" && request.header("If-Modified-Since") == lastModified {
                    return TestResponse(status: 304, headers: [("ETag", "\"v7\""), ("Cache-Control", "max-age=60")])
                }
                return .text("fresh body", headers: [("ETag", "\"v7\""), ("Last-Modified", lastModified)])
            }
        ])
        let client = makeClient()
        let first = try await client.get(quickRequest(server.url("/forecast")))
        #expect(first.status == 200)
        #expect(first.text == "fresh body")

        var conditional = quickRequest(server.url("/forecast"))
        conditional.etag = first.etag
        conditional.lastModified = first.lastModified
        let second = try await client.get(conditional)
        #expect(second.status == 304)
        #expect(second.isNotModified)
        #expect(second.body.isEmpty)
        #expect(second.etag == "\"v7\"")
        #expect(second.maxAge == 60)
        let sent = try #require(server.requests.last)
        #expect(sent.header("If-None-Match") == "\"v7\"")
        #expect(sent.header("If-Modified-Since") == lastModified)
    }

    @Test(arguments: [
        (403, "Forbidden"), (404, "Not Found"), (500, "Internal Server Error"), (503, "Service Unavailable"),
    ])
    func errorStatusCarriesStatusAndExcerpt(status: Int, reason: String) async throws {
        let server = try TestHTTPServer(routes: [
            "/fail": { _ in .text("upstream down\r\n\tplease retry later", status: status) }
        ])
        let url = server.url("/fail")
        let error = try #require(await httpError { try await makeClient().get(quickRequest(url)) })
        guard case .status(let errorURL, let code, let errorReason, let excerpt, let retryAfter) = error else {
            Issue.record("expected .status, got \(error)")
            return
        }
        #expect(errorURL == url)
        #expect(code == status)
        #expect(errorReason == reason)
        #expect(excerpt == "upstream down please retry later")
        #expect(retryAfter == nil)
        #expect(error.statusCode == status)
        #expect(error.description == "GET \(url): HTTP \(status) \(reason): \"upstream down please retry later\"")
    }

    @Test func longErrorBodyIsCutTo200Characters() async throws {
        let body = String(repeating: "0123456789", count: 100)
        let server = try TestHTTPServer(routes: ["/long": { _ in .text(body, status: 502) }])
        let error = try #require(await httpError { try await makeClient().get(quickRequest(server.url("/long"))) })
        guard case .status(_, 502, "Bad Gateway", let excerpt, _) = error else {
            Issue.record("expected 502, got \(error)")
            return
        }
        #expect(excerpt == String(body.prefix(200)) + "…")
    }

    @Test func tooManyRequestsWithRetryAfterSeconds() async throws {
        let server = try TestHTTPServer(routes: [
            "/limited": { _ in .text("slow down", status: 429, headers: [("Retry-After", "120")]) }
        ])
        let url = server.url("/limited")
        let error = try #require(await httpError { try await makeClient().get(quickRequest(url)) })
        #expect(error.statusCode == 429)
        #expect(error.retryAfter == pinnedNow.addingTimeInterval(120))
        #expect(
            error.description
                == "GET \(url): HTTP 429 Too Many Requests (retry after 2025-06-15T15:08:40Z): \"slow down\"")
    }

    @Test func retryAfterAsHTTPDateIsMeasuredAgainstTheServersDate() async throws {
        // The server's clock is years behind ours; its Retry-After is 90 s after its own Date.
        let server = try TestHTTPServer(routes: [
            "/busy": { _ in
                TestResponse(
                    status: 503,
                    headers: [
                        ("Date", "Wed, 21 Oct 2015 07:28:00 GMT"), ("Retry-After", "Wed, 21 Oct 2015 07:29:30 GMT"),
                    ])
            }
        ])
        let error = try #require(await httpError { try await makeClient().get(quickRequest(server.url("/busy"))) })
        #expect(error.statusCode == 503)
        #expect(error.retryAfter == pinnedNow.addingTimeInterval(90))
    }

    @Test func gzipBodyIsDecoded() async throws {
        let original = Array(String(repeating: "{\"minute\": 1, \"mm\": 0.25}\n", count: 400).utf8)
        let compressed = try Gzip.compress(original)
        #expect(compressed.count < original.count / 4)
        let server = try TestHTTPServer(routes: [
            "/gz": { _ in TestResponse(headers: [("Content-Encoding", "gzip")], body: compressed) }
        ])
        let response = try await makeClient().get(quickRequest(server.url("/gz")))
        #expect(Array(response.body) == original)
    }

    @Test func followsRedirects() async throws {
        let server = try TestHTTPServer(routes: [
            "/start": { _ in .redirect(to: "/middle") },
            "/middle": { _ in .redirect(to: "/end", status: 301) },
            "/end": { _ in .text("arrived") },
        ])
        let response = try await makeClient().get(quickRequest(server.url("/start")))
        #expect(response.status == 200)
        #expect(response.text == "arrived")
        #expect(response.url == server.url("/end"))
        #expect(server.requests.map(\.path) == ["/start", "/middle", "/end"])
    }

    /// A chain of `hops` redirects /hop0 → /hop1 → … ending in a 200.
    private func redirectChain(hops: Int) throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        for hop in 0..<hops { server.route("/hop\(hop)") { _ in .redirect(to: "/hop\(hop + 1)") } }
        server.route("/hop\(hops)") { _ in .text("end of chain") }
        return server
    }

    @Test func fiveRedirectsAreFollowed() async throws {
        let server = try redirectChain(hops: 5)
        let response = try await makeClient().get(quickRequest(server.url("/hop0")))
        #expect(response.text == "end of chain")
    }

    @Test func sixRedirectsFail() async throws {
        let server = try redirectChain(hops: 6)
        let url = server.url("/hop0")
        let error = try #require(await httpError { try await makeClient().get(quickRequest(url)) })
        #expect(error == .tooManyRedirects(url: url, limit: 5))
        #expect(error.description == "GET \(url): more than 5 redirects")
        #expect(server.requests.count == 6)
    }

    @Test func redirectToFileSchemeIsRefused() async throws {
        let server = try TestHTTPServer(routes: ["/sneaky": { _ in .redirect(to: "file:///etc/passwd") }])
        let error = try #require(await httpError { try await makeClient().get(quickRequest(server.url("/sneaky"))) })
        guard case .invalidRequest(_, let message) = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
        #expect(message == "redirect to file:///etc/passwd refused: only http and https are followed")
    }

    @Test func credentialsAreNotForwardedToAnotherOrigin() async throws {
        let other = try TestHTTPServer(routes: ["/landing": { _ in .text("elsewhere") }])
        let server = try TestHTTPServer(routes: [
            "/here": { _ in .redirect(to: "/there") },
            "/there": { _ in .redirect(to: other.url("/landing")) },
        ])
        var request = quickRequest(server.url("/here"))
        request.headers = ["Authorization": "Bearer tok", "Accept": "application/json"]
        request.secretHeaders = ["apikey": "k-1"]
        let response = try await makeClient().get(request)
        #expect(response.text == "elsewhere")
        #expect(response.url == other.url("/landing"))

        let sameOrigin = try #require(server.requests(path: "/there").first)
        #expect(sameOrigin.header("Authorization") == "Bearer tok")
        #expect(sameOrigin.header("apikey") == "k-1")
        let foreign = try #require(other.requests.first)
        #expect(foreign.header("Authorization") == nil)
        #expect(foreign.header("apikey") == nil)
        #expect(foreign.header("Accept") == "application/json")
        #expect(foreign.header("User-Agent") == testUserAgent)
    }

    @Test func bodyOverCapWithContentLengthFails() async throws {
        let server = try TestHTTPServer(routes: ["/big": { _ in .bytes(count: 10_000_000) }])
        var request = quickRequest(server.url("/big"))
        request.maxBodyBytes = 64 * 1024
        let error = try #require(await httpError { try await makeClient().get(request) })
        #expect(error == .bodyTooLarge(url: server.url("/big"), limit: 65_536))
        #expect(error.description.hasSuffix("response body larger than the limit of 65536 bytes"))
    }

    @Test func bodyOverCapWithoutContentLengthIsCutOff() async throws {
        let server = try TestHTTPServer(routes: ["/stream": { _ in .bytes(count: 10_000_000, framing: .untilClose) }])
        var request = quickRequest(server.url("/stream"))
        request.maxBodyBytes = 64 * 1024
        let error = try #require(await httpError { try await makeClient().get(request) })
        #expect(error == .bodyTooLarge(url: server.url("/stream"), limit: 65_536))
    }

    @Test func capAppliesToDecodedGzipBody() async throws {
        // 10 KB on the wire that inflates to 10 MB: Content-Length alone cannot catch it.
        let bomb = try Gzip.compress([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count < 64 * 1024)
        let server = try TestHTTPServer(routes: [
            "/bomb": { _ in TestResponse(headers: [("Content-Encoding", "gzip")], body: bomb) }
        ])
        var request = quickRequest(server.url("/bomb"))
        request.maxBodyBytes = 64 * 1024
        let error = try #require(await httpError { try await makeClient().get(request) })
        #expect(error == .bodyTooLarge(url: server.url("/bomb"), limit: 65_536))
    }

    @Test func stallMidBodyHitsLowSpeedLimit() async throws {
        // libcurl averages the rate over up to 5 s, so only a few bytes arrive before the stall.
        let server = try TestHTTPServer(routes: [
            "/stall": { _ in
                TestResponse(body: [UInt8](repeating: 65, count: 100_000), delivery: .stall(afterBytes: 20))
            }
        ])
        var request = quickRequest(server.url("/stall"))
        request.lowSpeedLimit = .init(bytesPerSecond: 100, window: .seconds(1))
        // Far beyond the low-speed window, so even a loaded machine meets the low-speed limit first; the message
        // (not a wall-clock bound) says which limit fired.
        request.totalTimeout = .seconds(60)
        let error = try #require(await httpError { try await makeClient().get(request) })
        guard case .timedOut(_, let message) = error else {
            Issue.record("expected .timedOut, got \(error)")
            return
        }
        #expect(message.contains("too slow"), "\(message)")
    }

    @Test func stallMidBodyHitsTotalTimeout() async throws {
        let server = try TestHTTPServer(routes: [
            "/stall": { _ in
                TestResponse(body: [UInt8](repeating: 65, count: 100_000), delivery: .stall(afterBytes: 500))
            }
        ])
        var request = quickRequest(server.url("/stall"))
        request.lowSpeedLimit = nil
        request.totalTimeout = .milliseconds(1200)
        let started = ContinuousClock.now
        let error = try #require(await httpError { try await makeClient().get(request) })
        let elapsed = ContinuousClock.now - started
        guard case .timedOut = error else {
            Issue.record("expected .timedOut, got \(error)")
            return
        }
        #expect(elapsed >= .seconds(1))
        // The server never finishes, so any bound shows the timeout fired; generous for busy machines.
        #expect(elapsed < .seconds(120))
    }

    @Test func truncatedBodyFails() async throws {
        let server = try TestHTTPServer(routes: [
            "/cut": { _ in TestResponse(body: [UInt8](repeating: 66, count: 1000), delivery: .truncate(afterBytes: 400))
            }
        ])
        let url = server.url("/cut")
        let error = try #require(await httpError { try await makeClient().get(quickRequest(url)) })
        guard case .transferFailed(let errorURL, let message) = error else {
            Issue.record("expected .transferFailed, got \(error)")
            return
        }
        #expect(errorURL == url)
        #expect(message.contains("600 bytes remaining"))
    }

    @Test func refusedConnectionIsReported() async throws {
        let closed = try ClosedPort()
        let url = closed.baseURL + "/x"
        let error = try #require(await httpError { try await makeClient().get(quickRequest(url)) })
        guard case .connectionFailed(let errorURL, let message) = error else {
            Issue.record("expected .connectionFailed, got \(error)")
            return
        }
        #expect(errorURL == url)
        #expect(message.contains("\(closed.port)"))
        #expect(error.description.hasPrefix("GET \(url): connection failed: "))
    }

    @Test func unresolvableHostIsReported() async throws {
        let error = try #require(
            await httpError { try await makeClient().get(quickRequest("http://weft-test-host.invalid/x")) })
        guard case .nameResolutionFailed(_, let message) = error else {
            Issue.record("expected .nameResolutionFailed, got \(error)")
            return
        }
        #expect(message.contains("weft-test-host.invalid"))
    }

    @Test func tlsHandshakeFailureIsReported() async throws {
        // The loopback server speaks plain HTTP, so a TLS handshake with it must fail.
        let server = try TestHTTPServer(routes: ["/x": { _ in .text("plain") }])
        let url = "https://127.0.0.1:\(server.port)/x"
        let error = try #require(await httpError { try await makeClient().get(quickRequest(url)) })
        guard case .tlsFailed = error else {
            Issue.record("expected .tlsFailed, got \(error)")
            return
        }
    }

    @Test func headerWithLineBreakIsRejectedBeforeSending() async throws {
        let server = try TestHTTPServer(routes: ["/x": { _ in .text("ok") }])
        var request = quickRequest(server.url("/x"))
        request.headers = ["X-Note": "a\r\nInjected: yes"]
        let error = try #require(await httpError { try await makeClient().get(request) })
        guard case .invalidRequest = error else {
            Issue.record("expected .invalidRequest, got \(error)")
            return
        }
        #expect(server.requests.isEmpty)
    }

    @Test func cancellationStopsTheTransfer() async throws {
        let server = try TestHTTPServer(routes: [
            "/stall": { _ in
                TestResponse(body: [UInt8](repeating: 65, count: 100_000), delivery: .stall(afterBytes: 10))
            }
        ])
        var request = quickRequest(server.url("/stall"))
        request.lowSpeedLimit = nil
        // Long enough that only the cancellation can end the transfer before the bound below.
        request.totalTimeout = .seconds(300)
        let client = makeClient()
        let started = ContinuousClock.now
        let task = Task { await httpError { try await client.get(request) } }
        // Cancelled once the transfer is under way (the server has the request), not after a guessed pause.
        #expect(await Poll.until { !server.requests.isEmpty }, "the transfer never started")
        task.cancel()
        let error = await task.value
        #expect(error == .cancelled(url: server.url("/stall")))
        // `.cancelled` (not `.timedOut`) already shows the cancellation stopped it; the bound is for busy machines.
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func manyConcurrentRequestsSucceed() async throws {
        let server = try TestHTTPServer(routes: [
            "/item": { request in .text("you asked for \(request.target)") }
        ])
        let client = makeClient()
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let response = try await client.get(quickRequest(server.url("/item?n=\(index)")))
                    return (index, response.text)
                }
            }
            var collected: [Int: String] = [:]
            for try await (index, text) in group { collected[index] = text }
            return collected
        }
        #expect(bodies.count == 20)
        for index in 0..<20 {
            #expect(bodies[index] == "you asked for /item?n=\(index)")
        }
    }
}
