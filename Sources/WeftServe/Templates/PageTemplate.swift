extension DashboardTemplates {
    /// The whole board page: its token and poll interval for the script, the cards inside `<main>`.
    static let page = """
        {{>document-head}}
        <meta name="weft-csrf" content="{{csrfToken}}">
        <meta name="weft-poll" content="{{pollSeconds}}">
        <meta name="weft-now" content="{{now}}">
        <meta name="weft-words" content="{{words}}">
        <title>weft</title>
        <script src="/assets/app.js" defer></script>
        <noscript><meta http-equiv="refresh" content="30"></noscript>
        </head><body>
        <main id="board" class="board">
        {{{board}}}</main>
        </body></html>

        """
}
