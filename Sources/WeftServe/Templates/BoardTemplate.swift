extension DashboardTemplates {
    /// The cards as `/board` serves them: the clock, each card, and every variable behind a disclosure.
    static let board = """
        <header class="top"><h1>weft</h1><p class="muted"><time datetime="{{iso}}">{{clock}}</time> \
        <span id="live" class="live">reloads every 30 s</span></p></header>
        {{#cards}}{{{.}}}{{/cards}}{{#empty}}<section class="card empty"><p class="muted">No providers configured.</p>\
        </section>
        {{/empty}}<details class="card allvars" id="allvars"><summary>All variables ({{count}})</summary>
        <table><tbody>
        {{#variables}}<tr><th scope="row">{{key}}</th><td>{{value}}</td></tr>
        {{/variables}}</tbody></table></details>

        """
}
