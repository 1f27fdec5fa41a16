extension DashboardTemplates {
    /// The next-hour rain ribbon: a gradient whose stops carry each minute's chance, the hatched unknown tail,
    /// quarter-hour lines, one path per wet run, the baseline and the minute labels.
    static let ribbon = """
        <svg class="ribbon" viewBox="0 0 {{width}} {{viewHeight}}" role="img" \
        aria-label="expected rain over the next 60 minutes" data-minutes="{{knownMinutes}}" data-end-x="{{endX}}"\
        {{#startMinute}} data-start-minute="{{.}}"{{/startMinute}}>\
        <defs><linearGradient id="{{id}}-g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="{{width}}" y2="0">\
        {{#stops}}<stop offset="{{offset}}%" stop-color="currentColor" stop-opacity="{{opacity}}%"/>{{/stops}}\
        </linearGradient><pattern id="{{id}}-u" width="6" height="6" patternUnits="userSpaceOnUse" \
        patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" class="hatch"/></pattern></defs>\
        {{#unknown}}<rect class="unknown" x="{{x}}" y="0" width="{{width}}" height="{{height}}" fill="url(#{{id}}-u)">\
        <title>no forecast beyond minute {{minute}}</title></rect>{{/unknown}}\
        {{#grid}}<line class="grid" x1="{{.}}" y1="0" x2="{{.}}" y2="{{height}}"/>{{/grid}}\
        {{#segments}}<path class="rain" d="{{path}}" fill="url(#{{id}}-g)" data-start="{{start}}" data-end="{{end}}"/>\
        {{/segments}}<line class="base" x1="0" y1="{{height}}" x2="{{width}}" y2="{{height}}"/>\
        {{#labels}}<text x="{{x}}" y="{{baseline}}" text-anchor="{{anchor}}">{{text}}</text>{{/labels}}</svg>
        """
}
