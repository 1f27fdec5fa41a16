import Foundation
import WeftPrimitives

/// Renders templates; pure and deterministic.
///
/// Values are data unless their source says otherwise: a provider's value (a calendar title anyone who sends an
/// invite controls) is inserted as it is, never rendered again, while a stored variable or a fallback may itself
/// hold a template and is rendered again, up to `maximumPasses` in all. The output is capped at `outputLimit`
/// bytes: a longer one is cut and ends with `…`.
public struct TemplateRenderer: Sendable {
    /// Rendering stops after this many passes, so a value that refers to itself terminates.
    static let maximumPasses = 3

    /// The default cap on a render's output in bytes (64 KiB): far above any status line, far below what a
    /// hostile value could grow to. The one owner of the cap; `weft resolve --max-output` overrides it.
    public static let defaultOutputLimit = 65_536

    /// What marks a cut output.
    static let ellipsis = "…"

    /// The now, time zone and locale every render uses.
    public let context: RenderContext

    /// The most bytes a render returns, `ellipsis` included.
    public let outputLimit: Int

    /// The markup the output is, if any (`--markup`): every value a key gives is escaped for it after its
    /// filters (unless the token escapes it itself with `escape`), while the template's own text and fallbacks
    /// keep their markup.
    public var markup: MarkupText?

    /// Date formatters and parsed tokens kept across this renderer's renders and its copies' (a live loop's), or nil
    /// for building them per render.
    public var caches: RenderCaches?

    /// The smallest output limit: room for a few characters and the ellipsis. `--max-output` below it is an error.
    public static let minimumOutputLimit = 16

    /// Creates a renderer for one context; `outputLimit` below `minimumOutputLimit` is raised to it.
    public init(
        context: RenderContext, outputLimit: Int = TemplateRenderer.defaultOutputLimit, markup: MarkupText? = nil
    ) {
        self.context = context
        self.outputLimit = max(Self.minimumOutputLimit, outputLimit)
        self.markup = markup
    }

    /// `lookup` receives canonical keys (TemplateKey.canonical) and returns the raw value or nil when missing;
    /// every value may hold a template (what a stored variable or `--vars` value is).
    public func render(_ template: String, lookup: (String) -> String?) -> String {
        render(template, values: { key in lookup(key).map { TemplateValue($0, isTemplate: true) } })
    }

    /// `values` receives canonical keys and returns the value with whether it may hold a template.
    public func render(_ template: String, values: (String) -> TemplateValue?) -> String {
        guard template.contains("{{") else { return Self.capped(Array(template.utf8), limit: outputLimit) }
        let resources = RenderResources(context: context, markup: markup, caches: caches)
        // One lookup per key and render: a template that names a key 100,000 times asks its source once.
        var known: [String: TemplateValue?] = [:]
        let lookup: (String) -> TemplateValue? = { key in
            if let value = known[key] { return value }
            let value = values(key)
            known[key] = value
            return value
        }
        var text = [Segment(bytes: Array(template.utf8), isTemplate: true)]
        var truncated = false
        for _ in 0..<Self.maximumPasses {
            var budget = outputLimit + 1
            var next: [Segment] = []
            var changed = false
            for segment in text {
                guard budget > 0 else {
                    truncated = true
                    break
                }
                guard segment.isTemplate else {
                    Self.append(segment, to: &next, budget: &budget)
                    continue
                }
                let parts = renderPass(segment.bytes, resources: resources, lookup: lookup, budget: &budget)
                if !changed, parts.flatMap(\.bytes) != segment.bytes { changed = true }
                for part in parts { Self.append(part, to: &next, budget: &budget) }
            }
            if budget <= 0 { truncated = true }
            text = next
            // A value may itself hold a template; render again only while that makes progress.
            guard changed, text.contains(where: { $0.isTemplate && Self.containsOpening($0.bytes) }) else { break }
        }
        var bytes: [UInt8] = []
        for segment in text { bytes.append(contentsOf: segment.bytes) }
        return markup == nil
            ? Self.capped(bytes, limit: outputLimit, force: truncated)
            : Self.cappedMarkup(bytes, limit: outputLimit, force: truncated)
    }

    /// A run of output and whether later passes may render it.
    struct Segment {
        var bytes: [UInt8]
        var isTemplate: Bool
    }

    /// Appends `segment` (merging it into the last one of the same kind, so a token split across a stored
    /// value and the literal next to it still renders), within `budget` bytes.
    private static func append(_ segment: Segment, to segments: inout [Segment], budget: inout Int) {
        guard budget > 0, !segment.bytes.isEmpty else { return }
        let bytes = segment.bytes.count > budget ? Array(segment.bytes[..<budget]) : segment.bytes
        budget -= bytes.count
        if let last = segments.indices.last, segments[last].isTemplate == segment.isTemplate {
            segments[last].bytes.append(contentsOf: bytes)
        } else {
            segments.append(Segment(bytes: bytes, isTemplate: segment.isTemplate))
        }
    }

