import ArgumentParser

struct VarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "var",
        abstract: "Set, read and count stored variables (WidgetWeaver's Set / Get / Increment).",
        discussion: """
            Stored variables share the template key space: `weft var set mood happy` is read as {{mood}}. \
            A counter carries a step, an optional goal and an optional reset period; the reset happens at the \
            local day, week (Monday unless --week-start says otherwise) or month boundary, applied when the \
            counter is next read or written — no daemon needed.

            Examples:
              weft var set mood "feeling good"
              weft var incr water --goal 8 --reset daily
              weft var now last_coffee --format time
              weft resolve '💧 {{water|0}}/8 {{=water/8||bar:8}}'
            """,
        subcommands: [
            VarSetCommand.self, VarGetCommand.self, VarRemoveCommand.self, VarIncrementCommand.self,
            VarNowCommand.self, VarListCommand.self,
        ])
}
