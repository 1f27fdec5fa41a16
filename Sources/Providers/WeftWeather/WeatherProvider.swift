import Foundation
import Logging
import WeftCore
import WeftHTTP
import WeftHTTPSource
import WeftPrimitives

/// One configured weather instance: builds requests, fetches them through its HTTP source, parses, and sets the
/// expiry.
struct WeatherProvider<API: WeatherAPI>: Provider {
    let instance: String
    let prefix: String
    /// The adapter of this instance's API.
    var api: API
    /// Every request goes through it: validators, 304, freshness and Retry-After are its.
    var source: HTTPSource

    /// Creates a provider.
    init(instance: String, prefix: String, api: API, fetch: @escaping HTTPFetch) {
        self.instance = instance
        self.prefix = prefix
        self.api = api
        self.source = HTTPSource(fetch: fetch)
    }

    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        var api = self.api
        api.settings.timeZone = api.settings.placeZone ?? context.timeZone
        let requests = try api.requests(now: context.now)
        // Servers echo keys and tokens back in error bodies; no message, log line or cached error may carry them.
        let redact = Redactor(secrets: requests.flatMap { $0.http.allSecrets })
        do {
            var outcome = try await refresh(context, api: api, requests: requests)
            outcome.problems = outcome.problems.map { redact($0) }
            return outcome
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
        var redirected = false
        // A supplementary request that failed: a warning, its part kept from the previous snapshot, and its server's
        // Retry-After still honoured for the whole instance (the same host).
        var problems: [String] = []
        var retryAfter: Date?
        func skip(_ problem: String) {
            context.logger.warning("\(problem); going on without it")
            problems.append(problem)
            bodies.append(.unavailable)
        }
        for var request in requests {
            request.timeout = api.settings.timeout
            let http = request.http
            let exchange: HTTPExchange
            do {
                exchange = try await source.get(
                    http, validator: previous != nil ? context.validator(for: http) : nil, now: now)
            } catch {
                let failure = Self.transportFailure(error, url: request.displayURL)
                guard request.supplementary else { throw failure }
                skip(failure.description)
                continue
            }
            switch exchange.status {
            case 304:
                guard previous != nil else { throw WeatherError.notModifiedWithoutSnapshot(url: request.displayURL) }
                bodies.append(.notModified)
            case 200...299:
                if exchange.status == 203 {
                    context.logger.warning(
                        "\(request.displayURL): HTTP 203, the product is deprecated or in beta; check the API's changelog"
                    )
                }
                if request.supplementary, let problem = api.supplementaryProblem(exchange.response.body, now: now) {
                    skip("\(request.displayURL): \(problem)")
                    continue
                }
                bodies.append(.fresh(exchange.response.body))
                redirected = redirected || exchange.response.redirected
            default:
                if request.optional, [400, 404, 422].contains(exchange.status) {
                    // Outside the optional product's area: go on without it.
                    context.logger.info("\(request.displayURL): HTTP \(exchange.status); going on without it")
                    bodies.append(.unavailable)
                    continue
                }
                let failure = WeatherError.httpStatus(
                    url: request.displayURL, status: exchange.status, retryAfter: exchange.retryAfter,
                    message: exchange.response.errorMessage)
                guard request.supplementary else { throw failure }
                if let asked = exchange.retryAfter { retryAfter = max(retryAfter ?? asked, asked) }
                skip(failure.description)
                continue
            }
            if let validator = exchange.validator { validators.append(validator) }
            if let expiry = exchange.freshUntil { expiries.append(expiry) }
        }
        let fallback = max(api.minimumInterval, 300)
        func due() -> Date {
            let due = HTTPSource.validUntil(
                expiries: expiries, minimum: api.minimumInterval, fallback: fallback, now: now, instance: instance)
            return retryAfter.map { max(due, $0) } ?? due
        }
        if bodies.allSatisfy({ $0 == .notModified }) {
            return RefreshOutcome(.notModified(validUntil: due()), validators: validators)
        }
        var weather: WeatherSnapshot
        do {
            weather = try api.snapshot(from: bodies, previous: previous, now: now)
            weather.keepDays(settings: api.settings, now: now)
        } catch {
            // A body reached through a redirect is another server's page: its words stay out of the error.
            guard redirected else { throw error }
            throw error.withoutBodyText
        }
        try weather.checkRanges()
        if let expiry = weather.providerExpiry { expiries.append(expiry) }
        let snapshot = Snapshot(
            instance: instance, kind: API.type, prefix: prefix, schemaVersion: WeatherSnapshot.schemaVersion,
            fetchedAt: now, validUntil: due(), payload: try Snapshot.encode(weather))
        return RefreshOutcome(.updated(snapshot), validators: validators, problems: problems)
    }

    /// A transfer that did not complete, as the error naming its URL.
    private static func transportFailure(_ error: any Error, url: String) -> WeatherError {
        switch error {
        case let error as HTTPError: .transport(url: url, message: error.detail)
        case let error as WeatherError: error
        default: .transport(url: url, message: "\(ErrorText.words(error))")
        }
    }
}
