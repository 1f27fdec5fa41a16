import Foundation
import Logging
import WeftPrimitives

/// GETs over libcurl with the service's limits: timeouts, a body cap, http/https-only redirects, proxies
/// from an injectable environment, conditional requests, always-on TLS verification and secret redaction.
public struct HTTPClient: Sendable {
    /// The User-Agent sent with every request (line breaks removed).
    public let userAgent: String
    /// Where `http_proxy`, `https_proxy`, `no_proxy` and friends are read from.
    public let environment: [String: String]
    /// Receives one debug line per request; secrets are redacted, secret header values never appear.
    public let logger: Logger
    private let now: @Sendable () -> Date

    /// Creates a client; `now` stamps `HTTPResponse.receivedAt` and anchors Retry-After seconds.
    public init(
        userAgent: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "weft.http"),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        // A line break would end the header early and let the rest pose as another header.
        self.userAgent = String(String.UnicodeScalarView(userAgent.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
        self.environment = environment
        self.logger = logger
        self.now = now
    }

    /// Builds `weft/VERSION (+CONTACT)`, or `weft/VERSION` without a contact.
    public static func userAgent(version: String, contact: String?) -> String {
        func clean(_ text: String) -> String {
            String(text.unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " }.map(Character.init))
                .trimmingSpaces()
        }
        let product = "weft/" + clean(version).replacingOccurrences(of: " ", with: "")
        guard let contact = contact.map(clean), !contact.isEmpty else { return product }
        return "\(product) (+\(contact))"
    }

    /// Fetches `request.url`; returns 2xx and 304 responses and throws `HTTPError` for everything else.
    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let response = try await transfer(request)
        if let failure = HTTPError.status(of: response, for: request) { throw failure }
        return response
    }

    /// Fetches `request.url` and returns whatever status the server answered, for callers that read error
    /// bodies and headers themselves (an API's JSON error message, rate-limit headers); only transfer
    /// failures throw.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        try await transfer(request)
    }

    private func transfer(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let redact = Redactor(secrets: request.allSecrets)
        let loggedURL = redact(request.url)
        let headerLines: HeaderLines
        switch Self.headerLines(for: request) {
        case .success(let lines): headerLines = lines
        case .failure(let failure): throw .invalidRequest(url: loggedURL, message: redact(failure.message))
        }
        if let refusal = request.credentialRefusal {
            throw .invalidRequest(url: loggedURL, message: redact(refusal))
        }
        let proxy = ProxySettings.resolve(url: request.url, environment: environment)
        logRequest(request, url: loggedURL, proxy: proxy, redact: redact)

        let started = ContinuousClock.now
        let cancellation = CancellationFlag()
        let userAgent = self.userAgent
        let environment = self.environment
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<CurlOutcome, CurlFailure>, Never>) in
                // curl_easy_perform blocks, so it gets its own thread rather than a cooperative-pool one.
                TransferThread.start {
                    continuation.resume(
                        returning: CurlTransfer.run(
                            request: request, headers: headerLines, userAgent: userAgent,
                            environment: environment, cancellation: cancellation))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        let elapsed = ContinuousClock.now - started

        let outcome: CurlOutcome
        switch result {
        case .success(let value):
            outcome = value
        case .failure(let failure):
            let error = Self.error(for: failure, url: loggedURL, request: request, redact: redact)
            logger.debug("\(error)", metadata: ["elapsed_ms": "\(DurationText.milliseconds(elapsed))"])
            throw error
        }

        let response = HTTPResponse(
            status: outcome.status, headers: outcome.headers, body: outcome.body, url: outcome.effectiveURL,
            receivedAt: now(), reason: outcome.reason, redirected: outcome.redirected)
        logger.debug(
            "GET \(loggedURL): HTTP \(outcome.status)",
            metadata: [
                "bytes": "\(outcome.body.count)", "elapsed_ms": "\(DurationText.milliseconds(elapsed))",
                "effective_url": "\(redact(outcome.effectiveURL))",
            ])
        if outcome.status == 203 {
            // MET Norway marks deprecated or beta products this way.
            logger.notice("GET \(loggedURL): HTTP 203 Non-Authoritative Information (deprecated or beta product)")
        }
        return response
    }

    private func logRequest(_ request: HTTPRequest, url: String, proxy: ProxySettings, redact: Redactor) {
        var metadata: Logger.Metadata = [:]
        if !proxy.proxy.isEmpty { metadata["proxy"] = "\(redact(proxy.proxyForLogging))" }
        if request.etag != nil { metadata["if_none_match"] = "\(redact(request.etag ?? ""))" }
        if request.lastModified != nil { metadata["if_modified_since"] = "\(redact(request.lastModified ?? ""))" }
        logger.debug("GET \(url)", metadata: metadata)
        guard logger.logLevel <= .trace else { return }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            let shown =
                Redactor.credentialHeaderNames.contains(name.lowercased()) ? Redactor.placeholder : redact(value)
            logger.trace("request header \(name): \(shown)")
        }
        for name in request.secretHeaders.keys.sorted() {
            logger.trace("request header \(name): \(Redactor.placeholder)")
        }
    }

    /// `Name: value` lines for CURLOPT_HTTPHEADER, or why a header cannot be sent.
    static func headerLines(for request: HTTPRequest) -> Result<HeaderLines, HeaderFailure> {
        var merged: [(name: String, value: String, secret: Bool)] = request.headers.sorted { $0.key < $1.key }.map {
            ($0.key, $0.value, Redactor.credentialHeaderNames.contains($0.key.lowercased()))
        }
        merged += request.secretHeaders.sorted { $0.key < $1.key }.map { ($0.key, $0.value, true) }
        if let etag = request.etag { merged.append(("If-None-Match", etag, false)) }
        if let lastModified = request.lastModified { merged.append(("If-Modified-Since", lastModified, false)) }
        var lines = HeaderLines(all: [], crossOrigin: [])
        for (name, value, secret) in merged {
            let tokenCharacters = "!#$%&'*+-.^_`|~"
            let validName =
                !name.isEmpty
                && name.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || tokenCharacters.unicodeScalars.contains($0))
                }
            guard validName else { return .failure(HeaderFailure(message: "header name \"\(name)\" is not a token")) }
            guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                return .failure(HeaderFailure(message: "header \(name) contains a line break or NUL"))
            }
            // "Name:" alone would make libcurl drop the header; "Name;" sends it empty.
            let line = value.isEmpty ? "\(name);" : "\(name): \(value)"
            lines.all.append(line)
            if !secret { lines.crossOrigin.append(line) }
        }
        return .success(lines)
    }

    struct HeaderFailure: Error, CustomStringConvertible {
        var message: String

        var description: String { message }
    }

    static func error(for failure: CurlFailure, url: String, request: HTTPRequest, redact: Redactor) -> HTTPError {
        let message = redact(failure.message)
        switch failure.kind {
        case .timedOut: return .timedOut(url: url, message: message)
        case .connection: return .connectionFailed(url: url, message: message)
        case .nameResolution: return .nameResolutionFailed(url: url, message: message)
        case .tls: return .tlsFailed(url: url, message: message)
        case .bodyTooLarge: return .bodyTooLarge(url: url, limit: request.maxBodyBytes)
        case .refusedAddress: return .invalidRequest(url: url, message: message)
        case .tooManyRedirects: return .tooManyRedirects(url: url, limit: request.maxRedirects)
        case .invalid: return .invalidRequest(url: url, message: message)
        case .transfer: return .transferFailed(url: url, message: message)
        case .cancelled: return .cancelled(url: url)
        }
    }
}
