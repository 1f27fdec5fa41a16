import CCurl
import Foundation
import Testing

@testable import WeftHTTP

@Suite("HTTP-date parsing")
struct HTTPDateTests {
    static let expected = Date(timeIntervalSince1970: 784_111_777)  // 1994-11-06T08:49:37Z

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "sun, 06 nov 1994 08:49:37 gmt",
    ])
    func parsesAllThreeFormats(text: String) {
        #expect(HTTPDate.parse(text) == Self.expected)
    }

    @Test(arguments: [
        "", "0", "-1", "tomorrow", "Sun, 06 Nov 1994 08:49:37 CET", "Sun, 31 Feb 2024 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
    ])
    func rejectsInvalidDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func formatsIMFFixdateAndRoundTrips() {
        #expect(HTTPDate.format(Self.expected) == "Sun, 06 Nov 1994 08:49:37 GMT")
        let leapDay = Date(timeIntervalSince1970: 1_709_164_800)  // 2024-02-29T00:00:00Z
        #expect(HTTPDate.format(leapDay) == "Thu, 29 Feb 2024 00:00:00 GMT")
        #expect(HTTPDate.parse(HTTPDate.format(leapDay)) == leapDay)
    }
}

@Suite("Response header helpers")
struct HTTPResponseHeaderTests {
    private func response(_ headers: [String: String]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Data(), url: "http://x/", receivedAt: pinnedNow)
    }

    @Test func maxAgeDirectives() {
        #expect(HTTPResponse.maxAge(cacheControl: "public, max-age=600") == 600)
        #expect(HTTPResponse.maxAge(cacheControl: "MAX-AGE=\"30\", must-revalidate") == 30)
        #expect(HTTPResponse.maxAge(cacheControl: "no-cache") == nil)
        #expect(HTTPResponse.maxAge(cacheControl: "max-age=soon") == nil)
    }

    @Test func invalidExpiresMeansAlreadyExpired() {
        #expect(response(["expires": "0"]).expires == .distantPast)
        #expect(response([:]).expires == nil)
    }

    @Test func freshnessFromExpiresUsesServerDateAndAge() {
        let r = response([
            "date": "Wed, 21 Oct 2015 07:28:00 GMT", "expires": "Wed, 21 Oct 2015 07:58:00 GMT", "age": "100",
        ])
        // 30 minutes of lifetime by the server's clock, 100 s of it already used up, anchored at our clock.
        #expect(r.freshUntil == pinnedNow.addingTimeInterval(1800 - 100))
    }

    @Test func retryAfterForms() {
        #expect(response(["retry-after": "30"]).retryAfter == pinnedNow.addingTimeInterval(30))
        // A date in the past (by our clock, with no Date to compare against) means "now".
        #expect(response(["retry-after": "Sun, 06 Nov 1994 08:49:37 GMT"]).retryAfter == pinnedNow)
        #expect(response(["retry-after": "later"]).retryAfter == nil)
    }

    @Test func aRateLimitedAnswerWithoutRetryAfterIsReadByItsRateLimitReset() {
        func answer(_ status: Int, _ headers: [String: String]) -> HTTPResponse {
            HTTPResponse(status: status, headers: headers, body: Data(), url: "http://x/", receivedAt: pinnedNow)
        }
        #expect(answer(429, ["ratelimit-reset": "60"]).retryAfter == pinnedNow.addingTimeInterval(60))
        #expect(answer(429, ["ratelimit-reset": "60", "retry-after": "5"]).retryAfter == pinnedNow.addingTimeInterval(5))
        // Only a 429 says the limit is what refused the request.
        #expect(answer(503, ["ratelimit-reset": "60"]).retryAfter == nil)
    }

    @Test func freshnessCorrectsForTheServersClockSkew() {
        // The server's clock runs 2 hours ahead of ours: Expires 10 minutes after its Date is 10 minutes from
        // our receipt, not 2 h 10 min.
        let serverNow = pinnedNow.addingTimeInterval(7200)
        let r = response([
            "date": HTTPDate.format(serverNow), "expires": HTTPDate.format(serverNow.addingTimeInterval(600)),
        ])
        #expect(r.freshUntil == pinnedNow.addingTimeInterval(600))
        // Behind by a day: the Expires date is in our past, yet the response is fresh for 5 minutes.
        let behind = pinnedNow.addingTimeInterval(-86_400)
        let late = response([
            "date": HTTPDate.format(behind), "expires": HTTPDate.format(behind.addingTimeInterval(300)),
        ])
        #expect(late.freshUntil == pinnedNow.addingTimeInterval(300))
        // Retry-After as a date is measured against Date the same way.
        let retry = response([
            "date": HTTPDate.format(serverNow), "retry-after": HTTPDate.format(serverNow.addingTimeInterval(120)),
        ])
        #expect(retry.retryAfter == pinnedNow.addingTimeInterval(120))
    }

    @Test func maxAgeWinsOverExpiresAndAgeIsSubtracted() {
        let r = response([
            "cache-control": "max-age=600", "age": "60", "date": HTTPDate.format(pinnedNow),
            "expires": HTTPDate.format(pinnedNow.addingTimeInterval(3600)),
        ])
        #expect(r.freshUntil == pinnedNow.addingTimeInterval(540))
        #expect(response(["cache-control": "max-age=60", "age": "600"]).freshUntil == pinnedNow, "already stale")
    }

    @Test(
        arguments: [
            (["cache-control": "max-age=1e300"], nil),
            (["cache-control": "max-age=-5"], nil),
            (["cache-control": "max-age=99999999999999999999999999"], 86_400.0),
            (["cache-control": "max-age=inf"], nil),
            (["cache-control": "max-age=100", "age": "99999999999999999999999"], 0),
            (["expires": "Fri, 31 Dec 9999 23:59:59 GMT"], 86_400),
            (["expires": "0"], 0),
        ] as [([String: String], TimeInterval?)])
    func freshnessIsRangeChecked(headers: [String: String], lifetime: TimeInterval?) {
        #expect(response(headers).freshUntil == lifetime.map { pinnedNow.addingTimeInterval($0) })
    }

    @Test(
        arguments: [
            ("inf", nil), ("1e300", nil), ("-30", nil), ("NaN", nil), ("99999999999999999999999", 86_400.0),
            ("172800", 86_400), ("Fri, 31 Dec 9999 23:59:59 GMT", 86_400), (" 45 ", 45),
        ] as [(String, TimeInterval?)])
    func retryAfterIsRangeChecked(value: String, wait: TimeInterval?) {
        #expect(response(["retry-after": value]).retryAfter == wait.map { pinnedNow.addingTimeInterval($0) })
    }
}

