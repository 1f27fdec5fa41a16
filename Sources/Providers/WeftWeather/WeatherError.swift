import Foundation
import WeftCore

/// Why a weather request, response or key failed; each message names the API and, for HTTP, the URL and status.
public enum WeatherError: Error, Sendable, Equatable, CustomStringConvertible, RefreshFailure {
    /// The body was not JSON at all (`what` is e.g. "an HTML page"), with the start of it.
    case notJSON(api: String, what: String, excerpt: String)
    /// The body is the start of a JSON document that stops early.
    case truncatedJSON(api: String, bytes: Int)
    /// The body is not valid JSON for another reason.
    case malformedJSON(api: String, reason: String)
    /// A field the API always sends is missing (`path` is dotted, e.g. `minutely_15.time`).
    case missingField(api: String, path: String)
    /// A field has the wrong JSON type.
    case wrongType(api: String, path: String, expected: String)
    /// A field has a value weft cannot use.
    case invalidValue(api: String, path: String, message: String)
    /// The body is the API's own error document.
    case apiError(api: String, message: String)
    /// The server answered with an HTTP error status.
    case httpStatus(url: String, status: Int, retryAfter: Date?, message: String)
    /// The request did not get an HTTP answer.
    case transport(url: String, message: String)
    /// A 304 arrived but there is no earlier snapshot to keep.
    case notModifiedWithoutSnapshot(url: String)
    /// The WeatherKit token could not be made.
    case signing(String)

    public var description: String {
        switch self {
        case .notJSON(let api, let what, let excerpt):
            if excerpt.isEmpty { return "\(api) answered with \(what) instead of JSON" }
            return "\(api) answered with \(what) instead of JSON: \"\(excerpt)\""
        case .truncatedJSON(let api, let bytes):
            return "\(api) response is truncated JSON (it stops after \(bytes) bytes)"
        case .malformedJSON(let api, let reason):
            return "\(api) response is not valid JSON: \(reason)"
        case .missingField(let api, let path):
            return "\(api) response has no \"\(path)\"; the API's format may have changed"
        case .wrongType(let api, let path, let expected):
            return "\(api) response: \"\(path)\" should be \(expected)"
        case .invalidValue(let api, let path, let message):
            return "\(api) response: \"\(path)\" \(message)"
        case .apiError(let api, let message):
            return "\(api) reported an error: \(message)"
        case .httpStatus(let url, let status, _, let message):
            return "\(url): HTTP \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .transport(let url, let message):
            return "\(url): \(message)"
        case .notModifiedWithoutSnapshot(let url):
            return "\(url): the server said 304 Not Modified, but there is no earlier snapshot; run with --force"
        case .signing(let message):
            return "cannot sign the WeatherKit token: \(message)"
        }
    }

    /// The HTTP status, for HTTP failures.
    public var httpStatus: Int? {
        if case .httpStatus(_, let status, _, _) = self { return status }
        return nil
    }

    /// The time the server asked us to wait until, for HTTP failures that said so.
    public var retryAfter: Date? {
        if case .httpStatus(_, _, let retryAfter, _) = self { return retryAfter }
        return nil
    }

    /// The same error without the words it quotes from a response body, for a body reached through a redirect.
    var withoutBodyText: WeatherError {
        switch self {
        case .notJSON(let api, let what, _): .notJSON(api: api, what: what, excerpt: "")
        case .apiError(let api, _): .apiError(api: api, message: "(not shown: the answer came through a redirect)")
        default: self
        }
    }

    /// The same error with `redact` applied to every text that came from a request or a response.
    func redacted(_ redact: (String) -> String) -> WeatherError {
        switch self {
        case .notJSON(let api, let what, let excerpt): .notJSON(api: api, what: what, excerpt: redact(excerpt))
        case .malformedJSON(let api, let reason): .malformedJSON(api: api, reason: redact(reason))
        case .invalidValue(let api, let path, let message):
            .invalidValue(api: api, path: path, message: redact(message))
        case .apiError(let api, let message): .apiError(api: api, message: redact(message))
        case .httpStatus(let url, let status, let retryAfter, let message):
            .httpStatus(url: redact(url), status: status, retryAfter: retryAfter, message: redact(message))
        case .transport(let url, let message): .transport(url: redact(url), message: redact(message))
        case .notModifiedWithoutSnapshot(let url): .notModifiedWithoutSnapshot(url: redact(url))
        case .signing(let message): .signing(redact(message))
        case .truncatedJSON, .missingField, .wrongType: self
        }
    }
}
