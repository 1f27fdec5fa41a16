extension DashboardTemplates {
    /// The Habits card's body: this week, Monday first, one row per habit with its streak and its button.
    static let habits = """
        {{^habits}}<p class="muted">{{empty}}</p>
        {{/habits}}{{#table}}<table class="week"><thead><tr><th></th>\
        {{#weekdays}}<th{{#today}} class="today"{{/today}}>{{initial}}</th>{{/weekdays}}\
        <th>{{streakWord}}</th><th></th></tr></thead><tbody>
        {{#habits}}<tr data-habit="{{slug}}"><th scope="row">{{name}}</th>\
        {{#days}}<td class="{{css}}{{#today}} today{{/today}}" title="{{tip}}">{{mark}}</td>{{/days}}\
        <td class="streak">{{streak}}</td><td>{{#button}}{{>action-button}}{{/button}}</td></tr>
        {{/habits}}</tbody></table>
        {{/table}}
        """
}
