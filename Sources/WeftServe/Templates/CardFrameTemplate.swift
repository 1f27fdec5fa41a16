extension DashboardTemplates {
    /// A card's frame: heading, age (with the state's words and a warnings badge), the short error with the full
    /// one on hover, then the card's body.
    static let cardFrame = """
        <section class="card {{kind}} {{state}}{{#wide}} wide{{/wide}}"\
        {{#instance}} data-instance="{{.}}"{{/instance}}>
        <header><h2>{{title}}</h2>{{#age}}<span class="age" title="{{fetched}}">\
        {{#flag}}<span class="flag">{{.}}</span> {{/flag}}\
        {{#warning}}<span class="badge warning" title="{{summary}}">{{count}}</span> {{/warning}}\
        {{#iso}}<time class="ago" datetime="{{.}}">{{/iso}}{{text}}{{#iso}}</time>{{/iso}}</span>{{/age}}</header>
        {{#problem}}<p class="problem" title="{{full}}">{{short}}</p>
        {{/problem}}{{{body}}}</section>

        """
}
