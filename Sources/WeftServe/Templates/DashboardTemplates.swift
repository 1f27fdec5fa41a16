import Mustache

/// The dashboard's Mustache templates, parsed once into one library: every page, card and figure is rendered
/// through it, so every value goes in through `{{…}}` and is HTML-escaped by the engine.
///
/// The templates are Swift string constants, one file each beside this one, so they ship inside the one binary.
/// A template that does not parse is a programming error: a test parses them all, and the server will not start
/// with one (``WeftServer``).
///
/// A template puts a value in unescaped (`{{{…}}}`) only when it is a ``RenderedHTML``: another template's output
/// (a card's body in its frame, the cards on the board, a figure in its card), whose values were escaped when it was
/// rendered. What several templates draw alike (the action button, the pages' head) is a partial
/// (`{{>action-button}}`).
struct DashboardTemplates: Sendable {
    /// A template's name in the library (and as a partial).
    enum Name: String, CaseIterable, Sendable {
        case page, board, login
        case documentHead = "document-head"
        case cardFrame = "card-frame"
        case actionButton = "action-button"
        case weather
        case airQuality = "air-quality"
        case weatherIcon = "weather-icon"
        case weatherHours = "weather-hours"
        case nextUp = "next-up"
        case steps
        case stepsRing = "steps-ring"
        case habits, alarms, timers, counters
        case keyValue = "key-value"
        case heatmapYear = "heatmap-year"
        case heatmapMonth = "heatmap-month"
        case ribbon

        /// The template's text.
        var text: String {
            switch self {
            case .page: DashboardTemplates.page
            case .board: DashboardTemplates.board
            case .login: DashboardTemplates.login
            case .documentHead: DashboardTemplates.documentHead
            case .cardFrame: DashboardTemplates.cardFrame
            case .actionButton: DashboardTemplates.actionButton
            case .weather: DashboardTemplates.weather
            case .airQuality: DashboardTemplates.airQuality
            case .weatherIcon: DashboardTemplates.weatherIcon
            case .weatherHours: DashboardTemplates.weatherHours
            case .nextUp: DashboardTemplates.nextUp
            case .steps: DashboardTemplates.steps
            case .stepsRing: DashboardTemplates.stepsRing
            case .habits: DashboardTemplates.habits
            case .alarms: DashboardTemplates.alarms
            case .timers: DashboardTemplates.timers
            case .counters: DashboardTemplates.counters
            case .keyValue: DashboardTemplates.keyValue
            case .heatmapYear: DashboardTemplates.heatmapYear
            case .heatmapMonth: DashboardTemplates.heatmapMonth
            case .ribbon: DashboardTemplates.ribbon
            }
        }
    }

    private let library: MustacheLibrary

    /// Parses `templates` (name and text) into one library; the first that does not parse is the error.
    init(templates: [(name: String, text: String)]) throws(DashboardTemplateError) {
        var library = MustacheLibrary()
        for (name, text) in templates {
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw DashboardTemplateError(
                    template: name, line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: "\(error.error)")
            } catch {
                throw DashboardTemplateError(template: name, line: nil, column: nil, reason: "\(error)")
            }
        }
        self.library = library
    }

    /// The dashboard's own templates.
    init() throws(DashboardTemplateError) {
        try self.init(templates: Name.allCases.map { ($0.rawValue, $0.text) })
    }

    /// The library this process renders with, parsed once on first use.
    static let builtin = Result { () throws(DashboardTemplateError) in try DashboardTemplates() }

    /// `view` (a value whose stored properties the template names) through the template `name`.
    func render(_ name: Name, _ view: Any) -> String {
        render(view, named: name.rawValue)
    }

    /// `view` through the template registered as `name`; empty when there is none.
    func render(_ view: Any, named name: String) -> String {
        library.render(view, withTemplate: name) ?? ""
    }

    /// `view` through the built-in template `name`. The server does not start when a template does not parse, so
    /// the failure's text here is only ever seen by a test.
    static func render(_ name: Name, _ view: Any) -> String {
        switch builtin {
        case .success(let templates): templates.render(name, view)
        case .failure: "<p class=\"problem\">The dashboard's templates do not parse.</p>\n"
        }
    }
}
