import Foundation
import Logging
import WeftCore
import WeftHTTP
import WeftPrimitives

/// Performs one HTTP GET; the integrator fills it with the WeftHTTP (libcurl) client.
public typealias WeatherFetch = @Sendable (WeatherRequest) async throws -> WeatherResponse

/// One configured weather instance: builds requests, fetches them through `fetch`, parses, and sets the expiry.
struct WeatherProvider<API: WeatherAPI>: Provider {
    let instance: String
    let prefix: String
    /// The adapter of this instance's API.
    var api: API
    /// The HTTP seam: every request goes through it, conditional headers already added.
    var fetch: WeatherFetch

    /// Creates a provider.
    init(instance: String, prefix: String, api: API, fetch: @escaping WeatherFetch) {
        self.instance = instance
        self.prefix = prefix
        self.api = api
        self.fetch = fetch
    }

    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        var api = self.api
        api.settings.timeZone = context.timeZone
        let requests = try api.requests(now: context.now)
        // Servers echo keys and tokens back in error bodies; no message, log line or cached error may carry them.
        let redact = Redactor(
            secrets: requests.flatMap {
                $0.secrets + Redactor.credentials(in: $0.headers) + Redactor.credentials(inURL: $0.url)
            })
        do {
            return try await refresh(context, api: api, requests: requests)
        } catch let error as WeatherError {
            throw error.redacted { redact($0) }
        }
    }

    private func refresh(_ context: RefreshContext, api: API, requests: [WeatherRequest]) async throws
        -> RefreshOutcome
    {
        let now = context.now
        var previous: WeatherSnapshot?
        if let snapshot = context.previous, snapshot.kind == API.type,
            snapshot.schemaVersion == WeatherSnapshot.schemaVersion
        {
            previous = try? snapshot.decode(WeatherSnapshot.self)
        }
        var bodies: [WeatherBody] = []
        var validators: [HTTPValidator] = []
        var expiries: [Date] = []
        for var request in requests {
            request.timeout = api.settings.timeout
            let stored = context.validators[request.validatorKey]
            if previous != nil, let stored {
                if let etag = stored.etag { request.headers["If-None-Match"] = etag }
                if let modified = stored.lastModified { request.headers["If-Modified-Since"] = modified }
            }
            let response: WeatherResponse
            do {
                response = try await fetch(request)
            } catch let error as WeatherError {
                throw error
            } catch {
                throw WeatherError.transport(url: request.displayURL, message: "\(error)")
            }
            switch response.status {
            case 304:
                guard previous != nil else { throw WeatherError.notModifiedWithoutSnapshot(url: request.displayURL) }
                bodies.append(.notModified)
                if let stored { validators.append(stored) }
            case 200...299:
                if response.status == 203 {
                    context.logger.warning(
                        "\(request.displayURL): HTTP 203, the product is deprecated or in beta; check the API's changelog"
                    )
                }
                bodies.append(.fresh(response.body))
                let etag = response.header("ETag")
                let modified = response.header("Last-Modified")
                if etag != nil || modified != nil {
                    validators.append(HTTPValidator(url: request.validatorKey, etag: etag, lastModified: modified))
                }
            default:
                if request.optional, [400, 404, 422].contains(response.status) {
                    // Outside the optional product's area: go on without it.
                    context.logger.info("\(request.displayURL): HTTP \(response.status); going on without it")
                    bodies.append(.unavailable)
                    continue
                }
                throw WeatherError.httpStatus(
                    url: request.displayURL, status: response.status,
                    retryAfter: response.http(url: request.url, receivedAt: now).retryAfter,
                    message: response.errorMessage)
            }
            // The refresh's now stands for the receipt time: freshness is anchored on the same clock the
            // refresh is scheduled by (a pinned --now in tests and `weft refresh --now`).
            if let expiry = response.http(url: request.url, receivedAt: now).freshUntil { expiries.append(expiry) }
        }
        let minimum = now.addingTimeInterval(api.minimumInterval)
        if bodies.allSatisfy({ $0 == .notModified }) {
            let due = max(expiries.min() ?? now.addingTimeInterval(max(api.minimumInterval, 300)), minimum)
            return RefreshOutcome(.notModified(validUntil: due + jitter(now)), validators: validators)
        }
        let weather = try api.snapshot(from: bodies, previous: previous, now: now)
        try weather.checkRanges()
        if let expiry = weather.providerExpiry { expiries.append(expiry) }
        let due = max(expiries.min() ?? now.addingTimeInterval(max(api.minimumInterval, 300)), minimum)
        let snapshot = Snapshot(
            instance: instance, kind: API.type, prefix: prefix, schemaVersion: WeatherSnapshot.schemaVersion,
            fetchedAt: now, validUntil: due + jitter(now), payload: try Snapshot.encode(weather))
        return RefreshOutcome(.updated(snapshot), validators: validators)
    }

    /// 0–30 s, stable for an instance and a fetch second, so instances do not all ask on the same second.
    func jitter(_ now: Date) -> TimeInterval {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in instance.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ UInt64(bitPattern: Instant.wholeSeconds(now))) &* 0x0000_0100_0000_01b3
        return TimeInterval(hash % 31)
    }
}
