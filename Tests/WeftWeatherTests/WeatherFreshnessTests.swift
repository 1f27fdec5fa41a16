import Foundation
import Testing
import WeftCore
import WeftHTTP

@testable import WeftWeather

/// Expiry and Retry-After come from WeftHTTP's reading of the headers, anchored at the refresh's now.
extension WeatherRefreshTests {
    @Test func expiresIsMeasuredAgainstTheServersOwnDate() async throws {
        let body = try Fixture.data("openmeteo-minutely15-unixtime-czechia-dry.json")
        // The server's clock runs two hours ahead of ours (20:07): its Expires is 30 minutes after its Date.
        let server = FakeServer([
            (
                "/v1/forecast",
                reply(
                    status: 200,
                    headers: ["Date": "Thu, 13 Aug 2026 22:07:00 GMT", "Expires": "Thu, 13 Aug 2026 22:37:00 GMT"],
                    body: body)
            )
        ])
        let snapshot = try updated(try await openMeteo(server).refresh(context()))
        let validFor = snapshot.validUntil.timeIntervalSince(now)
        #expect(validFor >= 1800 && validFor <= 1830, "30 minutes from our now, not 2 h 30: \(validFor)")
    }

    @Test func aHugeMaxAgeIsCappedAtADay() async throws {
        let body = try Fixture.data("openmeteo-minutely15-unixtime-czechia-dry.json")
        let server = FakeServer([
            ("/v1/forecast", reply(status: 200, headers: ["Cache-Control": "max-age=999999999"], body: body))
        ])
        let snapshot = try updated(try await openMeteo(server).refresh(context()))
        let validFor = snapshot.validUntil.timeIntervalSince(now)
        #expect(validFor >= 86_400 && validFor <= 86_430, "\(validFor)")
    }

    @Test(
        arguments: [
            ("60", 60.0), ("1e300", nil), ("inf", nil), ("99999999999999999999", 86_400),
        ] as [(String, TimeInterval?)])
    func rateLimitResetIsReadAsARangeCheckedRetryAfter(reset: String, wait: TimeInterval?) async throws {
        let server = FakeServer([
            ("/forecast/", reply(status: 429, headers: ["Ratelimit-Reset": reset], body: Data("slow".utf8)))
        ])
        do {
            _ = try await pirate(server).refresh(context())
            Issue.record("a 429 was accepted")
        } catch let error as WeatherError {
            #expect(error.httpStatus == 429)
            #expect(error.retryAfter == wait.map { now.addingTimeInterval($0) })
        }
    }
}
