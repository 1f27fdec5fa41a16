import Foundation

/// The text a notification carries: plain text without control characters (no terminal escape reaches a command's
/// environment or a log; the D-Bus delivery escapes it for servers that take `body-markup`), and links without
/// credentials.
public enum SafeText {
    /// `text` without control characters (C0 but tab and newline, DEL, C1: an ESC sequence loses its ESC), at most
    /// `limit` characters.
    public static func plain(_ text: String, limit: Int = 1000) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A || value == 0x09 {
                result.unicodeScalars.append(scalar)
            } else if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                continue
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.count > limit ? String(result.prefix(limit - 1)) + "…" : result
    }

    /// `http(s)` links keep no credentials (`user:password@`); anything else is no link.
    public static func link(_ text: String?) -> String? {
        guard let text, var components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme), components.host != nil
        else { return nil }
        components.user = nil
        components.password = nil
        return components.string
    }
}

/// The `notify.toml` templates' shape, checked by `weft check`: every `{{` closed, no empty token.
enum TemplateCheck {
    static func problem(_ template: String) -> String? {
        var rest = template[...]
        while let open = rest.range(of: "{{") {
            let tail = rest[open.upperBound...]
            guard let close = tail.range(of: "}}") else { return "a \"{{\" without its \"}}\"" }
            if tail[..<close.lowerBound].trimmingCharacters(in: .whitespaces).isEmpty {
                return "an empty {{}}"
            }
            rest = tail[close.upperBound...]
        }
        return nil
    }
}
