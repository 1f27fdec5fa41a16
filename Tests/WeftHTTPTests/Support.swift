import Foundation
import Logging
import Testing
import WeftHTTP
import WeftTestSupport

/// A fixed "now" so Retry-After and freshness assertions never depend on the wall clock.
let pinnedNow = Date(timeIntervalSince1970: 1_750_000_000)

let testUserAgent = HTTPClient.userAgent(version: "0.1.0", contact: "you@example.org")

/// A client that never sees the process environment (CI may have proxies set) and uses the pinned clock.
func makeClient(environment: [String: String] = [:], logger: Logger = Logger(label: "weft.http.test")) -> HTTPClient {
    HTTPClient(userAgent: testUserAgent, environment: environment, logger: logger, now: { pinnedNow })
}

/// Short limits so a broken test fails in seconds instead of hanging.
func quickRequest(_ url: String) -> HTTPRequest {
    HTTPRequest(
        url: url, connectTimeout: .seconds(2), totalTimeout: .seconds(8),
        lowSpeedLimit: .init(bytesPerSecond: 100, window: .seconds(3)))
}

/// Runs `body` and returns the HTTPError it threw, or nil if it returned normally.
func httpError(_ body: () async throws -> HTTPResponse) async -> HTTPError? {
    do {
        _ = try await body()
        return nil
    } catch let error as HTTPError {
        return error
    } catch {
        Issue.record("expected an HTTPError, got \(error)")
        return nil
    }
}
