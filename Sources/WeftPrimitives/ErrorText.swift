import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one place an error becomes words a person reads. weft's own errors say what they mean in their
/// `description`; an error from a library (Foundation, the Swift runtime's decoders, NIO, swift-crypto, TOMLKit)
/// describes itself with its Swift type, enum case or a system call's signature and errno, which are turned into
/// words here. The caller adds the thing and the place (the file, the address) it knows.
public enum ErrorText {
    /// What `error` means, in words: weft's own description, else the library error put into words.
    public static func words(_ error: any Error) -> String {
        library(error) ?? "\(error)"
    }

    /// The words for an error that is not weft's own (nil for weft's errors and ArgumentParser's, which say
    /// themselves).
    public static func library(_ error: any Error) -> String? {
        let module = String(reflecting: type(of: error)).prefix { $0 != "." }
        if module.hasPrefix("Weft") || module.hasPrefix("weft") || module == "ArgumentParser" { return nil }
        if let decoding = error as? DecodingError { return words(decoding) }
        if let posix = error as? POSIXError { return systemText(posix.code.rawValue) }
        if let cocoa = error as? CocoaError { return cocoa.localizedDescription }
        if let url = error as? URLError { return words(NSError(domain: NSURLErrorDomain, code: url.errorCode)) }
        // An NSError describes itself as `Error Domain=… Code=… "(null)"`.
        if type(of: error) is NSError.Type { return words(error as NSError) }
        return described(String(describing: error))
    }

    /// A library's own description, without what only its programmers read: `call(args:): reason (errno: N)`
    /// becomes the system's text for N, and a bare enum case (`CryptoKitASN1Error.invalidPEMDocument`) its words.
    static func described(_ text: String) -> String {
        if let errno = systemErrorNumber(in: text) { return systemText(errno) }
        var core = Substring(text)
        if let open = core.firstIndex(of: "("), core.hasSuffix(")") { core = core[..<open] }
        let isCaseName =
            !core.isEmpty
            && core.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") }
        guard isCaseName, let name = core.split(separator: ".").last else { return text }
        return words(ofIdentifier: name)
    }

    /// `invalidPEMDocument` → `invalid PEM document`.
    static func words(ofIdentifier name: Substring) -> String {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            // A capital starts a word, except inside a run of capitals (an acronym) unless a lower-case letter follows.
            let starts =
                character.isUppercase
                && (previous.map { !$0.isUppercase } ?? false || next.map { $0.isLowercase } ?? false)
            if starts, !current.isEmpty {
                words.append(current)
                current = ""
            }
            if character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { word in
            word.count > 1 && word.allSatisfy(\.isUppercase) ? word : word.lowercased()
        }.joined(separator: " ")
    }

    /// The `N` of `(errno: N)` in a library's description (NIO's `IOError`).
    static func systemErrorNumber(in text: String) -> Int32? {
        guard let range = text.range(of: "(errno: ") else { return nil }
        return Int32(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// The system's words for an errno, starting lower-case (`address already in use`).
    public static func systemText(_ number: Int32) -> String {
        let text = String(cString: strerror(number))
        guard let first = text.first else { return "system error \(number)" }
        return first.lowercased() + text.dropFirst()
    }

    private static func words(_ error: NSError) -> String {
        switch (error.domain, error.code) {
        case (NSPOSIXErrorDomain, let code): return systemText(Int32(truncatingIfNeeded: code))
        case (NSURLErrorDomain, NSURLErrorTimedOut): return "the server did not answer in time"
        case (NSURLErrorDomain, NSURLErrorCannotFindHost): return "the server's name cannot be resolved"
        case (NSURLErrorDomain, NSURLErrorCannotConnectToHost):
            return "the server cannot be reached (connection refused)"
        case (NSURLErrorDomain, NSURLErrorNotConnectedToInternet): return "this machine is not connected to a network"
        case (NSURLErrorDomain, _): return "the request failed (URL error \(error.code))"
        default:
            let text = error.localizedDescription
            return text.contains("(null)") || text.hasPrefix("The operation could not be completed")
                ? "\(error.domain) error \(error.code)" : text
        }
    }

    private static func words(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "" : " at \(text.hasPrefix(".") ? String(text.dropFirst()) : text)"
        }
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is String.Type, is Substring.Type: return "a text"
            case is Bool.Type: return "true or false"
            case is Int.Type, is Int64.Type, is Double.Type, is Float.Type, is Decimal.Type: return "a number"
            default:
                let name = String(describing: type)
                if name.hasPrefix("Array") || name.hasPrefix("[") { return "a list" }
                if name.hasPrefix("Dictionary") { return "an object" }
                return "a value of another kind"
            }
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(kind(type))\(place(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "expected \(kind(type))\(place(context.codingPath)), found null"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\"\(place(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "an unreadable value\(place(context.codingPath))"
        @unknown default:
            return "not readable"
        }
    }
}
