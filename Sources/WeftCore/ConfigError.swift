import Foundation
import WeftPrimitives

/// A problem in a provider's TOML file; every case names the file, and the line where one is known.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible, CatalogText {
    case unreadable(file: String, reason: String)
    case malformedTOML(file: String, line: Int, column: Int, message: String)
    case unknownType(file: String, line: Int?, type: String, known: [String])
    case missingKey(file: String, key: String, expected: String)
    case wrongType(file: String, line: Int?, key: String, expected: String, found: String)
    case invalidValue(file: String, line: Int?, key: String, message: String)
    case unknownKey(file: String, line: Int?, key: String, known: [String])
    case badInstanceName(file: String)
    case noSuchInstance(String, directory: String)
    /// Two files, `files` (the one that keeps the prefix first), each at the line of its `prefix` (else `type`).
    case duplicatePrefix(prefix: String, files: [String], lines: [Int?])

    /// English, for logs and `--json`; ``text(in:)`` says it in the reader's language.
    public var description: String { text(in: .english) }

    /// The error in `catalog`'s language. What a provider wrote into a case (`expected`, `message`, a TOML
    /// parser's words) is quoted as it is.
    public func text(in catalog: Catalog) -> String {
        switch self {
        case .unreadable(let file, let reason):
            return catalog.text("{file}: cannot read: {reason}", ["file": file, "reason": reason])
        case .malformedTOML(let file, let line, let column, let message):
            return catalog.text(
                "{place}: malformed TOML: {message}", ["place": "\(file):\(line):\(column)", "message": message])
        case .unknownType(let file, let line, let type, let known):
            return catalog.text(
                "{place}: unknown provider type \"{type}\"; known types: {known}",
                ["place": Self.place(file, line), "type": type, "known": known.joined(separator: ", ")])
        case .missingKey(let file, let key, let expected):
            return catalog.text(
                "{file}: missing required key \"{key}\" ({expected})", ["file": file, "key": key, "expected": expected])
        case .wrongType(let file, let line, let key, let expected, let found):
            return catalog.text(
                "{place}: key \"{key}\" must be {expected}, found {found}",
                ["place": Self.place(file, line), "key": key, "expected": expected, "found": found])
        case .invalidValue(let file, let line, let key, let message):
            return catalog.text(
                "{place}: key \"{key}\": {message}", ["place": Self.place(file, line), "key": key, "message": message])
        case .unknownKey(let file, let line, let key, let known):
            return catalog.text(
                "{place}: unknown key \"{key}\"; this provider type knows: {known}",
                ["place": Self.place(file, line), "key": key, "known": known.sorted().joined(separator: ", ")])
        case .badInstanceName(let file):
            return catalog.text(
                "{file}: a provider file name must be letters, digits, '-' or '_' followed by .toml", ["file": file])
        case .noSuchInstance(let name, let directory):
            // A file name or path given for an instance: say the instance name it means.
            let base = (name as NSString).lastPathComponent
            if base.hasSuffix(".toml") || name.contains("/") {
                let instance = base.hasSuffix(".toml") ? String(base.dropLast(5)) : base
                return catalog.text(
                    "no provider named \"{name}\": an instance is named by its file name without the folder and .toml (\"{instance}\" for {file})",
                    ["name": name, "instance": instance, "file": "\(directory)/\(instance).toml"])
            }
            return catalog.text(
                "no provider named \"{name}\" (no {file} in {directory})",
                ["name": name, "file": "\(name).toml", "directory": directory])
        case .duplicatePrefix(let prefix, let files, let lines):
            let places = files.indices.map { Self.place(files[$0], lines.indices.contains($0) ? lines[$0] : nil) }
            let instance = ((files.last ?? "") as NSString).lastPathComponent.replacingOccurrences(
                of: ".toml", with: "")
            return catalog.text(
                "{place}: the variable prefix \"{prefix}\" is already used by {others}; give this file a prefix of its own, such as prefix = \"{suggestion}\"",
                [
                    "place": places.last ?? "", "prefix": prefix,
                    "others": places.dropLast().joined(separator: catalog.text(" and ")),
                    "suggestion": "__\(instance)_",
                ])
        }
    }

    /// The provider file the error is about, when it is about one.
    public var file: String? {
        switch self {
        case .unreadable(let file, _), .malformedTOML(let file, _, _, _), .unknownType(let file, _, _, _),
            .missingKey(let file, _, _), .wrongType(let file, _, _, _, _), .invalidValue(let file, _, _, _),
            .unknownKey(let file, _, _, _), .badInstanceName(let file):
            return file
        case .duplicatePrefix(_, let files, _): return files.last
        case .noSuchInstance: return nil
        }
    }

    /// The line of the file the error is about, when one is known.
    public var line: Int? {
        switch self {
        case .malformedTOML(_, let line, _, _): return line
        case .duplicatePrefix(_, _, let lines): return lines.last ?? nil
        case .unknownType(_, let line, _, _), .wrongType(_, let line, _, _, _), .invalidValue(_, let line, _, _),
            .unknownKey(_, let line, _, _):
            return line
        case .unreadable, .missingKey, .badInstanceName, .noSuchInstance: return nil
        }
    }

    /// The key the error is about, when it is about one (`api_key_env`, `sources[0].password_env`).
    public var key: String? {
        switch self {
        case .missingKey(_, let key, _), .wrongType(_, _, let key, _, _), .invalidValue(_, _, let key, _),
            .unknownKey(_, _, let key, _):
            return key
        case .unreadable, .malformedTOML, .unknownType, .badInstanceName, .noSuchInstance, .duplicatePrefix:
            return nil
        }
    }

    /// The instance whose file the error is about, when the file name is a valid instance id.
    public var instance: String? {
        guard let file, file.hasSuffix(".toml") else { return nil }
        let name = String((file as NSString).lastPathComponent.dropLast(5))
        return ProviderConfig.isValidInstanceName(name) ? name : nil
    }

    private static func place(_ file: String, _ line: Int?) -> String {
        line.map { "\(file):\($0)" } ?? file
    }
}
