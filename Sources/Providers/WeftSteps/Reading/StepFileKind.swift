/// What a file's first bytes say it is, so each kind goes to its reader and a file no reader understands is named
/// in words instead of having its bytes printed as a CSV header.
enum StepFileKind: Equatable {
    /// Text that may be a CSV export.
    case text
    /// JSON: an object (`{`, Google Fit) or an array (`[`, Fitbit).
    case json(object: Bool)
    /// An SQLite database (Gadgetbridge's export).
    case sqlite
    /// XML.
    case xml
    /// Anything else, described ("a zip archive", "binary data").
    case other(String)

    /// How many leading bytes `sniff` looks at.
    static let sniffLength = 4096

    /// Classifies a file from its first bytes (up to `sniffLength`).
    static func sniff<Bytes: Collection>(_ prefix: Bytes) -> StepFileKind where Bytes.Element == UInt8 {
        let bytes = Array(prefix.prefix(sniffLength))
        func starts(_ magic: [UInt8]) -> Bool { bytes.starts(with: magic) }
        if starts(Array("SQLite format 3".utf8) + [0]) { return .sqlite }
        for (magic, name) in magics where starts(magic) { return .other(name) }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if body.starts(with: [0xFF, 0xFE]) || body.starts(with: [0xFE, 0xFF]) {
            return .other("UTF-16 text (save it as UTF-8)")
        }
        if isBinary(body) { return .other("binary data") }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        switch first {
        case UInt8(ascii: "{"): return .json(object: true)
        case UInt8(ascii: "["): return .json(object: false)
        case UInt8(ascii: "<"): return .xml
        default: return .text
        }
    }

    private static let magics: [([UInt8], String)] = [
        ([0x50, 0x4B, 0x03, 0x04], "a zip archive"), ([0x50, 0x4B, 0x05, 0x06], "an empty zip archive"),
        ([0x1F, 0x8B], "a gzip file (unpack it first)"), (Array("%PDF".utf8), "a PDF document"),
        ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"),
        ([0x7F, 0x45, 0x4C, 0x46], "an executable (ELF)"), (Array("bplist".utf8), "a binary property list"),
        ([0x42, 0x5A, 0x68], "a bzip2 file (unpack it first)"), ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "an xz file"),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7-Zip archive"),
    ]

    /// True when the bytes hold a NUL or control characters a text export never has, or are mostly not UTF-8.
    private static func isBinary(_ bytes: ArraySlice<UInt8>) -> Bool {
        var controls = 0
        for byte in bytes where byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C {
            if byte == 0 { return true }
            controls += 1
        }
        if controls > 0 && controls * 100 > bytes.count { return true }
        // Latin-1 exports have a few bytes that are not UTF-8 (the CSV reader repairs them); binary data has many.
        let high = bytes.count(where: { $0 >= 0x80 })
        guard high * 100 > bytes.count * 30 else { return false }
        // A multi-byte character may be cut at the end of the sniffed prefix: decode up to its last full character.
        var end = bytes.endIndex
        var back = 0
        while end > bytes.startIndex, back < 3, bytes[end - 1] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        if end > bytes.startIndex, bytes[end - 1] >= 0xC0 { end -= 1 }
        return String(validating: bytes[bytes.startIndex..<end], as: UTF8.self) == nil
    }
}
