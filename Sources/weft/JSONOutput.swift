import Foundation
import WeftPrimitives

/// The JSON every `--json` of the command line prints: keys sorted, indented, slashes as they are, instants as UTC
/// ISO 8601 text.
enum JSONOutput {
    /// The encoder behind `text(_:)`, for callers that encode several values.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISOInstant.format(date))
        }
        return encoder
    }

    /// `value` as JSON text, without a trailing newline.
    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
