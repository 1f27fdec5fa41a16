import WeftPrimitives

/// A render setting that cannot be used.
enum RenderSetupError: Error, Sendable, Equatable, CustomStringConvertible, CatalogText {
    case badInstant(String)
    case unreadableVars(String)
    case badVars(String, String)

    /// English, for logs; ``text(in:)`` says it in the reader's language.
    var description: String { text(in: .english) }

    /// The error in `catalog`'s language; a JSON parser's reason is quoted as it is.
    func text(in catalog: Catalog) -> String {
        switch self {
        case .badInstant(let text):
            catalog.text(
                "--now \"{text}\" is not an ISO 8601 instant such as 2026-03-10T09:30:00Z", ["text": text])
        case .unreadableVars(let path): catalog.text("--vars {path}: cannot read the file", ["path": path])
        case .badVars(let path, let reason):
            catalog.text(
                "--vars {path}: expected a JSON object of string or number values ({reason})",
                ["path": path, "reason": reason])
        }
    }
}
