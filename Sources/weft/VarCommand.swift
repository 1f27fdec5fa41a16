import ArgumentParser

struct VarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "var",
        abstract: "Set, read and count stored variables (WidgetWeaver's Set / Get / Increment).",
        discussion: """
            Stored variables share the template key space: `weft var set mood happy` is read as {{mood}}. \
            A counter carries a signed step (`incr` applies it, `decr` its opposite), an optional goal, optional \
            limits (--min, --max: a change stops there) and an optional reset period; the reset happens at the \
            local day, week (Monday unless --week-start says otherwise) or month boundary, applied when the \
            counter is next read or written — no daemon needed.

            Examples:
              weft var set mood "feeling good"
              weft var incr water --goal 8 --reset daily --min 0
              weft var now last_coffee --format time
              weft resolve '💧 {{water|0}}/8 {{=ratio(water,8)||bar:8}}' \\
                '{{=ratio(water,8)||percent}}'
            """,
        subcommands: [
            VarSetCommand.self, VarGetCommand.self, VarRemoveCommand.self, VarIncrementCommand.self,
            VarDecrementCommand.self, VarNowCommand.self, VarListCommand.self,
        ])
}
