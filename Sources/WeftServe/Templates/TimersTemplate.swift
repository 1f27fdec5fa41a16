extension DashboardTemplates {
    /// The Timers card's body: each timer's label, state, time left, progress and buttons, then the quick starts.
    static let timers = """
        {{^timers}}<p class="muted">No timer running.</p>
        {{/timers}}{{#list}}<ul class="timerlist">
        {{#timers}}<li class="{{state}}" data-timer="{{id}}"><div class="tname"><span class="label">{{label}}</span>\
        <span class="muted">{{words}}</span></div><output class="remaining">{{remaining}}</output>\
        <progress max="1" value="{{fraction}}"></progress>\
        <div class="acts">{{#buttons}}{{>action-button}}{{/buttons}}</div></li>
        {{/timers}}</ul>
        {{/list}}<div class="acts quick">{{#quick}}{{>action-button}}{{/quick}}</div>

        """
}
