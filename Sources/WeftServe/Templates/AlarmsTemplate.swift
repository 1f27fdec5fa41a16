extension DashboardTemplates {
    /// The Alarms card's body: the alarms going off now with their buttons, the next alarm with its countdown, and
    /// every alarm with its schedule.
    static let alarms = """
        {{#active}}<div class="alarm-now {{css}}" data-alarm="{{id}}"><p><strong>{{label}}</strong> \
        <span class="muted">{{words}}</span></p><div class="acts">{{#buttons}}{{>action-button}}{{/buttons}}</div></div>
        {{/active}}{{#next}}<p class="next-alarm"><span class="clock">{{time}}</span> \
        <span class="label">{{label}}</span> <span class="countdown">{{countdown}}</span></p>
        {{/next}}{{^rows}}<p class="muted">{{empty}} <code>weft alarm add 07:00 --label Wake</code></p>
        {{/rows}}{{#list}}<ul class="alarmlist">{{#rows}}<li class="{{css}}" data-alarm="{{id}}">\
        <span class="label">{{label}}</span><span class="muted">{{schedule}}</span>\
        <span class="state">{{words}}</span></li>
        {{/rows}}</ul>
        {{/list}}
        """
}
