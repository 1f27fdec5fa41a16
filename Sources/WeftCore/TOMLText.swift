import Foundation
import TOMLKit
import WeftPrimitives

/// A TOML configuration text parsed the one way weft parses its files (provider files and `bar.toml`): a table
/// header that would crash the parser is refused first, then TOMLKit parses; errors name the file, line and column.
public struct TOMLText: Sendable {
    /// The top-level values.
    public let values: [String: ConfigValue]
    /// The text's lines, to find where a key is written.
    public let lines: [Substring]
    /// Where values and array elements are written.
    let locator: TOMLLocator

    /// Parses `text`; `file` names it in messages.
    public init(_ text: String, file: String) throws(ConfigError) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // toml++ (under TOMLKit) asserts, killing the process, on a table header that does not start with a key
        // (`[[[a]]]`, `[[ [a]]`, `[#d`, found by fuzzing): no TOML allows one, so such a line is refused first.
        for (index, line) in lines.enumerated() {
            let header = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            guard header.first == "[" else { continue }
            let inside = header.dropFirst(header.hasPrefix("[[") ? 2 : 1).drop { $0 == " " || $0 == "\t" }
            let startsKey = inside.first.map { $0 == "\"" || $0 == "'" || Self.isKeyCharacter($0) }
            if startsKey != true {
                throw .malformedTOML(
                    file: file, line: index + 1, column: 1,
                    message: "a table header is [name] or [[name]]; this line does not start with a name")
            }
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .malformedTOML(
                file: file, line: error.source.begin.line, column: error.source.begin.column,
                message: Self.words(ofParserMessage: error.description))
        } catch {
            throw .malformedTOML(file: file, line: 1, column: 1, message: "\(ErrorText.words(error))")
        }
        values = ConfigValue.convert(table)
        locator = TOMLLocator(text: text)
    }

    /// toml++'s message in a reader's words: `Error while parsing key-value pair: cannot redefine …` becomes
    /// `in a key = value line: cannot redefine …` (the parser's prefix names its own grammar rule, not the file).
    static func words(ofParserMessage message: String) -> String {
        let prefix = "Error while parsing "
        guard message.hasPrefix(prefix), let colon = message.range(of: ": ") else { return message }
        let rule = message[message.index(message.startIndex, offsetBy: prefix.count)..<colon.lowerBound]
        let place =
            switch rule {
            case "key-value pair": "a key = value line"
            case "array": "a list [ … ]"
            case "inline table": "an inline table { … }"
            case "table header", "array-of-tables header": "a [table] header"
            case "value": "a value"
            default: "a " + rule
            }
        return "in \(place): \(message[colon.upperBound...])"
    }

    /// A character that may start a bare TOML key.
    private static func isKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    /// Whether `line` assigns `key` (bare or quoted): `key = …`.
    public static func assigns(_ line: some StringProtocol, _ key: String) -> Bool {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        for candidate in [key, "\"\(key)\""] where trimmed.hasPrefix(candidate) {
            let rest = trimmed.dropFirst(candidate.count).drop(while: { $0 == " " || $0 == "\t" })
            if rest.hasPrefix("=") { return true }
        }
        return false
    }

    /// The 1-based line of `key = …` in the table whose header is on line `header` (0: the top level), before the next
    /// table header; nil when that table does not assign it.
    public static func line<Line: StringProtocol>(of key: String, after header: Int, in lines: [Line]) -> Int? {
        var index = header
        while index < lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("[") { return nil }
            if assigns(line, key) { return index + 1 }
            index += 1
        }
        return nil
    }

    /// The line of element `index` of the array whose value starts on line `line`; nil when there is no such
    /// element (or no array there).
    public func line(ofElement index: Int, inArrayOnLine line: Int) -> Int? {
        guard let start = locator.valueStart(line: line) else { return nil }
        let starts = locator.elementStarts(arrayAt: start)
        return starts.indices.contains(index) ? locator.line(at: starts[index]) : nil
    }
}
