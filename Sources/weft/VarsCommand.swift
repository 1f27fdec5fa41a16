import ArgumentParser
import Foundation
import WeftCommandLine
import WeftPrimitives
import WeftTemplate

struct VarsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vars",
        abstract: "Print every variable: time built-ins, stored variables and every provider's.",
        discussion: """
            Formats:
              text    key and value in aligned columns
              json    one JSON object, keys sorted (byte order)
              env     KEY=value lines (for env files; newlines in values are written as \\n)
              shell   export lines, safely quoted for sh: eval "$(weft vars --format shell)"

            Example:
              weft vars --prefix __uptime_ --format json
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, env, shell
    }

    @Option(help: "Only keys that start with this prefix.")
    var prefix: String?

    @Option(help: "Output format.")
    var format: Format = .text

    @OptionGroup var options: ReadOptions

    func run() throws {
        let session = try options.settings.session()
        let wanted = prefix.map(TemplateKey.canonical)
        let variables = session.resolver.allVariables().filter { wanted == nil || $0.key.hasPrefix(wanted ?? "") }
        let keys = variables.keys.sorted()
        var output = ""
        switch format {
        case .text:
            let width = min(keys.map(\.count).max() ?? 0, 48)
            for key in keys {
                output +=
                    key.padding(toLength: max(width, key.count), withPad: " ", startingAt: 0) + "  "
                    + (variables[key] ?? "") + "\n"
            }
        case .json:
            output = try JSONText.text(variables) + "\n"
        case .env:
            for key in keys {
                let value = (variables[key] ?? "").replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\n", with: "\\n")
                output += "\(Self.identifier(key))=\(value)\n"
            }
        case .shell:
            for key in keys {
                let quoted = "'" + (variables[key] ?? "").replacingOccurrences(of: "'", with: "'\\''") + "'"
                output += "export \(Self.identifier(key))=\(quoted)\n"
            }
        }
        if format == .text { Stdout.write(output) } else { FileHandle.standardOutput.write(Data(output.utf8)) }
        try session.checkCache()
    }

    /// Keys may hold spaces and dashes; shells and env files need [A-Za-z_][A-Za-z0-9_]*.
    static func identifier(_ key: String) -> String {
        let mapped = String(
            key.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
                    ? Character(scalar) : "_"
            })
        return mapped.first?.isNumber == true ? "_" + mapped : mapped
    }
}