@Suite("Request helpers")
struct HTTPRequestHelperTests {
    @Test func userAgentWithAndWithoutContact() {
        #expect(HTTPClient.userAgent(version: "0.1.0", contact: "you@example.org") == "weft/0.1.0 (+you@example.org)")
        #expect(
            HTTPClient.userAgent(version: "0.1.0", contact: "https://example.org/weft")
                == "weft/0.1.0 (+https://example.org/weft)")
        #expect(HTTPClient.userAgent(version: "0.1.0", contact: nil) == "weft/0.1.0")
        #expect(HTTPClient.userAgent(version: "0.1.0", contact: "  ") == "weft/0.1.0")
        #expect(HTTPClient.userAgent(version: "0.1.0", contact: "a@b.c\r\nX-Evil: 1") == "weft/0.1.0 (+a@b.cX-Evil: 1)")
    }

    @Test func clientStripsLineBreaksFromUserAgent() {
        #expect(HTTPClient(userAgent: "weft/1\r\nX-Evil: 1", environment: [:]).userAgent == "weft/1X-Evil: 1")
    }

    @Test func proxyResolutionFollowsCurlRules() {
        let env = [
            "http_proxy": "http://p1:3128", "HTTP_PROXY": "http://ignored:1", "HTTPS_PROXY": "http://p2:3128",
            "no_proxy": "localhost,.internal",
        ]
        #expect(
            ProxySettings.resolve(url: "http://a.example/x", environment: env)
                == ProxySettings(proxy: "http://p1:3128", noProxy: "localhost,.internal"))
        #expect(ProxySettings.resolve(url: "HTTPS://a.example/x", environment: env).proxy == "http://p2:3128")
        #expect(
            ProxySettings.resolve(
                url: "https://a", environment: ["https_proxy": "http://low:1", "HTTPS_PROXY": "http://up:2"]
            )
            .proxy == "http://low:1")
        #expect(ProxySettings.resolve(url: "http://a", environment: ["HTTP_PROXY": "http://x:1"]).proxy == "")
        #expect(
            ProxySettings.resolve(url: "https://a", environment: ["ALL_PROXY": "socks5://s:1"]).proxy == "socks5://s:1")
        #expect(ProxySettings.resolve(url: "http://a", environment: ["NO_PROXY": "*"]).noProxy == "*")
        // An empty environment must disable proxies explicitly, or libcurl would read the real one.
        #expect(ProxySettings.resolve(url: "http://a", environment: [:]) == ProxySettings(proxy: "", noProxy: ""))
        #expect(ProxySettings(proxy: "http://user:pw@p:1", noProxy: "").proxyForLogging == "http://[redacted]@p:1")
    }

    @Test func redactorHandlesEncodedAndOverlappingSecrets() {
        let redact = Redactor(secrets: ["abc/+=", "key", "", "keyboard"])
        #expect(redact("/v/abc/+=/x?k=abc%2F%2B%3D&l=abc%2f%2b%3d") == "/v/[redacted]/x?k=[redacted]&l=[redacted]")
        #expect(redact("keyboard and key") == "[redacted] and [redacted]")
        #expect(redact("nothing here") == "nothing here")
    }

    @Test func credentialsFollowRedirectsOnlyToTheSameHost() throws {
        let origin = try #require(URLOrigin("http://API.example.org/v1"))
        #expect(origin == URLOrigin("http://api.example.org:80/other"))
        #expect(origin.mayReceiveCredentials(URLOrigin("http://api.example.org/x")))
        #expect(origin.mayReceiveCredentials(URLOrigin("https://api.example.org/x")))
        #expect(!origin.mayReceiveCredentials(URLOrigin("http://api.example.org:8080/x")))
        #expect(!origin.mayReceiveCredentials(URLOrigin("http://cdn.example.org/x")))
        #expect(!origin.mayReceiveCredentials(nil))
        let secure = try #require(URLOrigin("https://api.example.org/v1"))
        #expect(!secure.mayReceiveCredentials(URLOrigin("http://api.example.org/v1")))
    }

    @Test func credentialHeaderValuesBecomeSecrets() {
        let request = HTTPRequest(
            url: "http://x/", headers: ["authorization": "Bearer t0k", "Accept": "a"], secretHeaders: ["X-Key": "k1"],
            secrets: ["s1"])
        #expect(Set(request.allSecrets) == ["s1", "k1", "Bearer t0k", "t0k"])
    }

    @Test func headerLinesValidateNamesAndValues() throws {
        var request = HTTPRequest(url: "http://x/", headers: ["X-Empty": "", "Accept": "text/plain"], etag: "\"e\"")
        request.secretHeaders = ["apikey": "k"]
        request.headers["Authorization"] = "Bearer t"
        let lines = try HTTPClient.headerLines(for: request).get()
        #expect(
            lines.all == [
                "Accept: text/plain", "Authorization: Bearer t", "X-Empty;", "apikey: k", "If-None-Match: \"e\"",
            ])
        #expect(lines.crossOrigin == ["Accept: text/plain", "X-Empty;", "If-None-Match: \"e\""])
        request.secretHeaders = [:]
        request.headers = ["Bad Name": "x"]
        #expect(throws: HTTPClient.HeaderFailure.self) { try HTTPClient.headerLines(for: request).get() }
        request.headers = ["X": "a\nb"]
        #expect(throws: HTTPClient.HeaderFailure.self) { try HTTPClient.headerLines(for: request).get() }
    }
}

