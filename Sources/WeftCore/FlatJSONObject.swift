import Foundation
import WeftPrimitives

/// A JSON object whose values are strings or numbers (null means absent), as commands and `--vars` files give.
public enum FlatJSONObject {
    /// Why a text is not such an object.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case notJSON(excerpt: String)
        case empty
        case notAnObject(found: String)
        case unsupportedValue(key: String, found: String)
        case tooDeep

        public var description: String {
            switch self {
            case .notJSON(let excerpt): "not JSON: \"\(excerpt)\""
            case .empty: "empty"
            case .notAnObject(let found): "found \(found), not an object"
            case .unsupportedValue(let key, let found): "\"\(key)\" is \(found)"
            case .tooDeep: "not read: \(NestingLimit.reason)"
            }
        }
    }

    /// Parses the object; numbers are written as integers when integral, else without trailing zeros.
    public static func parse(_ bytes: [UInt8]) throws(Problem) -> [String: String] {
        guard bytes.contains(where: { !($0 == 32 || $0 == 10 || $0 == 13 || $0 == 9) }) else { throw .empty }
        if NestingLimit.excess(in: bytes) != nil { throw .tooDeep }
        let decoded: [String: Scalar]
        do {
            decoded = try JSONDecoder().decode([String: Scalar].self, from: Data(bytes))
        } catch DecodingError.typeMismatch {
            let found = (try? JSONDecoder().decode(Scalar.self, from: Data(bytes)))?.typeName ?? "of another shape"
            throw .notAnObject(found: found)
        } catch {
            let text = String(decoding: bytes.prefix(120), as: UTF8.self)
            throw .notJSON(excerpt: text.replacingOccurrences(of: "\n", with: "⏎").trimmingCharacters(in: .whitespaces))
        }
        var values: [String: String] = [:]
        for (key, value) in decoded {
            switch value {
            case .null: continue
            case .text(let text): values[key] = text
            case .other(let found): throw .unsupportedValue(key: key, found: found)
            }
        }
        return values
    }

    private enum Scalar: Decodable {
        case text(String)
        case null
        case other(String)

        var typeName: String {
            switch self {
            case .text: "a string or number"
            case .null: "null"
            case .other(let name): name
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let string = try? container.decode(String.self) {
                self = .text(string)
            } else if let int = try? container.decode(Int64.self) {
                self = .text(String(int))
            } else if let double = try? container.decode(Double.self) {
                self = .text(NumberText.plain(double))
            } else if (try? container.decode(Bool.self)) != nil {
                self = .other("a boolean")
            } else if (try? container.decode([Scalar].self)) != nil {
                self = .other("an array")
            } else {
                self = .other("an object")
            }
        }
    }
}
