extension DashboardTemplates {
    /// The steps goal ring: an arc for today's share of the goal, the count and the share in the middle.
    static let stepsRing = """
        <svg class="ring{{#met}} met{{/met}}" viewBox="0 0 100 100" role="img" aria-label="{{steps}} of {{goal}} steps">\
        <circle class="track" cx="50" cy="50" r="42"/>\
        <circle class="arc" cx="50" cy="50" r="42" stroke-dasharray="{{dash}} {{circumference}}" \
        transform="rotate(-90 50 50)"/>\
        <text class="big" x="50" y="50" text-anchor="middle">{{steps}}</text>\
        <text class="small" x="50" y="66" text-anchor="middle">{{share}}</text></svg>
        """
}
