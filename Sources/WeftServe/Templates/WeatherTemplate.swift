extension DashboardTemplates {
    /// The Weather card's body: the alert banner, now (weft's icon, temperature, condition), the rain headline, the
    /// ribbon, the next 24 hours (or the six-hour row), the days ahead, sun, wind, UV and AQI, and the attribution.
    static let weather = """
        {{#alert}}<div class="alert {{severity}}" role="alert"><strong>{{title}}</strong>\
        {{#until}} <span class="span">{{.}}</span>{{/until}}{{#more}} <span class="more">{{.}}</span>{{/more}}\
        {{#link}}<a href="{{.}}" rel="noopener noreferrer">details</a>{{/link}}{{#regions}}<small>{{.}}</small>{{/regions}}\
        </div>
        {{/alert}}<div class="now">{{#nowIcon}}<span class="icon">{{>weather-icon}}</span>{{/nowIcon}}\
        <span class="temp">{{temp}}</span><span class="cond">{{condition}}{{#facts}}<small>{{.}}</small>{{/facts}}\
        </span></div>
        <p class="headline"><strong>{{headline}}</strong>{{#secondary}} <span class="muted">{{.}}</span>{{/secondary}}</p>
        {{#ribbon}}{{{.}}}
        {{/ribbon}}{{#strip}}<ol class="hours">{{#hours}}<li><span class="h">{{hour}}</span>\
        <span class="t">{{temperature}}°</span><span class="p">{{chance}}</span></li>{{/hours}}</ol>
        {{/strip}}{{#chart}}<div class="hscroll">{{>weather-hours}}</div>
        {{/chart}}{{#days}}<ol class="days">{{#list}}<li title="{{tip}}"><span class="wd">{{weekday}}</span>\
        <span class="di">{{#dayIcon}}{{>weather-icon}}{{/dayIcon}}</span><span class="hl"><b>{{high}}</b> \
        <span class="muted">{{low}}</span></span><span class="pc">{{#chance}}{{.}}{{/chance}}</span></li>{{/list}}</ol>
        {{/days}}{{#details}}<ul class="wx">{{#list}}<li class="{{css}}">\
        <span class="k">{{name}}</span> {{#arrow}}<svg class="arrow" viewBox="0 0 16 16" aria-hidden="true">\
        <path d="M8 1.5l4.5 9H9.2V14.5H6.8V10.5H3.5z" transform="rotate({{degrees}} 8 8)"/></svg>{{/arrow}}\
        <b>{{value}}</b>{{#note}} <small>{{.}}</small>{{/note}}</li>{{/list}}</ul>
        {{/details}}{{#attribution}}<p class="fine">{{.}}</p>
        {{/attribution}}
        """

    /// A condition icon drawn by weft: paths on a 32-unit square, classed for the style sheet's colours; placed
    /// inside another figure when it has a `box`.
    static let weatherIcon = """
        <svg class="wi" viewBox="0 0 32 32" role="img" aria-label="{{label}}"\
        {{#box}} x="{{x}}" y="{{y}}" width="{{size}}" height="{{size}}"{{/box}}>\
        {{#shapes}}<path class="{{css}}" d="{{d}}"/>{{/shapes}}</svg>
        """

    /// The next 24 hours: chance-of-precipitation bars, the temperature line with a reading every third hour, icons
    /// above and the hours below.
    static let weatherHours = """
        <svg class="hourly" viewBox="0 0 {{width}} {{height}}" role="img" \
        aria-label="temperature and chance of precipitation, the next {{count}} hours">\
        <line class="base" x1="0" y1="{{baseY}}" x2="{{width}}" y2="{{baseY}}"/>\
        {{#bars}}<rect class="pop" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}"><title>{{tip}}</title></rect>{{/bars}}\
        {{#lines}}<path class="templine" d="{{.}}"/>{{/lines}}\
        {{#readings}}<circle class="dot" cx="{{x}}" cy="{{y}}" r="2.5"/>\
        <text class="reading" x="{{x}}" y="{{textY}}" text-anchor="middle">{{text}}</text>{{/readings}}\
        {{#icons}}{{>weather-icon}}{{/icons}}\
        {{#hours}}<text x="{{x}}" y="{{y}}" text-anchor="middle">{{text}}</text>{{/hours}}</svg>
        """
}
