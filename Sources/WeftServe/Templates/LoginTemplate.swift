extension DashboardTemplates {
    /// The login form: the page's CSRF token in the form, the reason it is shown again, if any.
    static let login = """
        {{>document-head}}
        <meta name="weft-csrf" content="{{csrfToken}}">
        <title>weft · log in</title>
        </head><body>
        <main class="login"><section class="card">
        <h1>weft</h1>
        <p>This server needs its token once; this browser then stays logged in for 30 days.</p>
        <p>When it started, <code>weft serve</code> printed a link that logs one browser in, and the file that holds
        the token (<code>serve.token</code> in weft's cache folder, unless it was given <code>--token-file</code>).</p>
        {{#message}}<p id="message" role="alert"><strong>{{.}}</strong></p>
        {{/message}}<form method="post" action="/login" autocomplete="off">
        <input type="hidden" name="csrf" value="{{csrfToken}}">
        <p><label for="token">Token</label><br>
        <input id="token" name="token" type="password" autocomplete="current-password" required autofocus></p>
        <p><button type="submit">Log in</button></p>
        </form>
        </section></main>
        </body></html>

        """
}
