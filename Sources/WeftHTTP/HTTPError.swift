import Foundation
import WeftPrimitives

/// Why a GET failed. URLs, messages and excerpts have been through the request's `Redactor`: a URL shows as
/// `scheme://host[:port]/path` and no credential of the request appears.
public enum HTTPError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The server answered with a status other than 2xx or 304 (after following redirects).
    case status(url: String, status: Int, reason: String, bodyExcerpt: String, retryAfter: Date?)
    /// The connect timeout, the total timeout or the low-speed limit fired.
    case timedOut(url: String, message: String)
    /// The TCP connection was refused or the host or proxy could not be reached.
    case connectionFailed(url: String, message: String)
    /// The host or proxy name did not resolve.
    case nameResolutionFailed(url: String, message: String)
    /// The TLS handshake or certificate verification failed.
    case tlsFailed(url: String, message: String)
    /// The body exceeded the request's `maxBodyBytes`; it was not read further.
    case bodyTooLarge(url: String, limit: Int)
    /// More than the request's `maxRedirects` redirects.
    case tooManyRedirects(url: String, limit: Int)
    /// The URL, a redirect target or a header was unusable (bad syntax, a scheme other than http/https, CR/LF).
    case invalidRequest(url: String, message: String)
    /// The transfer broke off: a truncated body, a reset connection, a malformed response.
    case transferFailed(url: String, message: String)
    /// The calling task was cancelled.
    case cancelled(url: String)

    /// The requested URL as `scheme://host[:port]/path`.
    public var url: String {
        switch self {
        case .status(let url, _, _, _, _), .timedOut(let url, _), .connectionFailed(let url, _),
            .nameResolutionFailed(let url, _), .tlsFailed(let url, _), .bodyTooLarge(let url, _),
            .tooManyRedirects(let url, _), .invalidRequest(let url, _), .transferFailed(let url, _),
            .cancelled(let url):
            return url
        }
    }

    /// The HTTP status for `.status`, nil otherwise.
    public var statusCode: Int? {
        if case .status(_, let status, _, _, _) = self { return status }
        return nil
    }

    /// When the server asked to be retried (Retry-After), if it did.
    public var retryAfter: Date? {
        if case .status(_, _, _, _, let retryAfter) = self { return retryAfter }
        return nil
    }

    /// A one-line message naming the URL and what went wrong.
    public var description: String { "GET \(url): \(detail)" }

    /// What went wrong, without the URL.
    public var detail: String {
        let detail: String
        switch self {
        case .status(_, let status, let reason, let excerpt, let retryAfter):
            var text = "HTTP \(status)"
            if !reason.isEmpty { text += " \(reason)" }
            if let retryAfter { text += " (retry after \(retryAfter.formatted(.iso8601)))" }
            if !excerpt.isEmpty { text += ": \"\(excerpt)\"" }
            detail = text
        case .timedOut(_, let message): detail = "timed out: \(message)"
        case .connectionFailed(_, let message): detail = "connection failed: \(message)"
        case .nameResolutionFailed(_, let message): detail = "name resolution failed: \(message)"
        case .tlsFailed(_, let message): detail = "TLS failed: \(message)"
        case .bodyTooLarge(_, let limit): detail = "response body larger than the limit of \(limit) bytes"
        case .tooManyRedirects(_, let limit): detail = "more than \(limit) redirects"
        case .invalidRequest(_, let message): detail = "invalid request: \(message)"
        case .transferFailed(_, let message): detail = "transfer failed: \(message)"
        case .cancelled: detail = "cancelled"
        }
        return detail
    }
}

extension HTTPError {
    /// The error for `response` when its status is neither 2xx nor 304 (what `HTTPClient.get` throws), redacted
    /// with `request`'s secrets; nil for a response to keep.
    public static func status(of response: HTTPResponse, for request: HTTPRequest) -> HTTPError? {
        if (200..<300).contains(response.status) || response.status == 304 { return nil }
        let redact = Redactor(secrets: request.allSecrets)
        let reason = response.reason.isEmpty ? HTTPReason.standard(response.status) ?? "" : response.reason
        return .status(
            url: redact(request.url), status: response.status, reason: redact(excerpt(of: Data(reason.utf8))),
            bodyExcerpt: response.redirected ? "" : redact(excerpt(of: response.body)), retryAfter: response.retryAfter)
    }

    static let excerptLength = 200

    /// The start of a body as one line: characters a terminal acts on (`TerminalText`) and runs of whitespace
    /// become one space.
    static func excerpt(of body: Data, limit: Int = excerptLength) -> String {
        // Decode a little more than needed so a multi-byte character at the cut is not mangled.
        let text = String(decoding: body.prefix(limit * 4 + 4), as: UTF8.self)
        var out = ""
        var count = 0
        var pendingSpace = false
        var truncated = false
        for ch in text {
            let isSpace = ch.isWhitespace || ch.unicodeScalars.contains(where: TerminalText.isUnsafe)
            if isSpace {
                pendingSpace = !out.isEmpty
                continue
            }
            if count + (pendingSpace ? 1 : 0) >= limit {
                truncated = true
                break
            }
            if pendingSpace {
                out.append(" ")
                count += 1
                pendingSpace = false
            }
            out.append(ch)
            count += 1
        }
        if !truncated && body.count > limit * 4 + 4 { truncated = true }
        return truncated ? out + "…" : out
    }
}
