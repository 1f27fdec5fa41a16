import Foundation

/// The JSON weft prints for people and scripts (every `--json`, the nowcast report, the server's replies).
///
/// One writer: objects keep their keys in a fixed order — a value built by hand (``JSONValue/object(_:)``) in the
/// order it lists them (its command's help gives that order), a `Codable` record or dictionary in UTF-8 byte order
/// of its keys (never a locale-aware comparison). Indented by two spaces (or on one line), `/` as it is (never
/// `\/`), other text escaped as RFC 8259 requires, instants as UTC ISO 8601 text, a number that is not finite as
/// `null`.
public enum JSONText {
    /// `value` as JSON text, without a trailing newline.
    public static func text(_ value: some Encodable) throws -> String {
        text(try JSONValue(encoding: value))
    }

    /// `value` as JSON text on one line.
    public static func line(_ value: some Encodable) throws -> String {
        line(try JSONValue(encoding: value))
    }

    /// A built value as indented JSON text, without a trailing newline.
    public static func text(_ value: JSONValue) -> String {
        var writer = JSONWriter(indented: true)
        writer.write(value)
        return writer.text
    }

    /// Prints a built value, indented, and a newline on stdout.
    public static func print(_ value: JSONValue) {
        var writer = JSONWriter(indented: true)
        writer.write(value)
        writer.newline()
        FileHandle.standardOutput.write(Data(writer.bytes))
    }

    /// A built value as JSON text on one line.
    public static func line(_ value: JSONValue) -> String {
        var writer = JSONWriter(indented: false)
        writer.write(value)
        return writer.text
    }
}

/// A JSON value whose objects keep their keys in the order given.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// An object with its keys in the order listed.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { (key: $0.key, value: $0.value) })
    }

    /// A string, or `null` when absent.
    public static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// An integer.
    public static func int(_ value: Int) -> JSONValue { .int(Int64(value)) }

    /// A number, or `null` when absent.
    public static func double(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }

    /// `value` through its `Encodable` conformance (keys in byte order, dates as UTC ISO 8601 text).
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoder.encode(value)
    }
}

/// Writes JSON values as UTF-8 bytes.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private let indented: Bool
    private var depth = 0

    init(indented: Bool) {
        self.indented = indented
        bytes.reserveCapacity(4096)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(String(number))
        case .double(let number): write(number)
        case .string(let text): write(string: text)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            bytes.append(UInt8(ascii: "["))
            depth += 1
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                write(element)
            }
            depth -= 1
            newline()
            bytes.append(UInt8(ascii: "]"))
        case .object(let pairs):
            guard !pairs.isEmpty else { return append("{}") }
            bytes.append(UInt8(ascii: "{"))
            depth += 1
            for (index, pair) in pairs.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline()
                write(string: pair.key)
                append(indented ? " : " : ":")
                write(pair.value)
            }
            depth -= 1
            newline()
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Whole numbers without a fraction (below 2^63), others in Swift's shortest round-trip form (`0.1`, `1e-07`),
    /// which is valid JSON; NaN and infinities as `null`.
    private mutating func write(_ number: Double) {
        guard number.isFinite else { return append("null") }
        if number == number.rounded(), abs(number) < 9.2e18 {
            append(String(Int64(number)))
        } else {
            append(number.description)
        }
    }

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Ends a line (only when indented, and at the depth it is in).
    mutating func newline() {
        guard indented else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
