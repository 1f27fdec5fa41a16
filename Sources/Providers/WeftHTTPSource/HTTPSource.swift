import Foundation
import WeftCore
import WeftHTTP
import WeftPrimitives

/// Performs one GET and returns whatever status the server answered; only transfer failures throw.
public typealias HTTPFetch = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// Where a provider kind's instances get their HTTP from: libcurl in weft, a scripted fetch in tests.
public protocol HTTPFetchSource {
    /// The fetch every provider of the kind uses.
    static var fetch: HTTPFetch { get }
}

/// WeftHTTP's libcurl client as the fetch.
///
/// A request's `User-Agent` header becomes the client's own User-Agent (`weft/VERSION` when there is none), so it is
/// sent once and stays out of the logged extra headers.
public enum CurlFetch: HTTPFetchSource {
    /// Sends each request through a new `HTTPClient`.
    public static var fetch: HTTPFetch {
        { request in
            var request = request
            let userAgent = request.headers.removeValue(forKey: "User-Agent") ?? "weft/\(WeftVersion.current)"
            return try await HTTPClient(userAgent: userAgent).send(request)
        }
    }
}

/// The one conditional-fetch owner of the HTTP providers: a GET with the stored validators, the 304, the
/// validator to keep, freshness and Retry-After read at the refresh's clock, the error of a refused request with the
/// request's secrets redacted, and when to ask next. A provider adds its requests and its parser.
public struct HTTPSource: Sendable {
    /// How requests are sent.
    public var fetch: HTTPFetch

    /// Creates a source sending through `fetch` (libcurl unless a test scripts it).
    public init(fetch: @escaping HTTPFetch = CurlFetch.fetch) {
        self.fetch = fetch
    }

    /// GETs `request`, conditionally when `validator` is given.
    ///
    /// `now` stands for the receipt time: freshness and Retry-After are anchored on the clock the refresh is
    /// scheduled by (a pinned `--now` in tests and `weft refresh --now`). What the fetch throws is passed on.
    public func get(_ request: HTTPRequest, validator: HTTPValidator?, now: Date) async throws -> HTTPExchange {
        var request = request
        request.etag = validator?.etag
        request.lastModified = validator?.lastModified
        let answer = try await fetch(request)
        var headers: [String: String] = [:]
        for (name, value) in answer.headers { headers[name.lowercased()] = value }
        let response = HTTPResponse(
            status: answer.status, headers: headers, body: answer.body, url: answer.url, receivedAt: now,
            reason: answer.reason, redirected: answer.redirected)
        return HTTPExchange(request: request, response: response, sent: validator)
    }

    /// When to ask next: the earliest of `expiries` (the responses' freshness, an API's own expiry), else
    /// `fallback` from now; never sooner than `minimum` from now; plus the instance's ``jitter(instance:now:)``.
    public static func validUntil(
        expiries: [Date], minimum: TimeInterval, fallback: TimeInterval, now: Date, instance: String
    ) -> Date {
        let due = max(expiries.min() ?? now.addingTimeInterval(fallback), now.addingTimeInterval(minimum))
        return due + jitter(instance: instance, now: now)
    }

    /// 0–30 s, stable for an instance and a fetch second, so instances do not all ask on the same second.
    public static func jitter(instance: String, now: Date) -> TimeInterval {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in instance.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ UInt64(bitPattern: Instant.wholeSeconds(now))) &* 0x0000_0100_0000_01b3
        return TimeInterval(hash % 31)
    }
}

/// One request and its answer, as ``HTTPSource/get(_:validator:now:)`` returns them.
public struct HTTPExchange: Sendable {
    /// The request as sent, validators included.
    public var request: HTTPRequest
    /// The answer: header names lower-cased, received at the refresh's now.
    public var response: HTTPResponse
    /// The validator sent with the request.
    var sent: HTTPValidator?

    /// The HTTP status.
    public var status: Int { response.status }

    /// Whether the server said 304 Not Modified: the data from the last request stands.
    public var isNotModified: Bool { response.isNotModified }

    /// The validator to store: a 2xx response's ETag and Last-Modified under the request's ``HTTPRequest/cacheKey``,
    /// the one sent when the answer was 304, nil otherwise.
    public var validator: HTTPValidator? {
        if isNotModified { return sent }
        guard (200..<300).contains(status), response.etag != nil || response.lastModified != nil else { return nil }
        return HTTPValidator(url: request.cacheKey, etag: response.etag, lastModified: response.lastModified)
    }

    /// Until when the response is fresh (max-age, Expires, Age), if its headers say.
    public var freshUntil: Date? { response.freshUntil }

    /// When the server asked to be asked again (Retry-After, or a 429's RateLimit-Reset), if it did.
    public var retryAfter: Date? { response.retryAfter }

    /// The error for a status other than 2xx and 304, named by its redacted URL; nil when the answer is to keep.
    public var failure: HTTPError? { HTTPError.status(of: response, for: request) }
}

extension RefreshContext {
    /// The stored validator of `request`, to ask with when the data it validates is still there.
    public func validator(for request: HTTPRequest) -> HTTPValidator? {
        validators[request.cacheKey]
    }
}

extension HTTPError: RefreshFailure {
    /// The HTTP status, when the server refused the request.
    public var httpStatus: Int? { statusCode }
}
