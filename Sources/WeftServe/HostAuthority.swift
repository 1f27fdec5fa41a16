/// A `host[:port]` as the `Host` header, an `Origin` and `--allow-host` write it: the host lower-cased without a
/// trailing dot, an IPv6 address in brackets.
struct HostAuthority: Equatable, Sendable {
    var host: String
    var port: Int?

    /// nil for anything that is not a plain host with an optional port (a scheme, a path, user info, a bad port).
    static func parse(_ text: String) -> HostAuthority? {
        let text = text.lowercased()
        guard !text.isEmpty, text.utf8.count <= 300 else { return nil }
        let host: Substring
        let rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[...close]
            rest = text[text.index(after: close)...]
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            rest = text[colon...]
        } else {
            host = text[...]
            rest = ""
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-._[]:")
        guard !host.isEmpty, host.allSatisfy(allowed.contains) else { return nil }
        var name = String(host)
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        guard !rest.isEmpty else { return HostAuthority(host: name, port: nil) }
        let digits = rest.dropFirst()
        guard rest.first == ":", (1...5).contains(digits.count), digits.allSatisfy(\.isASCII),
            let port = Int(digits), (0...65535).contains(port)
        else { return nil }
        return HostAuthority(host: name, port: port)
    }

    /// The authority of an `Origin` or `Referer` URL (`http://host:port/…`), nil when it has none (`null`).
    static func ofURL(_ url: String) -> HostAuthority? {
        guard let scheme = url.range(of: "://") else { return nil }
        let afterScheme = url[scheme.upperBound...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return nil }
        return parse(String(authority))
    }

    /// The IP address of a socket in the form a `Host` header carries (IPv6 in brackets).
    static func hostForm(ofIP ip: String) -> String {
        ip.contains(":") ? "[" + ip.lowercased() + "]" : ip
    }
}
