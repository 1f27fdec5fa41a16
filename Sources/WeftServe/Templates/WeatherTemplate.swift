extension DashboardTemplates {
    /// The Weather card's body: now, the rain headline, the ribbon, the hourly strip and the attribution.
    static let weather = """
        <div class="now">{{#icon}}<span class="icon" aria-hidden="true">{{.}}</span>{{/icon}}\
        <span class="temp">{{temp}}</span><span class="cond">{{condition}}{{#facts}}<small>{{.}}</small>{{/facts}}\
        </span></div>
        <p class="headline"><strong>{{headline}}</strong>{{#secondary}} <span class="muted">{{.}}</span>{{/secondary}}</p>
        {{#ribbon}}{{{.}}}
        {{/ribbon}}{{#strip}}<ol class="hours">{{#hours}}<li><span class="h">{{hour}}</span>\
        <span class="t">{{temperature}}°</span><span class="p">{{chance}}</span></li>{{/hours}}</ol>
        {{/strip}}{{#attribution}}<p class="fine">{{.}}</p>
        {{/attribution}}
        """
}
