/// The form `/login` shows: the token once, in a password field posted to `/login`, never put back in the page.
///
/// No style or script of its own, so the Content-Security-Policy holds as it is.
struct LoginPage {
    /// The page's CSRF token, in the form's `csrf` field.
    var csrfToken: String
    /// Why the form is shown again (a wrong token), if it is.
    var message: String?

    static let type = "text/html; charset=utf-8"

    func html() -> String {
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="weft-csrf" content="\(HTML.escape(csrfToken))">
            <title>weft · log in</title>
            </head><body>
            <main>
            <h1>weft</h1>
            <p>This server needs its token once; this browser then stays logged in for 30 days.</p>

            """
        if let message { page += "<p id=\"message\" role=\"alert\"><strong>\(HTML.escape(message))</strong></p>\n" }
        page += """
            <form method="post" action="/login" autocomplete="off">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrfToken))">
            <p><label for="token">Token</label><br>
            <input id="token" name="token" type="password" autocomplete="current-password" required autofocus></p>
            <p><button type="submit">Log in</button></p>
            </form>
            </main>
            </body></html>

            """
        return page
    }
}