@Suite("Error messages")
struct HTTPErrorMessageTests {
    @Test func excerptFlattensControlCharacters() {
        #expect(
            HTTPError.excerpt(of: Data("<html>\r\n  <b>boom</b>\u{7}\n</html>\n".utf8)) == "<html> <b>boom</b> </html>")
        #expect(HTTPError.excerpt(of: Data()) == "")
        #expect(HTTPError.excerpt(of: Data("äöü".utf8), limit: 2) == "äö…")
    }

    @Test func curlCodesMapToKinds() {
        #expect(CurlTransfer.kind(of: CURLE_COULDNT_RESOLVE_HOST) == .nameResolution)
        #expect(CurlTransfer.kind(of: CURLE_COULDNT_RESOLVE_PROXY) == .nameResolution)
        #expect(CurlTransfer.kind(of: CURLE_COULDNT_CONNECT) == .connection)
        #expect(CurlTransfer.kind(of: CURLE_OPERATION_TIMEDOUT) == .timedOut)
        #expect(CurlTransfer.kind(of: CURLE_PEER_FAILED_VERIFICATION) == .tls)
        #expect(CurlTransfer.kind(of: CURLE_SSL_CONNECT_ERROR) == .tls)
        #expect(CurlTransfer.kind(of: CURLE_TOO_MANY_REDIRECTS) == .tooManyRedirects)
        #expect(CurlTransfer.kind(of: CURLE_FILESIZE_EXCEEDED) == .bodyTooLarge)
        #expect(CurlTransfer.kind(of: CURLE_PARTIAL_FILE) == .transfer)
    }

    @Test func messagesNameTheURL() {
        let url = "https://api.example.org/forecast/[redacted]/52.5,13.4"
        #expect(
            HTTPError.status(
                url: url, status: 503, reason: "Service Unavailable", bodyExcerpt: "upstream down…", retryAfter: nil
            )
            .description == "GET \(url): HTTP 503 Service Unavailable: \"upstream down…\"")
        #expect(HTTPError.timedOut(url: url, message: "m").description == "GET \(url): timed out: m")
        #expect(HTTPError.cancelled(url: url).description == "GET \(url): cancelled")
    }
}

@Suite("Transfer threads")
struct TransferThreadTests {
    @Test func writeToBrokenPipeFailsInsteadOfKillingTheProcess() async {
        // Without the thread's SIGPIPE mask this write would terminate the whole test process.
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<(Int, Int32), Never>) in
            TransferThread.start {
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else {
                    continuation.resume(returning: (0, errno))
                    return
                }
                close(fds[0])
                var byte: UInt8 = 0
                let written = write(fds[1], &byte, 1)
                let code = errno
                close(fds[1])
                continuation.resume(returning: (written, code))
            }
        }
        #expect(result.0 == -1)
        #expect(result.1 == EPIPE)
    }
}
