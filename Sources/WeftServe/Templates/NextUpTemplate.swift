extension DashboardTemplates {
    /// The Next Up card's body: the next event and the one after it, today's all-day events and the long events in
    /// progress.
    static let nextUp = """
        {{#nothing}}<p class="muted">{{words.nothing}}</p>
        {{/nothing}}{{#events}}<article class="event{{#first}} first{{/first}}{{#allDay}} allday{{/allDay}}">\
        <div class="when"><span class="countdown">{{countdown}}</span>{{#label}}<span class="label">{{.}}</span>{{/label}}\
        </div><div class="what"><h3>{{title}}</h3><p>{{when}}{{#allDay}} <span class="tag">{{words.allDay}}</span>{{/allDay}}</p>\
        {{#place}}<p class="muted">{{.}}</p>{{/place}}</div></article>
        {{/events}}{{#todayAllDay}}<p class="fine">{{words.today}} {{.}}</p>
        {{/todayAllDay}}{{#ongoing}}<p class="fine">{{words.ongoing}} {{.}}</p>
        {{/ongoing}}
        """
}
