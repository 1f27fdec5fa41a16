import Foundation
import TOMLKit
import WeftPrimitives

/// One provider instance's TOML file, parsed, with typed accessors whose errors name file, line and key.
public struct ProviderConfig: Sendable {
    /// The instance id: the file name without `.toml`.
    public let instance: String
    /// The path of the TOML file, as given.
    public let file: String
    /// The provider type (`type = "…"`).
    public let type: String
    /// Every top-level key and its value.
    public let values: [String: ConfigValue]
    private let lines: [Substring]

    /// Parses TOML text; `file` is used in messages and its base name is the instance id.
    public init(text: String, file: String) throws(ConfigError) {
        let base = (file as NSString).lastPathComponent
        guard base.hasSuffix(".toml") else { throw .badInstanceName(file: file) }
        let instance = String(base.dropLast(5))
        guard Self.isValidInstanceName(instance) else { throw .badInstanceName(file: file) }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .malformedTOML(
                file: file, line: error.source.begin.line, column: error.source.begin.column,
                message: error.description)
        } catch {
            throw .malformedTOML(file: file, line: 1, column: 1, message: "\(error)")
        }
        self.instance = instance
        self.file = file
        self.values = ConfigValue.convert(table)
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let typeValue = values["type"] else {
            throw .missingKey(file: file, key: "type", expected: "the provider type, e.g. type = \"command\"")
        }
        guard case .string(let type) = typeValue else {
            throw .wrongType(
                file: file, line: Self.line(of: "type", in: lines), key: "type", expected: "a string",
                found: typeValue.typeName)
        }
        self.type = type
    }

    /// Reads and parses a provider file.
    public init(contentsOf path: String) throws(ConfigError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadable(file: path, reason: (error as NSError).localizedDescription)
        }
        try self.init(text: text, file: path)
    }

    /// Instance ids become parts of variable names and file names, so they stay simple.
    public static func isValidInstanceName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }

    /// The line on which `key` is assigned at the top level, when it can be found.
    public func line(of key: String) -> Int? { Self.line(of: key, in: lines) }

    private static func line(of key: String, in lines: [Substring]) -> Int? {
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            for candidate in [key, "\"\(key)\""] where trimmed.hasPrefix(candidate) {
                let rest = trimmed.dropFirst(candidate.count).drop(while: { $0 == " " || $0 == "\t" })
                if rest.hasPrefix("=") { return index + 1 }
            }
        }
        return nil
    }

    /// Fails on keys the provider type does not know, so a typo is caught instead of silently ignored.
    public func checkKnownKeys(_ known: Set<String>) throws(ConfigError) {
        let allowed = known.union(["type"])
        for key in values.keys.sorted() where !allowed.contains(key) {
            throw .unknownKey(file: file, line: line(of: key), key: key, known: Array(allowed))
        }
    }

    /// An error about `key`, placed on its line.
    public func invalid(_ key: String, _ message: String) -> ConfigError {
        .invalidValue(file: file, line: line(of: key), key: key, message: message)
    }

    private func wrongType(_ key: String, expected: String, found: ConfigValue) -> ConfigError {
        .wrongType(file: file, line: line(of: key), key: key, expected: expected, found: found.typeName)
    }

    /// An optional string.
    public func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = values[key] else { return nil }
        guard case .string(let string) = value else { throw wrongType(key, expected: "a string", found: value) }
        return string
    }

    /// A required string.
    public func requiredString(_ key: String, _ expected: String) throws(ConfigError) -> String {
        guard let string = try string(key) else { throw .missingKey(file: file, key: key, expected: expected) }
        return string
    }

    /// An optional number (integer or float).
    public func double(_ key: String) throws(ConfigError) -> Double? {
        guard let value = values[key] else { return nil }
        switch value {
        case .integer(let int): return Double(int)
        case .double(let double): return double
        default: throw wrongType(key, expected: "a number", found: value)
        }
    }

    /// An optional integer.
    public func integer(_ key: String) throws(ConfigError) -> Int? {
        guard let value = values[key] else { return nil }
        guard case .integer(let int) = value else { throw wrongType(key, expected: "an integer", found: value) }
        return int
    }

    /// An optional boolean.
    public func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = values[key] else { return nil }
        guard case .bool(let bool) = value else {
            throw wrongType(key, expected: "true or false", found: value)
        }
        return bool
    }

    /// An optional array of strings.
    public func stringArray(_ key: String) throws(ConfigError) -> [String]? {
        guard let value = values[key] else { return nil }
        guard case .array(let items) = value else {
            throw wrongType(key, expected: "an array of strings", found: value)
        }
        var strings: [String] = []
        for item in items {
            guard case .string(let string) = item else {
                throw wrongType(key, expected: "an array of strings", found: item)
            }
            strings.append(string)
        }
        return strings
    }

    /// An optional duration: a number of seconds or text such as `90s`, `5m`, `1h30m`, `500ms`.
    public func duration(_ key: String) throws(ConfigError) -> Duration? {
        guard let value = values[key] else { return nil }
        switch value {
        case .integer(let seconds) where seconds >= 0: return .seconds(seconds)
        case .double(let seconds) where seconds >= 0: return .milliseconds(Int64(seconds * 1000))
        case .string(let text):
            guard let duration = DurationText.parse(text) else {
                throw invalid(key, "\"\(text)\" is not a duration; write e.g. \"30s\", \"5m\" or \"1h\"")
            }
            return duration
        default:
            throw wrongType(key, expected: "a duration such as \"5m\"", found: value)
        }
    }
}
