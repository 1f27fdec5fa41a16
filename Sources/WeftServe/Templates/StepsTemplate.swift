extension DashboardTemplates {
    /// The Steps card's body: the goal ring and the facts, then the year heatmap, the month calendar and the
    /// shades' legend.
    static let steps = """
        <div class="stepsTop">{{{ring}}}<dl class="facts">\
        {{#facts}}<div><dt>{{key}}</dt><dd>{{value}}</dd></div>{{/facts}}</dl></div>
        {{#history}}<div class="history"><figure class="year"><figcaption>{{pastYear}}</figcaption>{{{year}}}</figure>\
        <figure class="cal"><figcaption>{{monthTitle}}</figcaption>{{{month}}}</figure></div>
        <p class="legend">\
        <span><svg viewBox="0 0 10 10"><rect class="day nodata" width="10" height="10" rx="2"/></svg>{{noData}}</span>\
        <span><svg viewBox="0 0 10 10"><rect class="day l1" width="10" height="10" rx="2"/></svg>&lt; 25%</span>\
        <span><svg viewBox="0 0 10 10"><rect class="day l2" width="10" height="10" rx="2"/></svg>25–50%</span>\
        <span><svg viewBox="0 0 10 10"><rect class="day l3" width="10" height="10" rx="2"/></svg>50–99%</span>\
        <span><svg viewBox="0 0 10 10"><rect class="day l4" width="10" height="10" rx="2"/></svg>{{goalMet}}</span></p>
        {{/history}}
        """
}
