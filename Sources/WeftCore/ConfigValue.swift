import Foundation
import TOMLKit

/// A TOML value converted into a Sendable value tree.
public enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case array([ConfigValue])
    case table([String: ConfigValue])
    /// TOML dates and times, kept as their TOML text.
    case other(String)

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .double: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other: "a date or time"
        }
    }

    init(_ toml: TOMLValueConvertible) {
        switch toml.type {
        case .string: self = .string(toml.string ?? "")
        case .int: self = .integer(toml.int ?? 0)
        case .double: self = .double(toml.double ?? 0)
        case .bool: self = .bool(toml.bool ?? false)
        case .array: self = .array(toml.array.map { $0.map(ConfigValue.init) } ?? [])
        case .table: self = .table(toml.table.map(ConfigValue.convert) ?? [:])
        default: self = .other(toml.debugDescription)
        }
    }

    static func convert(_ table: TOMLTable) -> [String: ConfigValue] {
        var result: [String: ConfigValue] = [:]
        for key in table.keys {
            if let value = table[key] { result[key] = ConfigValue(value) }
        }
        return result
    }
}
