import Foundation
import FuzzSupport
import WeftCore
import WeftWeather

/// One response body per input, read as a nowcast and as a locationforecast; snapshots become variables.
enum METNorwayTarget {
    // Pinned: 2026-03-14 09:26:53 UTC.
    static let now = Date(timeIntervalSince1970: 1_773_480_413)
    static let zone = TimeZone(identifier: "Europe/Oslo") ?? .gmt
    static let settings = WeatherSettings(name: "Fuzz", latitude: 63.43, longitude: 10.39, timeZone: zone)
    static let api = METNorwayAPI(settings: settings)

    static func derive(_ snapshot: WeatherSnapshot) {
        _ = WeatherVariables.derive(
            snapshot, prefix: "__weather_", fetchedAt: now,
            context: VariableContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US")))
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let body = Data(buffer: bytes)
        if let snapshot = try? api.parse(nowcast: body, forecast: nil, now: now) { derive(snapshot) }
        if let snapshot = try? api.parse(nowcast: nil, forecast: body, now: now) { derive(snapshot) }
    }
}

/// libFuzzer's per-input callback (also the symbol its archive's unused `main` refers to).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    METNorwayTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
