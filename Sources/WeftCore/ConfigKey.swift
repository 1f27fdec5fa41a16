import Foundation

/// One key a settings file may hold, with what its manual page says about it: the one list of a file's keys, which
/// the file is checked against (an unknown key is refused with the closest names) and the manual is written from.
public struct ConfigKey: Sendable, Equatable {
    /// The TOML types a key takes, as the manual names them.
    public enum ValueType: String, Sendable {
        case string, integer, number, boolean
        /// A string such as `"90s"`, `"15m"` or `"2h"`.
        case duration
        case strings = "array of strings"
        /// A table of strings keyed by name.
        case stringTable = "table of strings"
        case tables = "array of tables"
        /// A number or a text (a bar block's `min_width`: pixels, or a text as wide as the block should be).
        case integerOrString = "integer or string"
    }

    /// The key as written in the file.
    public var name: String
    /// The type of its value.
    public var type: ValueType
    /// What an unset key means, as the manual says it; nil when unset means "none" (or the key is required).
    public var defaultValue: String?
    /// The values it accepts beyond its type (`1–50`, `"celsius" or "fahrenheit"`); nil when any of its type.
    public var range: String?
    /// What it does, one sentence.
    public var meaning: String
    /// The keys of each table of an array of tables (a calendar's `sources`).
    public var subkeys: [ConfigKey]

    /// A key and its documentation.
    public init(
        _ name: String, _ type: ValueType, default defaultValue: String? = nil, range: String? = nil,
        _ meaning: String, subkeys: [ConfigKey] = []
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.range = range
        self.meaning = meaning
        self.subkeys = subkeys
    }
}

extension ConfigKey {
    /// `prefix`, read by ``ProviderConfig/prefix(default:)``; `fallback` says what an unset one is.
    public static func prefix(default fallback: String) -> ConfigKey {
        ConfigKey(
            "prefix", .string, default: fallback, range: "lower-case, starting with \"__\", no spaces",
            "The start of every variable this provider gives.")
    }

    /// `timezone`, read by ``ProviderConfig/timeZone()``; `meaning` says what it decides for the kind.
    public static func timezone(_ meaning: String) -> ConfigKey {
        ConfigKey(
            "timezone", .string, default: "--tz, else $TZ, else the system's zone",
            range: "an IANA name (Europe/Berlin) or a POSIX TZ", meaning)
    }

    /// `interval`, read by ``ProviderConfig/interval(default:minimum:)`` with the same `fallback` and `minimum`.
    public static func interval(default fallback: String, minimum: String, _ meaning: String) -> ConfigKey {
        ConfigKey("interval", .duration, default: fallback, range: "at least \(minimum)", meaning)
    }

    /// `name`, the instance's display name.
    public static func name(_ meaning: String) -> ConfigKey {
        ConfigKey("name", .string, default: "the file name without .toml", meaning)
    }
}
