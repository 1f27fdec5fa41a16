import ArgumentParser
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftRender

extension OutputFormat: ExpressibleByArgument {}

/// How `weft resolve` and `weft watch` print: plain text or a status bar's JSON.
struct BarOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "plain, waybar (text, tooltip, alt, class, percentage), i3bar (an i3bar/i3blocks block) or json "
                + "({text, stale, errors, warnings}). Waybar's class is error for a provider whose last refresh "
                + "failed, stale for one past its validity, warning for one that succeeded with warnings; i3bar's "
                + "urgent is for failures only, and a stale block is grey.", valueName: "format"))
    var format: OutputFormat = .plain

    @Option(
        help: ArgumentHelp(
            "A template for the tooltip (waybar); provider problems are added below it.", valueName: "template"))
    var tooltip: String?

    @Option(
        help: ArgumentHelp(
            "A template giving waybar's percentage (0–100; what format-icons picks an icon by), e.g. "
                + "'{{__steps_today_percent}}'. Empty gives none; anything else is an error naming this flag.",
            valueName: "template"))
    var percentage: String?

    @Option(
        help: ArgumentHelp(
            "A template giving waybar's alt (the key into format-icons), e.g. '{{__weather_condition}}'.",
            valueName: "template"))
    var alt: String?

    @Option(
        name: .customLong("class"),
        help: ArgumentHelp(
            "Adds waybar class NAME while CONDITION holds: KEY OP NUMBER (<, <=, >, >=, ==, !=; false when KEY is "
                + "missing or not a number), or a {{…}} template that renders to neither empty nor 0. Repeatable.",
            valueName: "NAME=CONDITION"))
    var classes: [String] = []

    @Flag(
        help: ArgumentHelp(
            "The templates write Pango markup themselves: waybar's text and tooltip keep the template's markup, "
                + "while the values of keys (a calendar title, a stored variable) are escaped."))
    var markup = false

    /// Whether anything beyond plain text was asked for.
    var isPlain: Bool {
        format == .plain && tooltip == nil && percentage == nil && alt == nil && classes.isEmpty
    }

    /// The parsed `--class` rules.
    var classRules: [ClassRule] { classes.compactMap(ClassRule.init(parsing:)) }

    /// Every template the options render besides the main one (a live render watches them for the clock).
    var templates: [String] {
        [tooltip, percentage, alt].compactMap { $0 } + classes
    }

    func validate() throws {
        for rule in classes where ClassRule(parsing: rule) == nil {
            throw ValidationError(
                "--class \"\(rule)\" is not NAME=CONDITION with a condition such as "
                    + "'__calendar_next_minutes<=10' or '{{__weather_rain_soon}}'")
        }
    }

    /// One rendering of `template` as this format prints it, without a trailing newline, and what is wrong with it:
    /// a `--percentage` that gave something other than a number from 0 to 100 (the line then has no percentage).
    func line(_ template: String, session: RenderSession) -> (text: String, problem: String?) {
        guard !isPlain else { return (OneLine.flatten(session.renderText(template)), nil) }
        // Only the text and tooltip are Pango; alt, percentage and classes read the values as they are.
        let pango = markup && format == .waybar ? session.escaping(for: .pango) : session
        var line = pango.statusLine(template, tooltip: tooltip, percentage: percentage)
        line.alt = alt.map(session.render)
        line.classes = classRules.filter { $0.holds(in: session) }.map(\.name)
        var problem: String?
        if format == .waybar, let percentage, let invalid = line.invalidPercentage {
            let shown = TextCap.capped(invalid, limit: 80)
            problem = ReaderLanguage.catalog.text(
                "--percentage '{template}' gave \"{value}\", not a number from 0 to 100, so waybar gets no percentage; keep it in range with {{=clamp(VALUE, 0, 100)}}",
                ["template": percentage, "value": shown])
        }
        return (line.formatted(format, markup: markup), problem)
    }
}
