import Foundation
import WeftPrimitives

/// Renders templates; pure and deterministic.
public struct TemplateRenderer: Sendable {
    /// Rendering stops after this many passes, so a value that refers to itself terminates.
    static let maximumPasses = 3

    /// The now, time zone and locale every render uses.
    public let context: RenderContext

    /// Creates a renderer for one context.
    public init(context: RenderContext) {
        self.context = context
    }

    /// `lookup` receives canonical keys (TemplateKey.canonical) and returns the raw value or nil when missing.
    public func render(_ template: String, lookup: (String) -> String?) -> String {
        guard template.contains("{{") else { return template }
        let resources = RenderResources(context: context)
        var text = template
        for _ in 0..<Self.maximumPasses {
            let next = renderPass(text, resources: resources, lookup: lookup)
            let changed = next != text
            text = next
            // A value may itself hold a template; render again only while that makes progress.
            guard changed, text.contains("{{") else { break }
        }
        return text
    }

    /// Replaces every `{{…}}` once. A token ends at the first `}}` after its `{{`; an unclosed `{{`
    /// and a lone `}}` are copied through.
    private func renderPass(_ text: String, resources: RenderResources, lookup: (String) -> String?) -> String {
        let bytes = Array(text.utf8)
        let brace = UInt8(ascii: "{")
        let closing = UInt8(ascii: "}")
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0

        func find(_ byte: UInt8, from start: Int) -> Int? {
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == byte, bytes[index + 1] == byte { return index }
                index += 1
            }
            return nil
        }

        while let open = find(brace, from: position) {
            guard let close = find(closing, from: open + 2) else { break }
            output.append(contentsOf: bytes[position..<open])
            // Braces are ASCII, so these cuts always fall on character boundaries.
            let body = String(decoding: bytes[(open + 2)..<close], as: UTF8.self)
            output.append(contentsOf: resolve(body, resources: resources, lookup: lookup).utf8)
            position = close + 2
        }
        output.append(contentsOf: bytes[position...])
        return String(decoding: output, as: UTF8.self)
    }

    /// The text one token body renders to.
    private func resolve(_ rawBody: String, resources: RenderResources, lookup: (String) -> String?) -> String {
        let body = rawBody.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { return "" }
        let token = TokenBody(parsing: body)

        var value: String
        if token.base.hasPrefix("=") {
            let expression = String(token.base.dropFirst())
            if let result = MathExpression.evaluate(expression, now: context.now, lookup: lookup) {
                value = NumberText.plain(result)
            } else {
                value = token.fallback
            }
        } else {
            let key = TemplateKey.canonical(token.base)
            if !key.isEmpty, let found = lookup(key), !found.isEmpty {
                value = found
            } else {
                value = token.fallback
            }
        }

        for filter in token.filters {
            value = filter.apply(to: value, resources: resources)
        }
        return value
    }
}
