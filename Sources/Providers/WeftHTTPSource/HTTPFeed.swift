import Foundation
import WeftCore
import WeftHTTP
import WeftPrimitives

/// What an HTTP provider kind writes: its `type`, a parser from one body to its payload, and the variables of a
/// payload. The rest (the `url`, `prefix`, `contact`, `timeout` and `interval` settings, the conditional GET, the
/// snapshot and when it is due) is ``HTTPFeedKind``'s; registering `HTTPFeedKind<Feed>.self` adds the kind.
public protocol HTTPFeed: Sendable {
    /// The normalised data a snapshot keeps.
    associatedtype Payload: Codable & Sendable
    /// The `type` value of its provider files.
    static var type: String { get }
    /// The version of `Payload`'s stored form.
    static var schemaVersion: Int { get }
    /// The variable prefix of an instance whose file sets none.
    static func defaultPrefix(instance: String) -> String
    /// Reads one response body; what it throws is reported with the URL.
    static func parse(_ body: Data) throws -> Payload
    /// The variables of a payload at the render's now, keyed without the prefix.
    static func variables(of payload: Payload, context: VariableContext) -> [String: String]
}

extension HTTPFeed {
    /// Version 1 until the payload changes shape.
    public static var schemaVersion: Int { 1 }
    /// `__<file name>_`.
    public static func defaultPrefix(instance: String) -> String { "__\(instance)_" }
}

/// The provider kind of an ``HTTPFeed``: one URL, read conditionally, due when the response's freshness ends (at
/// least a minute, `interval` when the server says nothing).
public enum HTTPFeedKind<Feed: HTTPFeed>: ProviderKind {
    public static var type: String { Feed.type }
    public static var schemaVersion: Int { Feed.schemaVersion }

    /// The keys every HTTP feed's file may set.
    public static var fileKeys: [ConfigKey] {
        [
            ConfigKey("url", .string, range: "http:// or https://", "The address to read (required)."),
            .prefix(default: "\"\(Feed.defaultPrefix(instance: "<file name>"))\""),
            .contact(),
            .transferTimeout(default: "\"20s\""),
            .interval(
                default: "\"15m\"", minimum: "1m", "How long an answer stays fresh when the server says nothing."),
        ]
    }

    public static func defaultPrefix(instance: String) -> String { Feed.defaultPrefix(instance: instance) }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(fileKeys)
        let url = try config.requiredString("url", "an http(s) URL, e.g. url = \"https://example.org/now.json\"")
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw config.invalid("url", "\"\(Redactor.displayURL(url))\" must start with http:// or https://")
        }
        if let refusal = CredentialTransport.refusal(url: url) { throw config.invalid("url", refusal) }
        let timeout = try config.transferTimeout() ?? .seconds(20)
        let interval = try config.interval(default: .seconds(900), minimum: .seconds(60))
        let contact = try config.contact()
        return HTTPFeedProvider<Feed>(
            instance: config.instance, prefix: try config.prefix(default: defaultPrefix(instance: config.instance)),
            request: HTTPRequest(
                url: url, headers: ["User-Agent": HTTPClient.userAgent(version: WeftVersion.current, contact: contact)],
                totalTimeout: timeout),
            interval: DurationText.seconds(interval), source: HTTPSource())
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let payload = try snapshot.decode(Feed.Payload.self)
        var variables: [String: String] = [:]
        for (key, value) in Feed.variables(of: payload, context: context) { variables[snapshot.prefix + key] = value }
        return variables
    }
}

/// One instance of an ``HTTPFeed``.
struct HTTPFeedProvider<Feed: HTTPFeed>: Provider {
    let instance: String
    let prefix: String
    /// The GET each refresh makes.
    var request: HTTPRequest
    /// How long a response counts when the server gives no freshness.
    var interval: TimeInterval
    /// The HTTP seam.
    var source: HTTPSource

