import Foundation
import FuzzSupport
import WeftCore
import WeftWeather

/// One response body per input; a snapshot that parses is also turned into `__weather_*` variables.
enum WeatherKitTarget {
    // Pinned: 2026-03-14 09:26:53 UTC.
    static let now = Date(timeIntervalSince1970: 1_773_480_413)
    static let zone = TimeZone(identifier: "America/New_York") ?? .gmt
    static let settings = WeatherSettings(name: "Fuzz", latitude: 40.71, longitude: -74.0, timeZone: zone)
    static let api = WeatherKitAPI(settings: settings, signer: nil)

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let snapshot = try? api.parse(Data(buffer: bytes), now: now) else { return }
        _ = WeatherVariables.derive(
            snapshot, prefix: "__weather_", fetchedAt: now,
            context: VariableContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US")))
    }
}

/// libFuzzer's per-input callback (also the symbol its archive's unused `main` refers to).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    WeatherKitTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
