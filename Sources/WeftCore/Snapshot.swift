import Foundation

/// A provider's normalised data at one refresh: provider-independent values, versioned, with its validity.
public struct Snapshot: Sendable, Equatable {
    /// The provider instance id (its TOML file name).
    public var instance: String
    /// The provider type that wrote it, which also decodes it.
    public var kind: String
    /// The variable prefix its variables carry, e.g. `__weather_`.
    public var prefix: String
    /// The payload's schema version; a reader that does not know it treats the snapshot as missing.
    public var schemaVersion: Int
    /// When the data was fetched.
    public var fetchedAt: Date
    /// Until when the data is fresh; after it the provider is due and its variables are stale.
    public var validUntil: Date
    /// The provider's own encoded payload (JSON).
    public var payload: Data
    /// A second prefix whose keys the snapshot also answers (a steps instance's `__activity_`), or nil.
    public var extraPrefix: String?

    /// Creates a snapshot.
    public init(
        instance: String, kind: String, prefix: String, schemaVersion: Int, fetchedAt: Date, validUntil: Date,
        payload: Data, extraPrefix: String? = nil
    ) {
        self.instance = instance
        self.kind = kind
        self.prefix = prefix
        self.schemaVersion = schemaVersion
        self.fetchedAt = fetchedAt
        self.validUntil = validUntil
        self.payload = payload
        self.extraPrefix = extraPrefix
    }

    /// Encodes a payload with a stable key order, so equal data gives equal bytes.
    public static func encode<Payload: Encodable>(_ payload: Payload) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(payload)
    }

    /// The provider's `timezone` setting as its payload recorded it (steps, calendar and habits payloads keep it
    /// under `timeZone`), nil when it set none: a view that has only the snapshot decides its zone from it.
    public var recordedZone: String? {
        struct Recorded: Decodable { var timeZone: String? }
        return (try? JSONDecoder().decode(Recorded.self, from: payload))?.timeZone
    }

    /// Decodes this snapshot's payload.
    public func decode<Payload: Decodable>(_ type: Payload.Type) throws -> Payload {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: payload)
    }

    /// The payload when the snapshot was written with `version` and decodes; nil otherwise (an older payload),
    /// which makes a provider that builds on its last snapshot start afresh.
    public func payload<Payload: Decodable>(_ type: Payload.Type, version: Int) -> Payload? {
        schemaVersion == version ? try? decode(type) : nil
    }
}

/// What a server said about a URL, kept so the next request can be conditional.
public struct HTTPValidator: Sendable, Equatable {
    /// The key the provider stores and asks with: the request's URL with its credentials redacted (WeftHTTP's
    /// `HTTPRequest.cacheKey`), never the URL as sent, so the cache holds no password or token.
    public var url: String
    /// The `ETag` response header.
    public var etag: String?
    /// The `Last-Modified` response header.
    public var lastModified: String?

    /// Creates a validator.
    public init(url: String, etag: String?, lastModified: String?) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
    }
}
