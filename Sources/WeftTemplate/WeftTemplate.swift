// Temporary stand-in until the template branch lands.
import Foundation

public struct RenderContext: Sendable {
    public var now: Date
    public var timeZone: TimeZone
    public var locale: Locale
    public init(now: Date, timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US")) {
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
    }
}

public struct TemplateRenderer: Sendable {
    let context: RenderContext
    public init(context: RenderContext) { self.context = context }
    public func render(_ template: String, lookup: (String) -> String?) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            out += rest[..<open.lowerBound]
            let body = rest[open.upperBound..<close.lowerBound]
            let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let key = TemplateKey.canonical(String(parts[0]))
            out += lookup(key).flatMap { $0.isEmpty ? nil : $0 } ?? (parts.count > 1 ? String(parts[1]) : "")
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}

public enum TemplateKey {
    public static func canonical(_ raw: String) -> String {
        let words = raw.lowercased().split(whereSeparator: { $0.isWhitespace })
        return String(words.joined(separator: " ").prefix(64)).trimmingCharacters(in: .whitespaces)
    }
}
