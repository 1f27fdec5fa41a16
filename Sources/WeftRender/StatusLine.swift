import Foundation
import WeftPrimitives
import WeftTemplate

/// One rendering with what a status bar needs beside the text: a tooltip, a percentage and the providers' health.
public struct StatusLine: Sendable, Equatable {
    /// The rendered template.
    public var text: String
    /// The rendered `--tooltip` template, if one was given.
    public var tooltip: String?
    /// The rendered `--percentage` template as a whole number from 0 to 100, if it gave one.
    public var percentage: Int?
    /// What the `--percentage` template rendered to when that was not a number from 0 to 100 (the line then carries
    /// no percentage).
    public var invalidPercentage: String?
    /// Waybar's `alt` (for `format-icons`): the rendered `--alt` template, if one was given.
    public var alt: String?
    /// Extra Waybar classes (from `--class NAME=CONDITION`), after `warning`, `stale` and `error`.
    public var classes: [String] = []
    /// Which providers the templates read were failed, stale or ok with warnings.
    var health: RenderHealth
    /// The most bytes of each field the line carries (`--max-output`): the text is capped by its render, the
    /// tooltip, `alt` and the providers' errors and warnings here.
    var outputLimit = TemplateRenderer.defaultOutputLimit

    /// Creates a line.
    init(
        text: String, tooltip: String? = nil, percentage: Int? = nil, health: RenderHealth = RenderHealth(),
        outputLimit: Int = TemplateRenderer.defaultOutputLimit
    ) {
        self.outputLimit = outputLimit
        self.text = text
        self.tooltip = tooltip
        self.percentage = percentage
        self.health = health
    }

    /// Whether a provider the templates read was past its validity.
    public var isStale: Bool { !health.stale.isEmpty }
    /// Whether a provider the templates read last failed.
    public var hasErrors: Bool { !health.errors.isEmpty }
    /// Whether a provider the templates read last succeeded with warnings.
    public var hasWarnings: Bool { !health.warnings.isEmpty }

    /// The line in `format`, without a trailing newline; JSON formats are one compact object with sorted keys.
    /// Waybar reads `text` and `tooltip` as Pango markup, so `&`, `<` and `>` are escaped unless `markup` says the
    /// templates write markup themselves (provider problems in the tooltip are always escaped).
    public func formatted(_ format: OutputFormat, markup: Bool = false) -> String {
        switch format {
        case .plain: return OneLine.flatten(text)
        case .waybar:
            // One class per state a provider read is in; a warning never looks like a failure.
            var names: [String] = []
            if !health.warnings.isEmpty { names.append("warning") }
            if !health.stale.isEmpty { names.append("stale") }
            if !health.errors.isEmpty { names.append("error") }
            for name in classes where !names.contains(name) { names.append(name) }
            var tips: [String] = []
            if let tooltip { tips.append(markup ? tooltip : Self.escapePango(tooltip)) }
            tips += health.problemLines.map { Self.escapePango($0) }
            return Self.encode(
                Waybar(
                    // Waybar shows every line of `text` in the bar; the tooltip keeps them.
                    text: cappedMarkup(OneLine.flatten(markup ? text : Self.escapePango(text))), alt: alt.map(capped),
                    tooltip: tips.isEmpty ? nil : cappedMarkup(tips.joined(separator: "\n")),
                    class: names.map(capped), percentage: percentage))
        case .i3bar:
            return Self.encode(I3Block(self, name: "weft"))
        case .json:
            return Self.encode(
                Plain(
                    text: text, stale: !health.stale.isEmpty, errors: health.errors.mapValues(capped),
                    warnings: health.warnings.mapValues(capped)))
        }
    }

    /// `field` cut to the line's output limit.
    private func capped(_ field: String) -> String { TemplateRenderer.capped(field, limit: outputLimit) }

    /// A Pango field cut to the line's output limit, never inside an entity.
    private func cappedMarkup(_ field: String) -> String { TemplateRenderer.cappedMarkup(field, limit: outputLimit) }

    /// `&`, `<` and `>` as Pango entities, so a calendar title such as "R&D <sync>" shows as written.
    static func escapePango(_ text: String) -> String { MarkupText.pango.escaped(text) }

    private struct Waybar: Encodable {
        var text: String
        var alt: String?
        var tooltip: String?
        var `class`: [String]
        var percentage: Int?
    }

    private struct Plain: Encodable {
        var text: String
        var stale: Bool
        var errors: [String: String]
        var warnings: [String: String]
    }

    /// `value` as compact JSON with sorted keys, as status bars read it; `fallback` if it cannot be encoded.
    static func encode(_ value: some Encodable, fallback: String = "{}") -> String {
        (try? JSONText.line(value)) ?? fallback
    }
}
