import Foundation
import Logging
import Testing
import WeftCore
import WeftHTTP
import WeftHTTPSource

@testable import WeftWeather

/// Serves canned responses by URL path and remembers what was asked.
actor FakeServer {
    private(set) var requests: [HTTPRequest] = []
    private let routes: [(String, HTTPResponse)]

    init(_ routes: [(String, HTTPResponse)]) { self.routes = routes }

    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        requests.append(request)
        guard let route = routes.first(where: { request.url.contains($0.0) }) else {
            throw URLError(.cannotConnectToHost)
        }
        return route.1
    }

    nonisolated var fetch: HTTPFetch { { request in try await self.answer(request) } }
}

@Suite struct WeatherRefreshTests {
    let now = Pinned.date("2026-08-13T20:07:00Z")

    func context(previous: Snapshot? = nil, validators: [String: HTTPValidator] = [:]) -> RefreshContext {
        RefreshContext(
            now: now, previous: previous, validators: validators, timeZone: Pinned.zone("Europe/Prague"),
            logger: Logger(label: "test"))
    }

    func openMeteo(_ server: FakeServer) -> WeatherProvider<OpenMeteoAPI> {
        WeatherProvider(
            instance: "weather", prefix: "__weather_", api: OpenMeteoAPI(settings: .test("Kolín", 50, 14.76)),
            fetch: server.fetch)
    }

    /// Pirate Weather in New York with the key `SECRETKEY123`, which no message may show.
    func pirate(_ server: FakeServer) -> WeatherProvider<PirateWeatherAPI> {
        WeatherProvider(
            instance: "rain", prefix: "__weather_",
            api: PirateWeatherAPI(settings: .test("New York", 40.7128, -74.0059), apiKey: "SECRETKEY123"),
            fetch: server.fetch)
    }

    func updated(_ outcome: RefreshOutcome) throws -> Snapshot {
        guard case .updated(let snapshot) = outcome.change else {
            Issue.record("expected new data, got \(outcome.change)")
            throw WeatherError.signing("no snapshot")
        }
        return snapshot
    }

    @Test func freshResponseBecomesASnapshotValidForMaxAge() async throws {
        let body = try Fixture.data("openmeteo-minutely15-unixtime-czechia-dry.json")
        let server = FakeServer([
            (
                "/v1/forecast",
                reply(
                    status: 200, headers: ["cache-control": "public, max-age=1800", "ETag": "\"abc\""], body: body)
            )
        ])
        let outcome = try await openMeteo(server).refresh(context())
        let snapshot = try updated(outcome)
        #expect(snapshot.kind == "open-meteo")
        #expect(snapshot.schemaVersion == 1)
        #expect(snapshot.fetchedAt == now)
        // max-age 1800 plus up to 30 s of jitter.
        let validFor = snapshot.validUntil.timeIntervalSince(now)
        #expect(validFor >= 1800 && validFor <= 1830)
        #expect(outcome.validators.first?.etag == "\"abc\"")
        #expect(outcome.validators.first?.url.hasPrefix("https://api.open-meteo.com/v1/forecast?") == true)

        let vars = try OpenMeteoKind.variables(
            of: snapshot, context: Pinned.context("2026-08-13T20:07:00Z", zone: "Europe/Prague"))
        #expect(vars["__weather_nowcast"] == "No rain next hour")
        #expect(vars["__weather_updated_iso"] == "2026-08-13T20:07:00Z")
        #expect(vars["__weather_location"] == "Kolín")
        #expect(vars["__weather_location_name"] == "Kolín")
        #expect(await server.requests.first?.etag == nil)
    }

    @Test func withoutCacheHeadersTheProviderMinimumApplies() async throws {
        let body = try Fixture.data("openmeteo-minutely15-unixtime-czechia-dry.json")
        let server = FakeServer([
            ("/v1/forecast", reply(status: 200, headers: ["Cache-Control": "max-age=60"], body: body))
        ])
        let snapshot = try updated(try await openMeteo(server).refresh(context()))
        let validFor = snapshot.validUntil.timeIntervalSince(now)
        // Open-Meteo is not asked more often than every 10 minutes, whatever max-age says.
        #expect(validFor >= 600 && validFor <= 630)
    }

    @Test func notModifiedKeepsTheDataAndExtendsIt() async throws {
        let previousData = try Snapshot.encode(
            try OpenMeteoAPI(settings: .test("Kolín", 50, 14.76)).parse(
                Fixture.data("openmeteo-minutely15-unixtime-czechia-dry.json"), now: now))
        let previous = Snapshot(
            instance: "weather", kind: "open-meteo", prefix: "__weather_", schemaVersion: 1,
            fetchedAt: now.addingTimeInterval(-900), validUntil: now, payload: previousData)
        // The request names the refresh's zone (Europe/Prague), whose days it asks for.
        let url = try OpenMeteoAPI(settings: .test("Kolín", 50, 14.76, zone: "Europe/Prague")).requests(now: now)[0]
            .url
        let validator = HTTPValidator(url: url, etag: "\"abc\"", lastModified: "Thu, 13 Aug 2026 19:50:00 GMT")
        let server = FakeServer([
            ("/v1/forecast", reply(status: 304, headers: ["Expires": "Thu, 13 Aug 2026 21:00:00 GMT"]))
        ])
        let outcome = try await openMeteo(server).refresh(context(previous: previous, validators: [url: validator]))
        guard case .notModified(let validUntil) = outcome.change else {
            Issue.record("expected not modified")
            return
        }
        let extended = validUntil.timeIntervalSince(Pinned.date("2026-08-13T21:00:00Z"))
        #expect(extended >= 0 && extended <= 30)
        #expect(outcome.validators == [validator])
        let sent = await server.requests.first
        #expect(sent?.etag == "\"abc\"")
        #expect(sent?.lastModified == "Thu, 13 Aug 2026 19:50:00 GMT")
    }

