import WeftPrimitives

/// The form `/login` shows: the token once, in a password field posted to `/login`, never put back in the page.
///
/// The board's style sheet (light and dark), no script, so the Content-Security-Policy holds as it is. The `login`
/// template reads these properties.
struct LoginPage {
    /// The page's CSRF token, in the form's `csrf` field.
    var csrfToken: String
    /// Why the form is shown again (a wrong token), if it is.
    var message: String?
    /// The page's language, for `<html lang>`.
    var lang: String
    /// The page's own words, in the server's language.
    var words: Words

    /// The login page's words; `where` is a sentence in pieces, the names a person types marked to be shown as code.
    struct Words {
        var title: String
        var intro: String
        var `where`: [Piece]
        var token: String
        var logIn: String
    }

    /// A piece of a sentence: words, or a name shown as `<code>`.
    struct Piece {
        var text: String
        var code: Bool
    }

    static let type = "text/html; charset=utf-8"

    init(csrfToken: String, message: String?, catalog: Catalog) {
        self.csrfToken = csrfToken
        self.message = message
        lang = catalog.code
        words = Words(
            title: catalog.text("log in"),
            intro: catalog.text("This server needs its token once; this browser then stays logged in for 30 days."),
            where: Self.pieces(
                catalog.text(
                    "When it started, {serve} printed a link that logs one browser in, and the file that holds the token ({file} in weft's cache folder, unless it was given {option})."
                ),
                code: ["serve": "weft serve", "file": "serve.token", "option": "--token-file"]),
            token: catalog.text("Token"), logIn: catalog.text("Log in"))
    }

    /// `sentence` (a catalog's text with its `{name}`s left in) cut at each `{name}` of `code`, which becomes a code
    /// piece; the template escapes every piece.
    static func pieces(_ sentence: String, code: [String: String]) -> [Piece] {
        var pieces: [Piece] = []
        var rest = sentence[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"),
            let name = code[String(rest[rest.index(after: open)..<close])]
        {
            if open > rest.startIndex { pieces.append(Piece(text: String(rest[..<open]), code: false)) }
            pieces.append(Piece(text: name, code: true))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(Piece(text: String(rest), code: false)) }
        return pieces
    }

    func html() -> String {
        DashboardTemplates.render(.login, self)
    }
}