    /// The shortest time between two requests, whatever the server's max-age says.
    static var minimumInterval: TimeInterval { 60 }

    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        try await HTTPSnapshotRefresh(
            instance: instance, prefix: prefix, kind: Feed.type, schemaVersion: Feed.schemaVersion, request: request,
            source: source, minimumInterval: Self.minimumInterval, interval: interval
        ).refresh(context) { response in try Snapshot.encode(try Feed.parse(response.body)) }
    }
}

/// One conditional GET per due time into a snapshot: what every HTTP provider kind with one request shares
/// (``HTTPFeedKind``'s instances, the air-quality kind), so such a kind is its settings and its parser. The stored
/// validator goes with the GET only when the previous snapshot is of this kind and version; a 304 keeps that
/// snapshot; a body becomes the payload through `payload`, and what that throws is reported with the URL's host and
/// path, never its query or credentials.
public struct HTTPSnapshotRefresh: Sendable {
    /// The instance (provider file name).
    public var instance: String
    /// Its variable prefix.
    public var prefix: String
    /// The snapshot's kind (the `type` of the file).
    public var kind: String
    /// The payload's schema version.
    public var schemaVersion: Int
    /// The GET each refresh makes.
    public var request: HTTPRequest
    /// How it is sent.
    public var source: HTTPSource
    /// The shortest time between two requests, whatever the server's max-age says.
    public var minimumInterval: TimeInterval
    /// How long an answer counts when the server gives no freshness.
    public var interval: TimeInterval

    /// The refresh of `request` for `instance`.
    public init(
        instance: String, prefix: String, kind: String, schemaVersion: Int, request: HTTPRequest, source: HTTPSource,
        minimumInterval: TimeInterval, interval: TimeInterval
    ) {
        self.instance = instance
        self.prefix = prefix
        self.kind = kind
        self.schemaVersion = schemaVersion
        self.request = request
        self.source = source
        self.minimumInterval = minimumInterval
        self.interval = interval
    }

    /// Fetches and, for a new body, makes the snapshot of the payload `payload` encodes from the response.
    public func refresh(_ context: RefreshContext, payload: (HTTPResponse) throws -> Data) async throws
        -> RefreshOutcome
    {
        let now = context.now
        let hasData = context.previous.map { $0.kind == kind && $0.schemaVersion == schemaVersion } ?? false
        let exchange = try await source.get(
            request, validator: hasData ? context.validator(for: request) : nil, now: now)
        if let failure = exchange.failure { throw failure }
        let validUntil = HTTPSource.validUntil(
            expiries: exchange.freshUntil.map { [$0] } ?? [], minimum: minimumInterval, fallback: interval,
            now: now, instance: instance)
        let validators = exchange.validator.map { [$0] } ?? []
        let url = Redactor.displayURL(request.url)
        if exchange.isNotModified {
            guard hasData else { throw HTTPFeedError.notModifiedWithoutData(url: url) }
            return RefreshOutcome(.notModified(validUntil: validUntil), validators: validators)
        }
        let encoded: Data
        do {
            encoded = try payload(exchange.response)
        } catch {
            throw HTTPFeedError.unreadable(
                url: url, message: Redactor(secrets: request.allSecrets)("\(ErrorText.words(error))"))
        }
        let snapshot = Snapshot(
            instance: instance, kind: kind, prefix: prefix, schemaVersion: schemaVersion, fetchedAt: now,
            validUntil: validUntil, payload: encoded)
        return RefreshOutcome(.updated(snapshot), validators: validators)
    }
}

/// Why an HTTP feed's answer could not be used; the URL is shown without credentials.
public enum HTTPFeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered 304 to a request that sent no validator.
    case notModifiedWithoutData(url: String)
    /// The parser could not read the body.
    case unreadable(url: String, message: String)

    public var description: String {
        switch self {
        case .notModifiedWithoutData(let url):
            "GET \(url): the server said 304 Not Modified, but weft has no earlier data and asked for none"
        case .unreadable(let url, let message): "GET \(url): \(message)"
        }
    }
}
