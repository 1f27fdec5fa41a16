import Foundation
import WeftPrimitives

/// The language weft speaks to the person reading its output: `--locale` where the command has it, else `LC_ALL`,
/// `LC_MESSAGES`, `LANG` (``Catalog/chosen(_:environment:)``). `--help` stays ArgumentParser's English.
public enum ReaderLanguage {
    /// The catalog for this process's command line and environment.
    public static var catalog: Catalog {
        catalog(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// The catalog `arguments` (`--locale ID`, `--locale=ID`) and `environment` choose. The arguments are read before
    /// (and without) the parser, so an error while parsing them is said in the same language as the command's output.
    public static func catalog(arguments: [String], environment: [String: String]) -> Catalog {
        Catalog.chosen(localeArgument(arguments), environment: environment)
    }

    /// The value of `--locale ID` or `--locale=ID` before `--`, if given.
    static func localeArgument(_ arguments: [String]) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if argument == "--locale", index + 1 < arguments.endIndex { return arguments[index + 1] }
            if argument.hasPrefix("--locale=") { return String(argument.dropFirst("--locale=".count)) }
            index += 1
        }
        return nil
    }
}
