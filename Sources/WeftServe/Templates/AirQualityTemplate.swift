extension DashboardTemplates {
    /// The Air quality card's body: the index and its level, today's highest hour, the pollutants, pollen, the
    /// attribution.
    static let airQuality = """
        <div class="now"><span class="aqi level {{levelClass}}">{{aqi}}</span><span class="cond">\
        <span>{{#level}}{{.}}{{/level}}{{^level}}no index now{{/level}}</span><small>{{scale}}\
        {{#todayMax}} · today up to {{.}}{{/todayMax}}</small></span></div>
        {{#hasRows}}<dl class="kv air-rows">{{#rows}}<div><dt>{{key}}</dt><dd>{{value}}</dd></div>{{/rows}}</dl>
        {{/hasRows}}{{#pollen}}<p class="pollen"><strong>Pollen: {{level}}</strong> \
        {{#kinds}}<span class="muted">{{.}}</span>{{/kinds}}</p>
        {{/pollen}}{{#attribution}}<p class="fine">{{.}}</p>
        {{/attribution}}
        """
}
