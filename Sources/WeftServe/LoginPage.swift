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

    /// The login page's words; `where` holds `<code>` elements around names a person types, so it is written
    /// unescaped (the catalog's text and these names are weft's own, never a caller's).
    struct Words {
        var title: String
        var intro: String
        var `where`: String
        var token: String
        var logIn: String
    }

    static let type = "text/html; charset=utf-8"

    init(csrfToken: String, message: String?, catalog: Catalog) {
        self.csrfToken = csrfToken
        self.message = message
        lang = catalog.code
        words = Words(
            title: catalog.text("log in"),
            intro: catalog.text("This server needs its token once; this browser then stays logged in for 30 days."),
            where: catalog.text(
                "When it started, {serve} printed a link that logs one browser in, and the file that holds the token ({file} in weft's cache folder, unless it was given {option}).",
                [
                    "serve": "<code>weft serve</code>", "file": "<code>serve.token</code>",
                    "option": "<code>--token-file</code>",
                ]),
            token: catalog.text("Token"), logIn: catalog.text("Log in"))
    }

    func html() -> String {
        DashboardTemplates.render(.login, self)
    }
}
