import ArgumentParser

struct VarDecrementCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decr", abstract: "Apply the opposite of a counter's step (or of --by N) and print the new value.",
        discussion: """
            `decr` undoes one `incr`: a counter with step 1 goes down by 1, a count-down counter (--step -1) goes up \
            by 1. The result stops at --min and --max when they are set; the dashboard's buttons apply the same \
            two amounts.

            Examples:
              weft var decr water                 # a glass fewer
              weft var decr pushups --by 10
            """)

    @OptionGroup var target: VarTarget
    @Option(parsing: .unconditional, help: "The amount to take away (default: the counter's step, else 1).")
    var by: Double?
    @OptionGroup var counter: CounterOptions

    func run() throws {
        print(try VarIncrementCommand.apply(.decr, by: by, target: target, counter: counter).value)
    }
}