    private static func containsOpening(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0x7B, bytes[index + 1] == 0x7B { return true }
            index += 1
        }
        return false
    }

    /// `text` cut to `limit` bytes (at least 16) the way a render's output is, ending with `…` when cut: for what
    /// goes out beside a render (a status line's tooltip, its providers' errors).
    public static func capped(_ text: String, limit: Int) -> String {
        let limit = max(16, limit)
        guard text.utf8.count > limit else { return text }
        return capped(Array(text.utf8), limit: limit)
    }

    /// `bytes` as text of at most `limit` bytes: cut on a character boundary and ended with `…` when longer (or
    /// when `force`, because an earlier pass was already cut).
    static func capped(_ bytes: [UInt8], limit: Int, force: Bool = false) -> String {
        guard force || bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        let mark = Array(ellipsis.utf8)
        var end = min(bytes.count, limit - mark.count)
        // Back up to the start of a UTF-8 sequence so no character is split.
        while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end] + mark, as: UTF8.self)
    }

    /// Markup cut to `limit` bytes as ``capped(_:limit:)`` cuts text, never inside an entity (`&amp;`, `&#x1F600;`):
    /// a cut that ends in an `&` and a few entity characters loses that tail, so the bar never reads broken markup.
    public static func cappedMarkup(_ text: String, limit: Int) -> String {
        let limit = max(16, limit)
        guard text.utf8.count > limit else { return text }
        return cappedMarkup(Array(text.utf8), limit: limit)
    }

    static func cappedMarkup(_ bytes: [UInt8], limit: Int, force: Bool = false) -> String {
        let cut = capped(bytes, limit: limit, force: force)
        guard force || bytes.count > limit, let ampersand = cut.lastIndex(of: "&") else { return cut }
        let tail = cut[cut.index(after: ampersand)...].dropLast()
        let entityCharacter: (Character) -> Bool = { $0 == "#" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard tail.count <= 9, tail.allSatisfy(entityCharacter) else { return cut }
        return String(cut[..<ampersand]) + ellipsis
    }

    /// Replaces every `{{…}}` once. A token ends at the first `}}` after its `{{`; an unclosed `{{`
    /// and a lone `}}` are copied through. Stops once `budget` bytes are out: the rest would be cut.
    private func renderPass(
        _ bytes: [UInt8], resources: RenderResources, lookup: (String) -> TemplateValue?, budget: inout Int
    ) -> [Segment] {
        let brace = UInt8(ascii: "{")
        let closing = UInt8(ascii: "}")
        var output: [Segment] = []
        var position = 0
        var produced = 0

        func find(_ byte: UInt8, from start: Int) -> Int? {
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == byte, bytes[index + 1] == byte { return index }
                index += 1
            }
            return nil
        }

        while produced <= budget, let open = find(brace, from: position) {
            guard let close = find(closing, from: open + 2) else { break }
            let literal = Array(bytes[position..<open])
            produced += literal.count
            output.append(Segment(bytes: literal, isTemplate: true))
            // Braces are ASCII, so these cuts always fall on character boundaries.
            let body = String(decoding: bytes[(open + 2)..<close], as: UTF8.self)
            let value = resolve(body, resources: resources, lookup: lookup)
            let rendered = Array(value.text.utf8)
            produced += rendered.count
            output.append(Segment(bytes: rendered, isTemplate: value.isTemplate))
            position = close + 2
        }
        output.append(Segment(bytes: Array(bytes[position...]), isTemplate: true))
        return output
    }

    /// What one token body renders to, and whether that may be rendered again: a value keeps its source's
    /// answer; a fallback is template text; a number from maths is data.
    private func resolve(_ rawBody: String, resources: RenderResources, lookup: (String) -> TemplateValue?)
        -> TemplateValue
    {
        let parsed = if let caches = resources.caches { caches.token(rawBody) } else { TokenBody(written: rawBody) }
        guard let token = parsed else { return TemplateValue("", isTemplate: false) }

        var value: TemplateValue
        // Only what a key gives is data to escape; a fallback and a maths result are the template's own.
        var fromKey = false
        if token.base.hasPrefix("=") {
            let expression = String(token.base.dropFirst())
            if let result = MathExpression.evaluate(expression, now: context.now, lookup: { lookup($0)?.text }) {
                value = TemplateValue(NumberText.plain(result), isTemplate: false)
            } else {
                value = TemplateValue(token.fallback, isTemplate: true)
            }
        } else {
            let key = TemplateKey.canonical(token.base)
            if !key.isEmpty, let found = lookup(key), !found.text.isEmpty {
                value = found
                fromKey = true
            } else {
                value = TemplateValue(token.fallback, isTemplate: true)
            }
        }

        for filter in token.filters {
            value.text = filter.apply(to: value.text, resources: resources)
        }
        if let markup, fromKey, !token.filters.contains(where: { $0.kind == .escape }) {
            value.text = markup.escaped(value.text)
        }
        return value
    }
}
