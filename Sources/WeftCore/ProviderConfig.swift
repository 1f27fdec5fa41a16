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
    public private(set) var values: [String: ConfigValue]
    private let lines: [Substring]
    private let locator: TOMLLocator

    /// Parses TOML text; `file` is used in messages and its base name is the instance id.
    public init(text: String, file: String) throws(ConfigError) {
        let base = (file as NSString).lastPathComponent
        guard base.hasSuffix(".toml") else { throw .badInstanceName(file: file) }
        let instance = String(base.dropLast(5))
        guard Self.isValidInstanceName(instance) else { throw .badInstanceName(file: file) }
        let parsed = try TOMLText(text, file: file)
        self.instance = instance
        self.file = file
        self.values = parsed.values
        self.lines = parsed.lines
        self.locator = parsed.locator
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
        let data: Data
        do throws(InputFile.Problem) {
            data = try InputFile.read(path, limit: 1 << 20)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: path, reason: "it is not UTF-8 text")
        }
        try self.init(text: text, file: path)
    }

    /// Instance ids become parts of variable names and file names, so they stay simple.
    static func isValidInstanceName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }

    /// The line on which `key` is assigned at the top level, when it can be found.
    public func line(of key: String) -> Int? { Self.line(of: key, in: lines) }

    private static func line(of key: String, in lines: [Substring]) -> Int? {
        lines.firstIndex { TOMLText.assigns($0, key) }.map { $0 + 1 }
    }

    /// The line of element `index` of the array `key` (and of `field` in it, when the element is an inline
    /// table), falling back to the line of `key`.
    public func line(of key: String, element index: Int, field: String? = nil) -> Int? {
        guard let keyLine = line(of: key), let start = locator.valueStart(line: keyLine) else { return line(of: key) }
        let elements = locator.elementStarts(arrayAt: start)
        guard elements.indices.contains(index) else { return keyLine }
        let element = elements[index]
        if let field, let place = locator.field(field, inTableAt: element) { return locator.line(at: place) }
        return locator.line(at: element)
    }

    /// An error about element `index` of the array `key` (or its `field`), placed on that element's own line and
    /// named as `key[index].field`.
    public func invalid(_ key: String, element index: Int, field: String? = nil, _ message: String) -> ConfigError {
        .invalidValue(
            file: file, line: line(of: key, element: index, field: field),
            key: "\(key)[\(index)]" + (field.map { ".\($0)" } ?? ""), message: message)
    }

    /// A stable digest of every setting in the file, whatever its formatting: a refresh compares it with the one
    /// it stored to notice a changed setting, which makes the provider due and its derived data rebuilt.
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Self.canonical(.table(values)).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    private static func canonical(_ value: ConfigValue) -> String {
        switch value {
        case .string(let text): return "s" + text.debugDescription
        case .integer(let int): return "i\(int)"
        case .double(let double): return "d\(double)"
        case .bool(let bool): return bool ? "t" : "f"
        case .other(let text): return "o" + text.debugDescription
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .table(let table):
            return "{"
                + table.keys.sorted().map { $0.debugDescription + ":" + canonical(table[$0] ?? .bool(false)) }
                .joined(separator: ",") + "}"
        }
    }

    /// Fails on keys the provider type does not know, so a typo is caught instead of silently ignored.
    /// `known` is the kind's table (``ProviderKind/fileKeys``), which its manual page lists too.
    public func checkKnownKeys(_ known: [ConfigKey]) throws(ConfigError) {
        let allowed = Set(known.map(\.name)).union(["type"])
        for key in values.keys.sorted() where !allowed.contains(key) {
            throw .unknownKey(file: file, line: line(of: key), key: key, known: Array(allowed))
        }
    }

    /// The same file without the top-level `key`: to look past a problem with it for the file's next one.
    public func removing(_ key: String) -> ProviderConfig {
        var copy = self
        copy.values[key] = nil
        return copy
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
        for (index, item) in items.enumerated() {
            guard case .string(let string) = item else {
                throw .wrongType(
                    file: file, line: line(of: key, element: index), key: "\(key)[\(index)]", expected: "a string",
                    found: item.typeName)
            }
            strings.append(string)
        }
        return strings
    }

    /// An optional table of strings (`[labels]` with `load = "Load"`), by key.
    public func stringTable(_ key: String) throws(ConfigError) -> [String: String]? {
        guard let value = values[key] else { return nil }
        guard case .table(let table) = value else {
            throw wrongType(key, expected: "a table of strings, e.g. [\(key)] on its own line", found: value)
        }
        var strings: [String: String] = [:]
        for (name, item) in table {
            guard case .string(let string) = item else {
                throw .wrongType(
                    file: file, line: line(of: name) ?? line(of: key), key: "\(key).\(name)", expected: "a string",
                    found: item.typeName)
            }
            strings[name] = string
        }
        return strings
    }

    /// The longest duration a provider setting may hold; longer values are mistakes (`1e300`, `inf`), not settings.
    public static let maximumDuration = Duration.seconds(366 * 86_400)

    /// An optional duration: a number of seconds or text such as `90s`, `5m`, `1h30m`, `500ms`, at most a year.
    public func duration(_ key: String) throws(ConfigError) -> Duration? {
        guard let value = values[key] else { return nil }
        let limit = DurationText.seconds(Self.maximumDuration)
        let duration: Duration
        switch value {
        case .integer(let seconds):
            guard seconds >= 0, Double(seconds) <= limit else { throw tooLong(key, "\(seconds)") }
            duration = .seconds(seconds)
        case .double(let seconds):
            guard seconds >= 0, seconds <= limit, let checked = DurationText.duration(seconds: seconds) else {
                throw tooLong(key, "\(seconds)")
            }
            duration = checked
        case .string(let text):
            guard let parsed = DurationText.parse(text) else {
                throw invalid(key, "\"\(text)\" is not a duration; write e.g. \"30s\", \"5m\" or \"1h\"")
            }
            guard parsed <= Self.maximumDuration else { throw tooLong(key, "\"\(text)\"") }
            duration = parsed
        default:
            throw wrongType(key, expected: "a duration such as \"5m\"", found: value)
        }
        return duration
    }

    private func tooLong(_ key: String, _ shown: String) -> ConfigError {
        invalid(key, "\(shown) is not a duration between 0 s and 366 days; write e.g. \"30s\", \"5m\" or \"1h\"")
    }
}
