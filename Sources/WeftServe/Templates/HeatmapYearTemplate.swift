extension DashboardTemplates {
    /// The year heatmap: weekday and month labels, one shaded cell per day with its date and count on hover.
    static let heatmapYear = """
        <svg class="heatmap" viewBox="0 0 {{width}} {{height}}" role="img" aria-label="steps per day this year" \
        data-days="{{days}}">{{#weekdays}}<text class="axis" x="0" y="{{y}}">{{name}}</text>{{/weekdays}}\
        {{#months}}<text class="axis" x="{{x}}" y="10">{{name}}</text>{{/months}}\
        {{#cells}}<rect class="day {{level}}{{#today}} today{{/today}}" x="{{x}}" y="{{y}}" width="11" height="11" \
        rx="2" data-date="{{date}}"{{#steps}} data-steps="{{.}}"{{/steps}}><title>{{tip}}</title></rect>{{/cells}}</svg>
        """
}
