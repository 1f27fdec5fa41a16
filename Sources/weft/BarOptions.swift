import ArgumentParser
import WeftRender

extension OutputFormat: ExpressibleByArgument {}

/// How `weft resolve` and `weft watch` print: plain text or a status bar's JSON.
struct BarOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "plain, waybar (text, tooltip, class, percentage), i3bar (an i3bar/i3blocks block) or json "
                + "({text, stale, errors}). A stale or failing provider gives class stale/error, urgent, or the "
                + "json fields.", valueName: "format"))
    var format: OutputFormat = .plain

    @Option(
        help: ArgumentHelp(
            "A template for the tooltip (waybar); provider problems are added below it.", valueName: "template"))
    var tooltip: String?

    @Option(
        help: ArgumentHelp(
            "A template giving waybar's percentage (0–100), e.g. '{{__steps_today_percent}}'.", valueName: "template"))
    var percentage: String?

    /// Whether anything beyond plain text was asked for.
    var isPlain: Bool { format == .plain && tooltip == nil && percentage == nil }
}
