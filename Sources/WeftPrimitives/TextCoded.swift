/// A value JSON holds as one string (a day `2026-12-24`, a schedule `12345`): its `Codable` conformance reads and
/// writes that string, and a string that does not read is a data error that says what was expected.
public protocol TextCoded: Codable {
    /// The value `text` spells, or nil.
    init?(codedText text: String)
    /// The string it is written as.
    var codedText: String { get }
    /// What a string must be, for the error: `a yyyy-MM-dd day`.
    static var codedMeaning: String { get }
}

extension TextCoded {
    /// Reads the value from one string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(codedText: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not \(Self.codedMeaning)"))
        }
        self = value
    }

    /// Writes the value as one string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codedText)
    }
}
