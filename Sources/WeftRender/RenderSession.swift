import Foundation
import WeftPrimitives
import WeftStore
import WeftTemplate

/// One render's resolver and renderer.
public struct RenderSession {
    /// Answers variable lookups.
    public let resolver: VariableResolver
    /// Renders templates with the session's now, zone and locale.
    let renderer: TemplateRenderer

    /// This session writing `markup`: every value a key gives is escaped for it, the template's own text is kept.
    public func escaping(for markup: MarkupText) -> RenderSession {
        var renderer = renderer
        renderer.markup = markup
        return RenderSession(resolver: resolver, renderer: renderer)
    }

    /// Renders one template.
    public func render(_ template: String) -> String { renderer.render(template, values: resolver.templateValue) }

    /// Renders one template for plain text (a terminal, a status bar's text): data from providers goes through
    /// the one sanitizer, while the template's own text and the user's own values keep what they hold (a prompt's
    /// colour codes).
    public func renderText(_ template: String) -> String {
        renderer.render(template, values: { key in
            resolver.templateValue(key).map {
                $0.isTemplate ? $0 : TemplateValue(TerminalText.sanitized($0.text), isTemplate: false)
            }
        })
    }

    /// Renders a template with an optional tooltip and percentage template, and the health of what they read.
    public func statusLine(_ template: String, tooltip: String? = nil, percentage: String? = nil) -> StatusLine {
        resolver.beginRender()
        let text = render(template)
        let tip = tooltip.map(render)
        let percent = percentage.map(render).flatMap(Self.percent)
        return StatusLine(
            text: text, tooltip: tip, percentage: percent, health: resolver.health, outputLimit: renderer.outputLimit)
    }

    /// `62`, `61.7` or `62%` as 62, clamped to 0…100; nil for anything else.
    static func percent(_ text: String) -> Int? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { trimmed.removeLast() }
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return Int(min(100, max(0, value)).rounded())
    }

    /// The next instant at which what this session rendered so far may read differently with the cache unchanged
    /// (a minute of the clock or of a countdown, the end of a snapshot's validity; every second when `templates`
    /// read the time to the second): the live loop and the notifier's rules render again then.
    public func nextBoundary(after now: Date, templates: [String]) -> Date {
        nextBoundary(after: now, readsSeconds: RenderBoundary.readsSeconds(templates))
    }

    /// ``nextBoundary(after:templates:)`` for templates already known to read the seconds or not (a live loop asks
    /// once, not at every render).
    func nextBoundary(after now: Date, readsSeconds: Bool) -> Date {
        var boundary = RenderBoundary()
        // Every second comes before any instant the variables expose: they need not be looked through.
        if readsSeconds {
            boundary.addSeconds()
            return boundary.next(after: now)
        }
        for variables in resolver.ownerVariables.values { boundary.add(variables: variables) }
        for validity in resolver.validities.values { boundary.add(validity) }
        return boundary.next(after: now)
    }

    /// Throws the cache error met while rendering, if any: what did not need the cache was still rendered.
    public func checkCache() throws(StoreError) {
        if let error = resolver.cacheError { throw error }
    }
}
