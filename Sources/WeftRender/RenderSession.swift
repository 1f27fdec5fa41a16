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
        var line = StatusLine(
            text: text, tooltip: tip, health: resolver.health, outputLimit: renderer.outputLimit)
        switch percentage.map(render).map(Self.percent) {
        case .value(let value)?: line.percentage = value
        case .invalid(let text)?: line.invalidPercentage = text
        case nil, .absent?: break
        }
        return line
    }

    /// What a percentage template rendered to.
    enum Percentage: Equatable {
        /// A whole number from 0 to 100.
        case value(Int)
        /// Nothing: the value is missing and the fallback is empty, so there is no percentage.
        case absent
        /// Text that is not a number from 0 to 100.
        case invalid(String)
    }

    /// `62`, `61.7` or `62%` as 62; empty as absent; anything else, a number below 0 or above 100 included, as
    /// invalid: a value out of range is the template's mistake, which clamping would hide.
    static func percent(_ text: String) -> Percentage {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .absent }
        if trimmed.hasSuffix("%") { trimmed.removeLast() }
        guard let value = Double(trimmed), ValueRange.percent.contains(value) else { return .invalid(text) }
        return .value(Int(value.rounded()))
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
