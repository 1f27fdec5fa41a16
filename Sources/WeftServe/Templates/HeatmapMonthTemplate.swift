extension DashboardTemplates {
    /// The month calendar: weekday initials, then one shaded cell per day with its number, date and count.
    static let heatmapMonth = """
        <svg class="month" viewBox="0 0 {{width}} {{height}}" role="img" aria-label="steps per day this month" \
        data-days="{{days}}">{{#initials}}<text class="axis" x="{{x}}" y="11" text-anchor="middle">{{name}}</text>\
        {{/initials}}{{#cells}}<g class="mday"><rect class="day {{level}}{{#today}} today{{/today}}" x="{{x}}" \
        y="{{y}}" width="36" height="30" rx="5" data-date="{{date}}"><title>{{tip}}</title></rect>\
        <text x="{{textX}}" y="{{textY}}" text-anchor="middle">{{dayOfMonth}}</text></g>{{/cells}}</svg>
        """
}
