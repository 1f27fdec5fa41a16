extension DashboardTemplates {
    /// A command provider's card body: its values as a key/value list.
    static let keyValue = """
        {{^rows}}<p class="muted">No values.</p>
        {{/rows}}{{#list}}<dl class="kv">{{#rows}}<div><dt>{{key}}</dt><dd>{{value}}</dd></div>{{/rows}}</dl>
        {{/list}}
        """
}
