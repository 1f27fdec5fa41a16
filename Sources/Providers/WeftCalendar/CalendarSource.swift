import Foundation
import WeftCore
import WeftHTTP
import WeftHTTPSource

/// One calendar an instance reads: a file, a directory of `.ics` files (a vdir), or an http(s)/webcal URL.
public struct CalendarSource: Sendable, Equatable, Codable {
    /// Where the calendar comes from.
    public enum Location: Sendable, Equatable, Codable {
        /// A `.ics` file or a vdir directory.
        case path(String)
        /// An http(s) URL (`webcal://` is read as `https://`).
        case url(String)
    }

    /// A user name and password sent to a URL as HTTP Basic authentication (`username` with `password_file` or
    /// `password_env` in the provider file).
    ///
    /// It is never encoded (a snapshot stores sources without it), printed or logged: its description hides the
    /// password, and the password and the header made of it are redacted from every message of the request.
    struct Login: Sendable, Equatable, CustomStringConvertible {
        /// The user name.
        var username: String
        /// The password, as read from its file or environment variable.
        var password: String

        /// Creates a login.
        init(username: String, password: String) {
            self.username = username
            self.password = password
        }

        /// The `Authorization` header value.
        var header: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }

        /// Everything to redact wherever a server or a library might echo the login.
        var secrets: [String] {
            let encoded = Data("\(username):\(password)".utf8).base64EncodedString()
            return [password, encoded, encoded.trimmingCharacters(in: CharacterSet(charactersIn: "="))]
        }

        /// Names the user, never the password.
        var description: String { "login \(username) (password hidden)" }
    }

    /// The display name (`__calendar_next_calendar`).
    public var name: String
    /// Where it is read from.
    public var location: Location
    /// The login for a URL that needs one; never encoded.
    var login: Login?
    /// `allow_insecure = true`: credentials may go over plain http to another machine on the local network.
    var allowInsecure = false

    private enum CodingKeys: String, CodingKey {
        case name, location
    }

    /// Creates a source.
    public init(name: String, location: Location) {
        self.init(name: name, location: location, login: nil)
    }

    /// Creates a source that logs in.
    init(name: String, location: Location, login: Login?, allowInsecure: Bool = false) {
        self.name = name
        self.location = location
        self.login = login
        self.allowInsecure = allowInsecure
    }

    /// A source from a command-line argument: a URL, or a path named after its file.
    public init(argument: String) {
        if let url = Self.httpURL(argument) {
            self.init(name: URL(string: url)?.host ?? Redactor.displayURL(url), location: .url(url))
        } else {
            let base = ((argument as NSString).lastPathComponent as NSString).deletingPathExtension
            self.init(name: base.isEmpty ? argument : base, location: .path(argument))
        }
    }

    /// The path or URL, as messages show it (a URL as `scheme://host[:port]/path`, without credentials).
    public var origin: String {
        switch location {
        case .path(let path): path
        case .url(let url): Redactor.displayURL(url)
        }
    }

    /// This source as a snapshot keeps it: a URL's credentials redacted (WeftHTTP's `HTTPRequest.cacheKey`) and
    /// no login, so the cache never holds a password or token; a path as it is.
    var stored: CalendarSource {
        switch location {
        case .path: CalendarSource(name: name, location: location)
        case .url(let url): CalendarSource(name: name, location: .url(HTTPRequest(url: url).cacheKey))
        }
    }

    /// The key of this source's stored HTTP validator; nil for files.
    var validatorKey: String? {
        if case .url(let url) = location { return HTTPRequest(url: url).cacheKey }
        return nil
    }

    /// `url` as an http(s) URL, reading `webcal://` as `https://`; nil for anything else.
    public static func httpURL(_ text: String) -> String? {
        let lower = text.lowercased()
        if lower.hasPrefix("webcal://") { return "https://" + text.dropFirst("webcal://".count) }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return text }
        return nil
    }

    /// Reads the calendar: files from disk, URLs through `http` with a conditional GET when `validator` is given.
    ///
    /// `receivedAt` anchors a Retry-After in an HTTP error (a refresh passes its own now, so the wait is
    /// measured on the clock the refresh is scheduled by); nil is the wall clock.
    /// Returns nil when the server answered 304 Not Modified.
    public func load(
        options: CalendarOptions, validator: HTTPValidator? = nil, contact: String? = nil,
        timeout: Duration = .seconds(20), receivedAt: Date? = nil, http: HTTPSource = HTTPSource()
    ) async throws -> (calendar: ICalendar, validator: HTTPValidator?)? {
        switch location {
        case .path(let path):
            return (try ICalendar.load(path: path, calendarName: name, options: options), nil)
        case .url(let url):
            // The login goes as a secret header: never logged, dropped on a redirect to another origin (an https
            // page sending the client to http:// included), and redacted with the password from every message.
            var request = HTTPRequest(
                url: url,
                headers: [
                    "Accept": "text/calendar",
                    "User-Agent": HTTPClient.userAgent(version: WeftVersion.current, contact: contact),
                ],
                secretHeaders: login.map { ["Authorization": $0.header] } ?? [:], secrets: login?.secrets ?? [],
                totalTimeout: timeout)
            request.allowsInsecureCredentials = allowInsecure
            let exchange = try await http.get(request, validator: validator, now: receivedAt ?? Date())
            if let failure = exchange.failure { throw failure }
            if exchange.isNotModified { return nil }
            let text = String(decoding: exchange.response.body, as: UTF8.self)
            let calendar = try ICalendar.parse(
                text, file: Redactor.displayURL(url), calendarName: name, options: options)
            return (calendar, exchange.validator)
        }
    }
}
