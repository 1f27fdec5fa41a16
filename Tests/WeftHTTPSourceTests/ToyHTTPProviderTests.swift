import Foundation
import Logging
import Testing
import WeftCore
import WeftHTTP
import WeftHTTPSource
import WeftPrimitives
import WeftTestSupport

/// A toy HTTP provider, a JSON endpoint with one key: the parser and the key table here, the registry line in the
/// tests, and nothing else. Validators, 304, freshness, Retry-After and the settings are ``HTTPFeedKind``'s.
///
/// ## Keys
///
/// | key | meaning | example |
/// |---|---|---|
/// | `temperature` | the endpoint's temperature | `21.5` |
enum ToyFeed: HTTPFeed {
    static let type = "toy"

    struct Payload: Codable, Sendable {
        var temperature: Double
    }

    static func parse(_ body: Data) throws -> Payload { try JSONDecoder().decode(Payload.self, from: body) }

    static func variables(of payload: Payload, context: VariableContext) -> [String: String] {
        ["temperature": NumberText.plain(payload.temperature)]
    }
}

@Suite struct ToyHTTPProviderTests {
    let now = instant("2026-08-13T20:07:00Z")

    /// The registry line.
    let registry = ProviderRegistry([HTTPFeedKind<ToyFeed>.self])

    func provider(_ server: TestHTTPServer) throws -> any Provider {
        try registry.make(
            ProviderConfig(text: "type = \"toy\"\nurl = \"\(server.url("/now.json"))\"\n", file: "/p/toy.toml"))
    }

    func context(at now: Date, previous: Snapshot? = nil, validators: [HTTPValidator] = []) -> RefreshContext {
        RefreshContext(
            now: now, previous: previous, validators: Dictionary(uniqueKeysWithValues: validators.map { ($0.url, $0) }),
            timeZone: zone("UTC"), logger: Logger(label: "test"))
    }

    @Test func aParserAKeyTableAndTheRegistryLineMakeAnHTTPProvider() async throws {
        let server = try TestHTTPServer(routes: [
            "/now.json": { request in
                request.header("If-None-Match") == "\"v1\""
                    ? TestResponse(status: 304, headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=600")])
                    : .text(
                        #"{"temperature": 21.5}"#,
                        headers: [("Content-Type", "application/json"), ("ETag", "\"v1\""), ("Cache-Control", "max-age=600")])
            }
        ])
        defer { server.stop() }
        let provider = try provider(server)

        let first = try await provider.refresh(context(at: now))
        guard case .updated(let snapshot) = first.change else {
            Issue.record("expected a snapshot, got \(first.change)")
            return
        }
        // max-age 600 plus up to 30 s of jitter.
        let validFor = snapshot.validUntil.timeIntervalSince(now)
        #expect(validFor >= 600 && validFor <= 630, "\(validFor)")
        #expect(first.validators.map(\.etag) == ["\"v1\""])
        #expect(server.requests(path: "/now.json").first?.header("If-None-Match") == nil)
        #expect(server.requests(path: "/now.json").first?.header("User-Agent") == "weft/\(WeftVersion.current)")

        let kind = try #require(registry.kind(snapshot.kind))
        let variables = try kind.variables(
            of: snapshot, context: VariableContext(now: now, timeZone: zone("UTC"), locale: Locale(identifier: "en")))
        #expect(variables == ["__toy_temperature": "21.5"])
        let table = KeyTable(parsing: try String(contentsOfFile: #filePath, encoding: .utf8), file: #filePath)
        #expect(table.mismatches(derived: variables.keys, prefix: "__toy_") == [])

        // The next refresh asks "changed?" with the stored validator; 304 keeps the data and extends it.
        let later = now.addingTimeInterval(700)
        let second = try await provider.refresh(context(at: later, previous: snapshot, validators: first.validators))
        guard case .notModified(let validUntil) = second.change else {
            Issue.record("expected not modified, got \(second.change)")
            return
        }
        #expect(validUntil.timeIntervalSince(later) >= 600 && validUntil.timeIntervalSince(later) <= 630)
        #expect(second.validators == first.validators)
        #expect(server.requests(path: "/now.json").last?.header("If-None-Match") == "\"v1\"")
    }

    @Test func aRefusedRequestCarriesItsStatusAndRetryAfter() async throws {
        let server = try TestHTTPServer(routes: [
            "/now.json": { _ in .text("busy", status: 503, headers: [("Retry-After", "120")]) }
        ])
        defer { server.stop() }
        do {
            _ = try await provider(server).refresh(context(at: now))
            Issue.record("a 503 was accepted")
        } catch let failure as any RefreshFailure {
            #expect(failure.httpStatus == 503)
            #expect(failure.retryAfter == now.addingTimeInterval(120))
            #expect("\(failure)".hasPrefix("GET \(server.url("/now.json")): HTTP 503"), "\(failure)")
        }
    }

    @Test func aBodyTheParserCannotReadIsReportedWithTheURL() async throws {
        let server = try TestHTTPServer(routes: ["/now.json": { _ in .text("<html>maintenance</html>") }])
        defer { server.stop() }
        await #expect(throws: HTTPFeedError.self) {
            try await provider(server).refresh(context(at: now))
        }
    }
}
