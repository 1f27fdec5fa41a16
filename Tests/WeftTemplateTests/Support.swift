import Foundation
import Testing
import WeftTestSupport

@testable import WeftTemplate

let berlin = zone("Europe/Berlin")

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