    @Test func notModifiedWithoutAnEarlierSnapshotIsAnError() async throws {
        let server = FakeServer([("/v1/forecast", reply(status: 304))])
        await #expect(throws: WeatherError.self) {
            try await openMeteo(server).refresh(context())
        }
    }

    @Test func rateLimitKeepsTheStatusAndRetryAfterAndHidesTheKey() async throws {
        let server = FakeServer([
            (
                "/forecast/",
                reply(
                    status: 429, headers: ["Retry-After": "3600"],
                    body: Data("Kong Error\nAPI rate limit exceeded.".utf8))
            )
        ])
        do {
            _ = try await pirate(server).refresh(context())
            Issue.record("a 429 was accepted")
        } catch let error as WeatherError {
            #expect(error.httpStatus == 429)
            #expect(error.retryAfter == now.addingTimeInterval(3600))
            #expect(!error.description.contains("SECRETKEY123"))
            #expect(
                error.description
                    == "https://api.pirateweather.net/forecast/<api_key>/40.7128,-74.0059: HTTP 429: Kong Error API rate limit exceeded."
            )
            let failure: any RefreshFailure = error
            #expect(failure.httpStatus == 429)
        }
    }

    @Test func aKeyEchoedInTheErrorBodyIsRedacted() async throws {
        // Servers often repeat the request path in their error text, and with it a key in the path.
        let server = FakeServer([
            (
                "/forecast/",
                reply(
                    status: 401,
                    body: Data(#"{"message":"Invalid key SECRETKEY123 for /forecast/SECRETKEY123/40.7,-74.0"}"#.utf8))
            )
        ])
        do {
            _ = try await pirate(server).refresh(context())
            Issue.record("a 401 was accepted")
        } catch let error as WeatherError {
            #expect(error.httpStatus == 401)
            #expect(!error.description.contains("SECRETKEY123"), "\(error)")
            #expect(error.description.hasSuffix("HTTP 401: Invalid key [redacted] for /forecast/[redacted]/40.7,-74.0"))
        }
    }

    @Test func anHTMLErrorPageGivesItsWords() async throws {
        let page = """
            <html><head><title>502 Bad Gateway</title><style>body { width: 35em; }</style></head>
            <body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>
            """
        let server = FakeServer([("/v1/forecast", reply(status: 502, body: Data(page.utf8)))])
        do {
            _ = try await openMeteo(server).refresh(context())
            Issue.record("a 502 was accepted")
        } catch let error as WeatherError {
            #expect(error.httpStatus == 502)
            #expect(
                error.description.hasSuffix(": HTTP 502: an HTML page: 502 Bad Gateway 502 Bad Gateway nginx"),
                "\(error)")
        }
    }

    @Test func aJSONErrorBodyGivesItsMessage() async throws {
        let server = FakeServer([
            (
                "/v1/forecast",
                reply(status: 400, body: Data(#"{"error":true,"reason":"Invalid timezone"}"#.utf8))
            )
        ])
        do {
            _ = try await openMeteo(server).refresh(context())
            Issue.record("a 400 was accepted")
        } catch let error as WeatherError {
            #expect(error.httpStatus == 400)
            #expect(error.retryAfter == nil)
            #expect(error.description.hasSuffix(": HTTP 400: Invalid timezone"))
        }
    }

    @Test func metNowcastOutsideItsAreaIsSkippedAndExpiresIsHonoured() async throws {
        let forecast = try Fixture.data("met-locationforecast-complete-toulon-2024-trimmed.json")
        let server = FakeServer([
            ("/nowcast/", reply(status: 422, body: Data("Outside coverage".utf8))),
            (
                "/locationforecast/",
                reply(
                    status: 200,
                    headers: [
                        "Expires": "Wed, 25 Sep 2024 19:47:12 GMT", "Last-Modified": "Wed, 25 Sep 2024 19:15:14 GMT",
                    ],
                    body: forecast)
            ),
            ("/metalerts/", reply(status: 200, body: try Fixture.data("met-metalerts-current-none-2024.json"))),
        ])
        var settings = WeatherSettings.test("Toulon", 43.1, 5.7)
        settings.contact = "ops@example.org"
        let provider = WeatherProvider(
            instance: "toulon", prefix: "__weather_", api: METNorwayAPI(settings: settings), fetch: server.fetch)
        let outcome = try await provider.refresh(
            RefreshContext(
                now: Pinned.date("2024-09-25T19:16:00Z"), previous: nil, timeZone: Pinned.zone("Europe/Paris"),
                logger: Logger(label: "test")))
        let snapshot = try updated(outcome)
        let validFor = snapshot.validUntil.timeIntervalSince(Pinned.date("2024-09-25T19:47:12Z"))
        #expect(validFor >= 0 && validFor <= 30)
        #expect(outcome.validators.map(\.lastModified) == ["Wed, 25 Sep 2024 19:15:14 GMT"])
        let weather = try snapshot.decode(WeatherSnapshot.self)
        #expect(weather.minutes == nil)
        #expect(weather.current?.temperature == 21.2)
        #expect(weather.alerts == [], "MetAlerts answered: no alerts here")
        let sent = await server.requests
        #expect(sent.count == 3, "nowcast, forecast and alerts")
        #expect(sent.allSatisfy { $0.headers["User-Agent"] == "weft/0.1.0 (+ops@example.org)" })
    }

    @Test func metForecastNotModifiedIsMergedWithTheNewNowcast() async throws {
        var settings = WeatherSettings.test("Trondheim", 63.4308, 10.4034)
        settings.contact = "ops@example.org"
        let api = METNorwayAPI(settings: settings)
        let earlier = try api.parse(
            nowcast: nil, forecast: Fixture.data("met-locationforecast-complete-toulon-2024-trimmed.json"),
            now: Pinned.date("2024-09-25T19:15:14Z"))
        let previous = Snapshot(
            instance: "met", kind: "met-norway", prefix: "__weather_", schemaVersion: 1,
            fetchedAt: Pinned.date("2024-09-25T19:15:14Z"), validUntil: Pinned.date("2024-09-25T19:20:00Z"),
            payload: try Snapshot.encode(earlier))
        let forecastURL = try api.requests(now: now)[1].url
        let server = FakeServer([
            (
                "/nowcast/",
                reply(status: 200, body: try Fixture.data("met-nowcast-complete-trondheim-2023-rain.json"))
            ),
            ("/locationforecast/", reply(status: 304)),
        ])
        let provider = WeatherProvider(instance: "met", prefix: "__weather_", api: api, fetch: server.fetch)
        let refreshNow = Pinned.date("2024-09-25T21:30:00Z")
        let outcome = try await provider.refresh(
            RefreshContext(
                now: refreshNow, previous: previous,
                validators: [forecastURL: HTTPValidator(url: forecastURL, etag: nil, lastModified: "x")],
                timeZone: Pinned.zone("UTC"), logger: Logger(label: "test")))
        let weather = try updated(outcome).decode(WeatherSnapshot.self)
        #expect(weather.minutes?.points.count == 23)
        // The 20:00 hour ended before 21:30; the other two come from the previous snapshot.
        #expect(weather.hourly.map(\.temperature) == [21.4, 21.5])
        #expect(weather.current?.temperature == 17.7)
    }

    @Test func transportFailuresAreReported() async throws {
        let server = FakeServer([])
        do {
            _ = try await openMeteo(server).refresh(context())
            Issue.record("no route was accepted")
        } catch let error as WeatherError {
            guard case .transport(let url, _) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(url == "https://api.open-meteo.com/v1/forecast", "no query string in messages")
        }

    }
}

/// A fetch source answering from a recording.
enum RecordedOpenMeteo: HTTPFetchSource {
    static var fetch: HTTPFetch {
        { request in
            guard request.url.hasPrefix("http://127.0.0.1:9/v1/forecast?") else { throw URLError(.badURL) }
            return reply(
                status: 200, headers: ["Cache-Control": "max-age=900"],
                body: try Fixture.data("openmeteo-minutely15-derived-45min-rain.json"))
        }
    }
}

@Suite struct WeatherRegistryTests {
    @Test func kindsRegisteredWithAFetchSourceRefreshAndDerive() async throws {
        let registry = ProviderRegistry(WeatherKinds.all(RecordedOpenMeteo.self))
        #expect(registry.types == ["met-norway", "open-meteo", "pirate-weather", "weatherkit"])
        let config = try ProviderConfig(
            text:
                "type = \"open-meteo\"\nname = \"Kolín\"\nlatitude = 50\nlongitude = 14.76\nbase_url = \"http://127.0.0.1:9\"\n",
            file: "/p/kolin.toml")
        let provider = try registry.make(config)
        let now = Pinned.date("2026-08-13T19:15:20Z")
        let outcome = try await provider.refresh(
            RefreshContext(now: now, previous: nil, timeZone: Pinned.zone("Europe/Prague"), logger: Logger(label: "t")))
        guard case .updated(let snapshot) = outcome.change else {
            Issue.record("expected a snapshot")
            return
        }
        let kind = try #require(registry.kind(snapshot.kind))
        let vars = try kind.variables(
            of: snapshot, context: Pinned.context("2026-08-13T19:20:00Z", zone: "Europe/Prague"))
        #expect(vars["__weather_rain_next_hour_summary"] == "Rain now · Moderate rain")
        #expect(vars["__weather_location"] == "Kolín")
    }
}
