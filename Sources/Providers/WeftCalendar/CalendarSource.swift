import Foundation
import WeftCore
import WeftHTTP

/// One calendar an instance reads: a file, a directory of `.ics` files (a vdir), or an http(s)/webcal URL.
public struct CalendarSource: Sendable, Equatable, Codable {
    /// Where the calendar comes from.
    public enum Location: Sendable, Equatable, Codable {
        /// A `.ics` file or a vdir directory.
        case path(String)
        /// An http(s) URL (`webcal://` is read as `https://`).
        case url(String)
    }

    /// The display name (`__calendar_next_calendar`).
    public var name: String
    /// Where it is read from.
    public var location: Location

    /// Creates a source.
    public init(name: String, location: Location) {
        self.name = name
        self.location = location
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

    /// This source as a snapshot keeps it: a URL's credentials redacted (WeftHTTP's `HTTPRequest.cacheKey`),
    /// so the cache never holds a password or token; a path as it is.
    var stored: CalendarSource {
        switch location {
        case .path: self
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

    /// Reads the calendar: files from disk, URLs with a conditional GET when `validator` is given.
    ///
    /// `receivedAt` anchors a Retry-After in an HTTP error (a refresh passes its own now, so the wait is
    /// measured on the clock the refresh is scheduled by); nil is the wall clock.
    /// Returns nil when the server answered 304 Not Modified.
    public func load(
        options: CalendarOptions, validator: HTTPValidator? = nil, contact: String? = nil,
        timeout: Duration = .seconds(20), receivedAt: Date? = nil
    ) async throws -> (calendar: ICalendar, validator: HTTPValidator?)? {
        switch location {
        case .path(let path):
            return (try ICalendar.load(path: path, calendarName: name, options: options), nil)
        case .url(let url):
            let client = HTTPClient(
                userAgent: HTTPClient.userAgent(version: WeftVersion.current, contact: contact),
                now: { receivedAt ?? Date() })
            let request = HTTPRequest(
                url: url, headers: ["Accept": "text/calendar"], etag: validator?.etag,
                lastModified: validator?.lastModified, totalTimeout: timeout)
            let response = try await client.get(request)
            if response.isNotModified { return nil }
            let text = String(decoding: response.body, as: UTF8.self)
            let calendar = try ICalendar.parse(
                text, file: Redactor.displayURL(url), calendarName: name, options: options)
            let stored =
                response.etag != nil || response.lastModified != nil
                ? HTTPValidator(url: request.cacheKey, etag: response.etag, lastModified: response.lastModified)
                : nil
            return (calendar, stored)
        }
    }
}
