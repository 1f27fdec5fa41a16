import Foundation
import Testing
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftRender
import WeftStore
import WeftTestSupport

@testable import WeftRefresh

/// The weather provider end to end: real libcurl against a loopback server, the refresh engine and the cache.
/// Every failure must name the URL, keep the last good snapshot and show in `__weather_error`.
@Suite struct WeatherRefreshFaultTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/weather/openmeteo-minutely15-derived-45min-rain.json")
    /// Inside the recording's first wet 15-minute step.
    let now = ISOInstant.parse("2026-08-13T19:15:00Z")!

    /// A server whose /v1/forecast answer the test swaps between refreshes.
    final class Scripted: Sendable {
        let server: TestHTTPServer
        let answer = Locked<TestResponse>(TestResponse())

        init() throws {
            server = try TestHTTPServer()
            let answer = self.answer
            server.route("/v1/forecast") { _ in answer.withLock { $0 } }
        }

        func serve(_ response: TestResponse) { answer.withLock { $0 = response } }
        var hits: Int { server.requests(path: "/v1/forecast").count }
    }

    func good() throws -> TestResponse {
        TestResponse(
            headers: [("Content-Type", "application/json"), ("ETag", "\"v1\"")],
            body: Array(try Data(contentsOf: Self.fixture)))
    }

    func setUp(_ space: borrowing Workspace, timeout: String = "20s") throws -> Scripted {
        let scripted = try Scripted()
        try space.provider(
            "weather",
            """
            type = "open-meteo"
            name = "Brno"
            latitude = 49.19
            longitude = 16.61
            base_url = "\(scripted.server.baseURL)"
            timeout = "\(timeout)"
            """)
        return scripted
    }

    func variables(_ space: borrowing Workspace, at date: Date) throws -> VariableResolver {
        VariableResolver(
            store: try space.store(), registry: BuiltinProviders.registry,
            context: VariableContext(
                now: date, timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US")))
    }

    /// Refreshes once with `response` after a good snapshot, and returns the failure text.
    func failure(_ response: TestResponse, timeout: String = "20s") async throws -> (String, String?) {
        let space = try Workspace()
        let scripted = try setUp(space, timeout: timeout)
        scripted.serve(try good())
        let first = try await space.refresher.run([], force: true, now: now)
        guard case .refreshed = first.entries.first?.result else {
            Issue.record("the recorded response did not refresh: \(first.entries)")
            return ("", nil)
        }
        let before = try space.store().snapshot("weather")

        scripted.serve(response)
        let report = try await space.refresher.run([], force: true, now: now + 60)
        #expect(report.exitCode == 1)
        guard case .failed(let message) = report.entries.first?.result else {
            Issue.record("expected a failure, got \(report.entries)")
            return ("", nil)
        }
        let after = try space.store().snapshot("weather")
        #expect(after?.payload == before?.payload, "the last good snapshot survives")
        #expect(after?.fetchedAt == before?.fetchedAt)
        let resolver = try variables(space, at: now + 120)
        #expect(resolver.value("__weather_error") == message, "the failure shows in __weather_error")
        #expect(resolver.value("__weather_location") == "Brno", "the old data is still served")
        return (message, try space.store().lastAttempt("weather")?.httpStatus.map(String.init))
    }

    @Test func recordedResponseRefreshesAndRendersTheNowcast() async throws {
        let space = try Workspace()
        let scripted = try setUp(space)
        scripted.serve(try good())
        let report = try await space.refresher.run([], force: false, now: now)
        guard case .refreshed(let due, _) = report.entries.first?.result else {
            Issue.record("\(report.entries)")
            return
        }
        // Open-Meteo is asked at most every 10 minutes, plus up to 30 s of jitter.
        #expect(due >= now + 600 && due <= now + 630)
        let request = try #require(scripted.server.requests(path: "/v1/forecast").first)
        #expect(request.header("User-Agent")?.hasPrefix("weft/") == true)
        #expect(request.target.contains("timeformat=unixtime"))
        let resolver = try variables(space, at: now)
        #expect(resolver.value("__weather_error") == nil)
        #expect(resolver.value("__weather_stale") == "0")
        #expect(resolver.value("__weather_location") == "Brno")
        #expect(resolver.value("__weather_nowcast") == "Rain now", "the recording's rain shows")

        // Not due yet: no request.
        _ = try await space.refresher.run([], force: false, now: now + 300)
        #expect(scripted.hits == 1)
        // Hours later without a refresh the data is stale, and says so.
        #expect(try variables(space, at: now + 7200).value("__weather_stale") == "1")
    }

    @Test func notModifiedKeepsTheSnapshotAndExtendsIt() async throws {
        let space = try Workspace()
        let scripted = try setUp(space)
        scripted.serve(try good())
        _ = try await space.refresher.run([], force: true, now: now)
        let before = try #require(try space.store().snapshot("weather"))
        scripted.serve(TestResponse(status: 304, headers: [("ETag", "\"v1\"")]))
        let report = try await space.refresher.run([], force: true, now: now + 900)
        guard case .notModified(let due, _) = report.entries.first?.result else {
            Issue.record("\(report.entries)")
            return
        }
        #expect(due > before.validUntil)
        #expect(scripted.server.requests(path: "/v1/forecast").last?.header("If-None-Match") == "\"v1\"")
        let after = try #require(try space.store().snapshot("weather"))
        #expect(after.payload == before.payload)
    }

    @Test func serverErrorsNameTheURLAndStatus() async throws {
        for status in [500, 503, 403] {
            let body = status == 403 ? #"{"reason": "API key not subscribed"}"# : "upstream down"
            let (message, recorded) = try await failure(.text(body, status: status))
            #expect(message.contains("HTTP \(status)"), "\(message)")
            #expect(message.contains("/v1/forecast"), "the URL is named: \(message)")
            #expect(recorded == String(status))
            if status == 403 { #expect(message.contains("API key not subscribed")) }
        }
    }

    @Test func retryAfterHoldsBackEvenForcedRefreshes() async throws {
        let space = try Workspace()
        let scripted = try setUp(space)
        scripted.serve(try good())
        _ = try await space.refresher.run([], force: true, now: now)
        scripted.serve(.text("slow down", status: 429, headers: [("Retry-After", "120")]))
        let limited = try await space.refresher.run([], force: true, now: now + 10)
        guard case .failed(let message) = limited.entries.first?.result else {
            Issue.record("\(limited.entries)")
            return
        }
        #expect(message.contains("HTTP 429"))
        scripted.serve(try good())
        let held = try await space.refresher.run([], force: true, now: now + 60)
        #expect(held.entries.first?.result == .waitingForRetryAfter(until: now + 130))
        #expect(scripted.hits == 2, "no request before Retry-After")
        let later = try await space.refresher.run([], force: true, now: now + 131)
        guard case .refreshed = later.entries.first?.result else {
            Issue.record("\(later.entries)")
            return
        }
        #expect(scripted.hits == 3)
    }

    @Test func bodiesThatAreNotTheForecastAreRejected() async throws {
        let html = try await failure(.text("<!DOCTYPE html><html><body>Captive portal</body></html>"))
        #expect(html.0.contains("HTML"), "\(html.0)")
        let text = try await failure(.text("Service temporarily overloaded"))
        #expect(text.0.contains("plain text"), "\(text.0)")
        let cut = Array(try Data(contentsOf: Self.fixture).prefix(300))
        let truncated = try await failure(TestResponse(body: cut))
        #expect(truncated.0.lowercased().contains("truncated"), "\(truncated.0)")
        let shape = try await failure(.text(#"{"latitude": 49.2, "longitude": 16.6, "hourly": "soon"}"#))
        #expect(shape.0.contains("Open-Meteo"), "\(shape.0)")
    }

    @Test func transferFailuresKeepTheSnapshot() async throws {
        let full = Array(try Data(contentsOf: Self.fixture))
        let cutOff = try await failure(TestResponse(body: full, delivery: .truncate(afterBytes: 200)))
        #expect(cutOff.0.contains("/v1/forecast"), "\(cutOff.0)")
        let huge = try await failure(.bytes(count: 6_000_000))
        #expect(huge.0.contains("larger than the limit"), "\(huge.0)")
        let stalled = try await failure(TestResponse(body: full, delivery: .stall(afterBytes: 100)), timeout: "2s")
        #expect(stalled.0.contains("timed out"), "\(stalled.0)")
    }

    @Test func refusedConnectionIsReported() async throws {
        let space = try Workspace()
        let closed = try ClosedPort()
        try space.provider(
            "weather", "type = \"open-meteo\"\nlatitude = 49.19\nlongitude = 16.61\nbase_url = \"\(closed.baseURL)\"\n")
        let report = try await space.refresher.run([], force: true, now: now)
        guard case .failed(let message) = report.entries.first?.result else {
            Issue.record("\(report.entries)")
            return
        }
        #expect(message.contains("127.0.0.1:\(closed.port)"))
        #expect(message.contains("connection failed"), "\(message)")
        #expect(try variables(space, at: now).value("__weather_error") == message)
    }
}
