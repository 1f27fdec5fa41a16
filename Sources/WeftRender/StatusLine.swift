import Foundation

/// One rendering with what a status bar needs beside the text: a tooltip, a percentage and the providers' health.
public struct StatusLine: Sendable, Equatable {
    /// The rendered template.
    public var text: String
    /// The rendered `--tooltip` template, if one was given.
    public var tooltip: String?
    /// The rendered `--percentage` template as a whole number from 0 to 100, if it gave a number.
    public var percentage: Int?
    /// Which providers the templates read were stale or failing.
    var health: RenderHealth

    /// Creates a line.
    init(text: String, tooltip: String? = nil, percentage: Int? = nil, health: RenderHealth = RenderHealth()) {
        self.text = text
        self.tooltip = tooltip
        self.percentage = percentage
        self.health = health
    }

    /// The line in `format`, without a trailing newline; JSON formats are one compact object with sorted keys.
    public func formatted(_ format: OutputFormat) -> String {
        switch format {
        case .plain: return text.replacingOccurrences(of: "\n", with: " ")
        case .waybar:
            var classes: [String] = []
            if !health.stale.isEmpty { classes.append("stale") }
            if !health.errors.isEmpty { classes.append("error") }
            let problems = health.problemLines
            let tips = [tooltip].compactMap { $0 } + problems
            return Self.encode(
                Waybar(
                    text: text, tooltip: tips.isEmpty ? nil : tips.joined(separator: "\n"), class: classes,
                    percentage: percentage))
        case .i3bar:
            return Self.encode(
                I3Block(
                    full_text: text.replacingOccurrences(of: "\n", with: " "), name: "weft",
                    urgent: health.errors.isEmpty ? nil : true, color: health.stale.isEmpty ? nil : "#999999"))
        case .json:
            return Self.encode(Plain(text: text, stale: !health.stale.isEmpty, errors: health.errors))
        }
    }

    private struct Waybar: Encodable {
        var text: String
        var tooltip: String?
        var `class`: [String]
        var percentage: Int?
    }

    private struct I3Block: Encodable {
        var full_text: String
        var name: String
        var urgent: Bool?
        var color: String?
    }

    private struct Plain: Encodable {
        var text: String
        var stale: Bool
        var errors: [String: String]
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
