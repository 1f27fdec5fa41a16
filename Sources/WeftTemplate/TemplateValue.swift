import Foundation

/// A variable's value as a render sees it: the text, and whether it may hold a template to render again.
public struct TemplateValue: Sendable, Equatable {
    /// The value.
    public var text: String
    /// True for a stored variable or a `--vars` value (the user's own templates); false for data from a provider,
    /// which is inserted as it is.
    public var isTemplate: Bool

    /// Creates a value.
    public init(_ text: String, isTemplate: Bool) {
        self.text = text
        self.isTemplate = isTemplate
    }
}
