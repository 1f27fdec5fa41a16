import Foundation
import FuzzSupport
import WeftTemplate

/// One template per input, rendered with a pinned context and a small variable map.
enum TemplateTarget {
    // Pinned so a crash reproduces: 2026-03-14 09:26:53 UTC, Europe/Berlin, en_US.
    static let renderer = TemplateRenderer(
        context: RenderContext(
            now: Date(timeIntervalSince1970: 1_773_480_413), timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt,
            locale: Locale(identifier: "en_US")))

    // Values that reach every filter family: numbers, dates in each accepted shape, text, nested templates.
    static let variables: [String: String] = [
        "n": "42", "x": "-3.75", "big": "1e308", "tiny": "1e-320", "zero": "0", "pct": "0.375",
        "name": "  Ada  Lovelace ", "date": "2026-03-15 08:00", "iso": "2026-03-14T10:00:00+01:00", "time": "18:45",
        "unix": "1773480413", "ms": "1773480413000", "empty": "", "nested": "{{n}} and {{=n*2}}",
        "self": "{{self}}", "emoji": "🌧️ ünï", "my var": "7",
    ]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        _ = renderer.render(String(decoding: bytes, as: UTF8.self)) { variables[$0] }
    }
}

/// libFuzzer's per-input callback (also the symbol its archive's unused `main` refers to).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    TemplateTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
