extension DashboardTemplates {
    /// A command provider's card body: its values (with their labels and units) as a key/value list; a value and
    /// its unit never wrap apart.
    static let keyValue = """
        {{^rows}}<p class="muted">{{empty}}</p>
        {{/rows}}{{#list}}<dl class="kv">{{#rows}}<div><dt>{{key}}</dt><dd>\
        {{#unit}}<span class="num">{{value}}&nbsp;{{.}}</span>{{/unit}}{{^unit}}{{value}}{{/unit}}</dd></div>\
        {{/rows}}</dl>
        {{/list}}
        """
}
