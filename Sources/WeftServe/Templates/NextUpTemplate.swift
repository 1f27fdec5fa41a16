extension DashboardTemplates {
    /// The Next Up card's body: the next event and the one after it, today's all-day events and the long events in
    /// progress.
    static let nextUp = """
        {{#nothing}}<p class="muted">Nothing coming up.</p>
        {{/nothing}}{{#events}}<article class="event{{#first}} first{{/first}}{{#allDay}} allday{{/allDay}}">\
        <div class="when"><span class="countdown">{{countdown}}</span>{{#label}}<span class="label">{{.}}</span>{{/label}}\
        </div><div class="what"><h3>{{title}}</h3><p>{{when}}{{#allDay}} <span class="tag">All day</span>{{/allDay}}</p>\
        {{#place}}<p class="muted">{{.}}</p>{{/place}}</div></article>
        {{/events}}{{#todayAllDay}}<p class="fine">Today: {{.}}</p>
        {{/todayAllDay}}{{#ongoing}}<p class="fine">Ongoing: {{.}}</p>
        {{/ongoing}}
        """
}
