import Mustache

/// HTML that a dashboard template produced: the one kind of value a template inserts unescaped (`{{{…}}}`), since
/// every value in it was escaped when it was rendered. Made only from a template's output (a card's body, a figure).
struct RenderedHTML: MustacheCustomRenderable, Sendable {
    let renderText: String

    init(_ text: String) { renderText = text }

    /// Nothing rendered: a section over it is skipped.
    var isNull: Bool { renderText.isEmpty }
}
