extension DashboardTemplates {
    /// The cards as `/board` serves them: the day (the page's script adds the time), each card, and every variable
    /// behind a disclosure. Nothing in it changes with the clock alone but the day, so its ETag holds between polls.
    static let board = """
        <header class="top"><h1>weft</h1><p class="muted"><span id="clock" data-zone="{{zone}}">{{day}}</span> \
        <span id="live" class="live">{{words.reloads}}</span></p></header>
        {{#cards}}{{{.}}}{{/cards}}{{#empty}}<section class="card empty"><p class="muted">{{words.noProviders}}</p>\
        </section>
        {{/empty}}<details class="card allvars" id="allvars"><summary>{{words.allVariables}}</summary>
        <p class="fine">Without the clock and the ages (<code>__now</code>, <code>__time</code>, \
        <code>…_age_min</code>), which change every minute: <code>weft vars</code> lists them.</p>
        <table><tbody>
        {{#variables}}<tr><th scope="row">{{key}}</th><td>{{value}}</td></tr>
        {{/variables}}</tbody></table></details>

        """
}
