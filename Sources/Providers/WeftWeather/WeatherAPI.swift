import Foundation
import WeftCore
import WeftHTTP
import WeftPrimitives

/// One weather API: pure request building and pure response parsing, so both are testable without a network.
protocol WeatherAPI: Sendable {
    /// The `type` value of the provider TOML file.
    static var type: String { get }
    /// The API's name in messages and `__weather_provider`.
    static var displayName: String { get }
    /// The most local days, today included, the API forecasts (the `days` setting's upper bound).
    static var maxDays: Int { get }
    /// The config keys this API adds to the common ones.
    static var extraKeys: [ConfigKey] { get }
    /// Makes the adapter from its configuration (the common keys are already in `settings`).
    static func make(_ config: ProviderConfig, settings: WeatherSettings) throws(ConfigError) -> Self
    /// The place, units and contact this instance asks about (the refresh sets its time zone).
    var settings: WeatherSettings { get set }
    /// The shortest time between refreshes this API should see, whatever its headers say.
    var minimumInterval: TimeInterval { get }
    /// The requests one refresh makes, in order.
    func requests(now: Date) throws(WeatherError) -> [WeatherRequest]
    /// Builds a snapshot from one body per request (`previous` fills in parts the server said were unchanged).
    func snapshot(from bodies: [WeatherBody], previous: WeatherSnapshot?, now: Date) throws(WeatherError)
        -> WeatherSnapshot
    /// What is wrong with a supplementary request's body, so the refresh goes on without it; nil when it reads.
    func supplementaryProblem(_ body: Data, now: Date) -> String?
}

extension WeatherAPI {
    func supplementaryProblem(_ body: Data, now: Date) -> String? { nil }
}

/// An API whose refresh makes one request and reads its body alone.
protocol SingleBodyWeatherAPI: WeatherAPI {
    /// Parses the one response body.
    func parse(_ body: Data, now: Date) throws(WeatherError) -> WeatherSnapshot
}

extension SingleBodyWeatherAPI {
    func snapshot(from bodies: [WeatherBody], previous: WeatherSnapshot?, now: Date) throws(WeatherError)
        -> WeatherSnapshot
    {
        try parse(try (bodies.first ?? .unavailable).requiredData(api: Self.displayName), now: now)
    }
}

/// What the configuration says about the place, whatever the API.
public struct WeatherSettings: Sendable, Equatable {
    /// The place name shown as `__weather_location`.
    public var name: String
    /// Latitude, −90…90.
    var latitude: Double
    /// Longitude, −180…180.
    var longitude: Double
    /// The unit of the plain temperature keys.
    var units: TemperatureUnit
    /// How the operator can be reached; goes into the User-Agent (MET Norway requires it).
    var contact: String?
    /// Replaces the API's scheme and host (and any path prefix), e.g. for a local replay server.
    var baseURL: String?
    /// The zone local days are counted in.
    public var timeZone: TimeZone
    /// The limit for each whole HTTP transfer.
    var timeout: Duration = .seconds(20)
    /// How many local days, today first, the snapshot keeps (the `days` setting).
    var days: Int = 7
    /// The unit of the wind keys (the `wind_units` setting); nil: ``WindUnit/defaultUnit(for:)``.
    var windUnit: WindUnit?
    /// The `timezone` setting: the place's own zone, whose local days the forecast's days are (a place far from the
    /// user's zone); nil: the refresh's zone.
    var placeZone: TimeZone?

    /// Creates settings.
    public init(
        name: String, latitude: Double, longitude: Double, units: TemperatureUnit = .celsius, contact: String? = nil,
        baseURL: String? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.units = units
        self.contact = contact
        self.baseURL = baseURL
        self.timeZone = timeZone
    }

    /// The identifying User-Agent every request sends: `weft/VERSION (+CONTACT)`.
    var userAgent: String {
        HTTPClient.userAgent(version: WeftVersion.current, contact: contact)
    }

    /// `base_url` without a trailing slash, or the API's default origin.
    func origin(default origin: String) -> String {
        guard var base = baseURL, !base.isEmpty else { return origin }
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// A coordinate as a query parameter (``Coordinates/queryText(_:)``).
    static func coordinate(_ value: Double) -> String { Coordinates.queryText(value) }
}

/// One HTTP GET a refresh makes.
public struct WeatherRequest: Sendable, Equatable {
    /// The full URL, secrets included: only ever handed to the HTTP client.
    var url: String
    /// The URL as messages and logs may show it: `scheme://host[:port]/path`, API keys replaced.
    var displayURL: String
    /// Request headers.
    var headers: [String: String]
    /// Whether the refresh goes on without this response when the server refuses it (MET nowcast outside its area).
    var optional: Bool
    /// Whether the refresh goes on without this response whatever goes wrong with it (MET's alerts): the failure is
    /// a warning, and the previous snapshot's part stands.
    var supplementary: Bool
    /// Strings in the URL or headers (API keys) that never appear in a message or log line.
    var secrets: [String]
    /// The limit for the whole transfer.
    var timeout: Duration

    /// Creates a request.
    init(
        url: String, displayURL: String? = nil, headers: [String: String], optional: Bool = false,
        supplementary: Bool = false, secrets: [String] = [], timeout: Duration = .seconds(20)
    ) {
        self.url = url
        self.displayURL = Redactor.displayURL(displayURL ?? url)
        self.headers = headers
        self.optional = optional
        self.supplementary = supplementary
        self.secrets = secrets
        self.timeout = timeout
    }
}

extension WeatherRequest {
    /// The GET as the HTTP source sends it.
    var http: HTTPRequest {
        HTTPRequest(url: url, headers: headers, secrets: secrets, totalTimeout: timeout)
    }
}

extension HTTPResponse {
    /// What a weather API's error body says: its JSON message, or the start of a text body. A page reached through a
    /// redirect is another server's, so it is never quoted.
    var errorMessage: String {
        guard !redirected else { return "after a redirect (the page it led to is not shown)" }
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in ["message", "reason", "detail", "error"] {
                if let text = object[key] as? String, !text.isEmpty { return text }
            }
        }
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if collapsed.hasPrefix("<") {
            // A proxy's or CDN's error page: its words ("502 Bad Gateway nginx") say more than its markup.
            let words = collapsed.replacingOccurrences(
                of: "(?is)<(script|style)\\b.*?</\\1>", with: " ", options: .regularExpression
            ).replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
                .split(separator: " ").joined(separator: " ")
            return words.isEmpty ? "an HTML page" : "an HTML page: " + Self.shortened(words)
        }
        return Self.shortened(collapsed)
    }

    private static func shortened(_ text: String) -> String {
        text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}

/// One request's outcome as the parser sees it.
public enum WeatherBody: Sendable, Equatable {
    /// A new body.
    case fresh(Data)
    /// The server said 304: reuse what the previous snapshot has from this request.
    case notModified
    /// An optional request was refused; its part of the data is missing.
    case unavailable
}

extension WeatherBody {
    /// The body of a single-request API, or an error explaining why there is none.
    func requiredData(api: String) throws(WeatherError) -> Data {
        guard case .fresh(let data) = self else {
            throw .missingField(api: api, path: "(response body)")
        }
        return data
    }
}

/// Percent-encodes a query value.
func queryValue(_ text: String) -> String {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "&=+?#")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
