import WeftCommandLine
import WeftPrimitives

/// An error whose message is the whole story, said in the reader's language; exits 1.
struct CLIError: Error, CustomStringConvertible, CatalogText {
    /// The English text with `{name}` placeholders: a message of the catalogs (po/weft.pot).
    private let message: String
    private let arguments: [String: String]
    /// The message is another error's own words, said as they are.
    private let verbatim: Bool

    /// The catalog message `message`, its placeholders filled from `arguments`.
    init(_ message: String, _ arguments: [String: String] = [:]) {
        self.message = message
        self.arguments = arguments
        verbatim = false
    }

    /// Words another error already chose (``ErrorText``, a refusal), said as they are.
    init(verbatim text: String) {
        message = text
        arguments = [:]
        verbatim = true
    }

    /// English, for logs.
    var description: String { text(in: .english) }

    func text(in catalog: Catalog) -> String { verbatim ? message : catalog.text(message, arguments) }
}
