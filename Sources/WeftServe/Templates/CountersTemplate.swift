extension DashboardTemplates {
    /// The Counters card's body: each counter's value, goal, notes, its two buttons and its progress.
    static let counters = """
        <ul class="counterlist">
        {{#counters}}<li data-key="{{key}}"><div class="cname"><span class="key">{{key}}</span>\
        {{#notes}}<span class="muted">{{.}}</span>{{/notes}}</div><div class="cval">\
        {{#down}}{{>action-button}}{{/down}}<output class="value">{{value}}</output>\
        {{#goal}}<span class="goal">/ {{.}}</span>{{/goal}}{{#up}}{{>action-button}}{{/up}}</div>\
        {{#progress}}<progress max="{{max}}" value="{{value}}"></progress>{{/progress}}</li>
        {{/counters}}</ul>

        """
}
