import Foundation

/// The JSON weft prints for people and scripts (every `--json`, the nowcast report): keys sorted, indented, `/` as
/// it is (never `\/`), instants as UTC ISO 8601 text.
public enum JSONText {
    /// The encoder behind `text(_:)`, for callers that encode several values.
    public static var encoder: JSONEncoder { encoder(lines: true) }

    /// The same rules on one line, for what is read a line at a time (status bars, HTTP replies).
    public static var compactEncoder: JSONEncoder { encoder(lines: false) }

    private static func encoder(lines: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = lines ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISOInstant.format(date))
        }
        return encoder
    }

    /// `value` as JSON text, without a trailing newline.
    public static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `value` as JSON text on one line.
    public static func line(_ value: some Encodable) throws -> String {
        String(decoding: try compactEncoder.encode(value), as: UTF8.self)
    }

    /// A Foundation JSON object (dictionaries, arrays, strings, numbers, `NSNull`) as JSON text by the same rules,
    /// without a trailing newline.
    public static func text(object: Any) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
