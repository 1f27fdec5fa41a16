import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// When weft colours what it prints for a person (ANSI escapes): the one decision every command that colours asks.
///
/// Bar colours (i3bar's `color`, Waybar's classes) are data the bar draws, not terminal colour: they never ask this.
public enum ColorChoice: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Colour on a terminal that is not `TERM=dumb`, unless `NO_COLOR` is set and not empty.
    case auto
    /// Colour wherever the output goes (a pager with `less -R`), `NO_COLOR` or not: the flag is the user's own ask.
    case always
    /// Never colour.
    case never

    /// Whether output to `descriptor` is coloured. `NO_COLOR` (https://no-color.org) counts when set and not empty,
    /// whatever its value; an explicit `always` or `never` overrides it, as that convention asks of flags.
    public func colors(_ descriptor: Int32, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return Self.isTerminal(descriptor, environment: environment)
        }
    }

    /// Whether `descriptor` is a terminal that reads escape sequences (not `TERM=dumb`): where colour may go under
    /// `auto`, and where a progress line may redraw itself.
    public static func isTerminal(_ descriptor: Int32, environment: [String: String]) -> Bool {
        environment["TERM"] != "dumb" && isatty(descriptor) == 1
    }
}

/// `--color auto|always|never`, for every command that prints colour.
public struct ColorOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "When to print colour: auto is on a terminal, unless TERM is dumb or NO_COLOR is set and not empty.",
            valueName: "when"))
    public var color: ColorChoice = .auto

    /// Options with every default.
    public init() {}

    /// Whether standard output is coloured.
    public var colorsStandardOutput: Bool {
        color.colors(STDOUT_FILENO, environment: ProcessInfo.processInfo.environment)
    }
}
