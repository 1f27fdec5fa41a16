extension DashboardTemplates {
    /// A button that changes the cache, as a form that also works without script (a partial of the cards).
    static let actionButton = """
        <form class="act" method="post" action="{{action}}"><input type="hidden" name="csrf" value="{{csrfToken}}">\
        <button type="submit" class="{{css}}" title="{{title}}" aria-label="{{title}}"{{#disabled}} disabled{{/disabled}}>\
        {{label}}</button></form>
        """
}
