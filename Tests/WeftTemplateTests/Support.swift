import Foundation
import Testing

@testable import WeftTemplate

/// 2026-03-10T09:30:00Z, a Tuesday; 10:30 in Berlin (CET, before the March 29 DST change).
let pinnedNow = Date(timeIntervalSince1970: 1_773_135_000)
let berlin = TimeZone(identifier: "Europe/Berlin")!

func context(
    now: Date = pinnedNow, timeZone: TimeZone = berlin, locale: String = "en_US"
) -> RenderContext {
    RenderContext(now: now, timeZone: timeZone, locale: Locale(identifier: locale))
}

/// Renders with a fixed variable table; keys in `variables` are canonicalised like stored variables.
func render(
    _ template: String, _ variables: [String: String] = [:], now: Date = pinnedNow, timeZone: TimeZone = berlin,
    locale: String = "en_US"
) -> String {
    var table: [String: String] = [:]
    for (key, value) in variables { table[TemplateKey.canonical(key)] = value }
    let renderer = TemplateRenderer(context: context(now: now, timeZone: timeZone, locale: locale))
    return renderer.render(template) { table[$0] }
}
