import Logging
import Testing
import WeftHTTP
import WeftTestSupport

@Suite("Secrets never reach error messages or logs")
struct HTTPRedactionTests {
    @Test func secretsInPathQueryAndBodyAreRedacted() async throws {
        let pathKey = "s3cr3t-KEY-9f8e"
        let queryToken = "q+T0KEN/x="  // percent-encoded in the URL
        let server = try TestHTTPServer(routes: [
            "/forecast/\(pathKey)/52.5,13.4": { _ in .text("unknown key \(pathKey)", status: 503) }
        ])
        let url = server.url("/forecast/\(pathKey)/52.5,13.4?apikey=q%2BT0KEN%2Fx%3D")
        let capture = LogCapture()
        var request = quickRequest(url)
        request.secrets = [pathKey, queryToken]
        let error = try #require(await httpError { try await makeClient(logger: capture.logger()).get(request) })

        let expectedURL = server.url("/forecast/[redacted]/52.5,13.4")
        #expect(error.url == expectedURL)
        #expect(error.description == "GET \(expectedURL): HTTP 503 Service Unavailable: \"unknown key [redacted]\"")
        #expect(!capture.logged.isEmpty)
        for entry in capture.logged {
            #expect(!entry.fullText.contains(pathKey))
            #expect(!entry.fullText.contains("T0KEN"))
        }
    }

    @Test func credentialHeadersAreSentButNeverLogged() async throws {
        let server = try TestHTTPServer(routes: ["/private": { _ in .text("denied: Bearer tok-123", status: 401) }])
        let capture = LogCapture()
        var request = quickRequest(server.url("/private"))
        request.headers = ["Authorization": "Bearer tok-123", "Accept": "application/json"]
        request.secretHeaders = ["apikey": "hdr-secret-456"]
        let error = try #require(await httpError { try await makeClient(logger: capture.logger()).get(request) })

        let sent = try #require(server.requests.first)
        #expect(sent.header("Authorization") == "Bearer tok-123")
        #expect(sent.header("apikey") == "hdr-secret-456")
        #expect(!error.description.contains("tok-123"))
        #expect(error.description.contains("denied: [redacted]"))
        let lines = capture.logged.map(\.fullText)
        #expect(lines.contains { $0.contains("Accept: application/json") })
        #expect(lines.contains { $0.contains("Authorization: [redacted]") })
        #expect(lines.contains { $0.contains("apikey: [redacted]") })
        for line in lines {
            #expect(!line.contains("tok-123"))
            #expect(!line.contains("hdr-secret-456"))
        }
    }
}
