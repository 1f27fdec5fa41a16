import Foundation
import WeftCore
import WeftHTTP
import WeftHTTPSource

/// One `air-quality` instance: one conditional GET per due time through the HTTP source (validators, 304,
/// freshness, Retry-After), then the parser.
struct AirQualityProvider: Provider {
    /// What the file says beyond the request.
    struct Settings: Sendable {
        var name: String
        var index: AirQualityIndex
        /// The `timezone` setting's identifier, nil when unset.
        var timeZone: String?
    }

    let instance: String
    let prefix: String
    var settings: Settings
    /// The GET each refresh makes.
    var request: HTTPRequest
    /// How long an answer counts when the server gives no freshness.
    var interval: TimeInterval
    /// The HTTP seam.
    var source: HTTPSource

    /// Open-Meteo's air-quality models run a few times a day; asking more often than this only loads its free tier.
    static var minimumInterval: TimeInterval { 600 }

    /// What Open-Meteo's licence (CC BY 4.0) asks every use of its data to show.
    static let attribution = "Air quality data by Open-Meteo.com (CC BY 4.0)"

    func refresh(_ context: RefreshContext) async throws -> RefreshOutcome {
        try await HTTPSnapshotRefresh(
            instance: instance, prefix: prefix, kind: AirQualityKind.type,
            schemaVersion: AirQualitySnapshot.schemaVersion, request: request, source: source,
            minimumInterval: Self.minimumInterval, interval: interval
        ).refresh(context) { response in
            let parsed: (current: AirSample?, hours: [AirSample])
            switch Result(catching: { () throws(AirQualityProblem) in try AirQualityResponse.parse(response.body) }) {
            case .success(let value): parsed = value
            case .failure(.apiError) where response.redirected:
                // A body reached through a redirect is another server's: its words stay out of the error.
                throw AirQualityProblem.apiError("(not shown: the answer came through a redirect)")
            case .failure(let problem): throw problem
            }
            return try Snapshot.encode(
                AirQualitySnapshot(
                    locationName: settings.name, index: settings.index, timeZone: settings.timeZone,
                    attribution: Self.attribution, current: parsed.current, hours: parsed.hours))
        }
    }
}
