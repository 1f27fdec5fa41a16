extension DashboardTemplates {
    /// The login form: the page's CSRF token in the form, the reason it is shown again, if any.
    static let login = """
        {{>document-head}}
        <meta name="weft-csrf" content="{{csrfToken}}">
        <title>weft · {{words.title}}</title>
        </head><body>
        <main class="login"><section class="card">
        <h1>weft</h1>
        <p>{{words.intro}}</p>
        <p>{{#words.where}}{{#code}}<code>{{text}}</code>{{/code}}{{^code}}{{text}}{{/code}}{{/words.where}}</p>
        {{#message}}<p id="message" role="alert"><strong>{{.}}</strong></p>
        {{/message}}<form method="post" action="/login" autocomplete="off">
        <input type="hidden" name="csrf" value="{{csrfToken}}">
        <p><label for="token">{{words.token}}</label><br>
        <input id="token" name="token" type="password" autocomplete="current-password" required autofocus></p>
        <p><button type="submit">{{words.logIn}}</button></p>
        </form>
        </section></main>
        </body></html>

        """
}
