import WeftCommandLine
import WeftPrimitives

/// An error whose message is the whole story, said in the reader's language; exits 1.
struct CLIError: Error, CustomStringConvertible, CatalogText {
    /// The message in a catalog's language: a closure `{ catalog in … }` calling the catalog with a literal msgid,
    /// the form po/weft.pot is extracted from.
    private let say: @Sendable (Catalog) -> String

    /// The message `say` gives in each catalog.
    init(_ say: @escaping @Sendable (Catalog) -> String) { self.say = say }

    /// Words another error already chose (``ErrorText``, a refusal), said as they are.
    init(verbatim text: String) { say = { _ in text } }

    /// English, for logs.
    var description: String { say(.english) }

    func text(in catalog: Catalog) -> String { say(catalog) }
}
