import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How far inside an address is: on the internet, on a local network, or on this machine.
///
/// A redirect may lead outward or stay, never inward: an answer from a public server must not make weft fetch a
/// page from the local network or this machine (which weft would then show as that server's error), and a LAN
/// server must not send it to this machine. Credentials go over plain http only to this machine.
public enum NetworkScope: Int, Comparable, Sendable, CustomStringConvertible {
    /// Any address not listed below.
    case publicInternet = 0
    /// RFC 1918, carrier-grade NAT (100.64/10), link-local (169.254/16, fe80::/10), unique local (fc00::/7),
    /// multicast and the other special ranges a public server has no business pointing at.
    case localNetwork = 1
    /// 127/8, ::1, and 0.0.0.0/8 and :: (a connection to them reaches this machine).
    case thisMachine = 2

    public static func < (lhs: NetworkScope, rhs: NetworkScope) -> Bool { lhs.rawValue < rhs.rawValue }

    /// As messages name it.
    public var description: String {
        switch self {
        case .publicInternet: "a public address"
        case .localNetwork: "an address on the local network"
        case .thisMachine: "this machine"
        }
    }

    /// The scope of an address given as 4 (IPv4) or 16 (IPv6) bytes in network order; nil for another length.
    static func of(bytes: [UInt8]) -> NetworkScope? {
        switch bytes.count {
        case 4: return ipv4(bytes[0], bytes[1], bytes[2], bytes[3])
        case 16: return ipv6(bytes)
        default: return nil
        }
    }

    /// The scope of an IPv4 or IPv6 literal (`127.0.0.1`, `::1`, `[::1]`); nil when `text` is not one.
    static func of(address text: String) -> NetworkScope? {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        if let zone = literal.firstIndex(of: "%") { literal = literal[..<zone] }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(literal), &v4) == 1 {
            return withUnsafeBytes(of: &v4) { of(bytes: Array($0)) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, String(literal), &v6) == 1 {
            return withUnsafeBytes(of: &v6) { of(bytes: Array($0)) }
        }
        return nil
    }

    /// The scope a URL's host names without resolving it: a literal's own, `localhost` (and `*.localhost`, RFC 6761)
    /// this machine; nil for any other name.
    static func of(host: String) -> NetworkScope? {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        if name == "localhost" || name.hasSuffix(".localhost") { return .thisMachine }
        return of(address: name)
    }

    private static func ipv4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> NetworkScope {
        switch (a, b) {
        case (127, _), (0, _): return .thisMachine
        case (10, _), (169, 254), (192, 168): return .localNetwork
        case (172, 16...31), (100, 64...127): return .localNetwork
        case (192, 0) where c == 0: return .localNetwork  // IETF protocol assignments
        case (198, 18...19): return .localNetwork  // benchmarking
        case (224...255, _): return .localNetwork  // multicast, reserved, broadcast
        default: return .publicInternet
        }
    }

    private static func ipv6(_ bytes: [UInt8]) -> NetworkScope {
        let zeroPrefix = bytes[0..<10].allSatisfy { $0 == 0 }
        if zeroPrefix, bytes[10] == 0xff, bytes[11] == 0xff {
            // ::ffff:a.b.c.d, an IPv4 address in IPv6 form.
            return ipv4(bytes[12], bytes[13], bytes[14], bytes[15])
        }
        if zeroPrefix, bytes[10] == 0, bytes[11] == 0, bytes[12] == 0, bytes[13] == 0, bytes[14] == 0,
            bytes[15] <= 1
        {
            return .thisMachine  // :: and ::1
        }
        if bytes[0] & 0xfe == 0xfc { return .localNetwork }  // fc00::/7
        if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 { return .localNetwork }  // fe80::/10
        if bytes[0] == 0xff { return .localNetwork }  // multicast
        if bytes[0] == 0x00 && bytes[1] == 0x64 && bytes[2] == 0xff && bytes[3] == 0x9b {
            // 64:ff9b::/96, NAT64: judged by the IPv4 address it carries.
            return ipv4(bytes[12], bytes[13], bytes[14], bytes[15])
        }
        return .publicInternet
    }
}

/// The one rule for credentials on the wire: over https anywhere, over plain http only to this machine (a login
/// to a server on the local network needs the source's explicit `allow_insecure = true`).
public enum CredentialTransport {
    /// Why `url` may not be sent with its credentials (its own `user:password@`, or, when `login` says so, a login
    /// or an API key sent with it), or nil when it may. `allowInsecure` is a source's explicit consent to plain http
    /// to another machine.
    public static func refusal(url: String, login: Bool = false, allowInsecure: Bool = false) -> String? {
        guard let parts = URLParts(url), parts.scheme.lowercased() == "http",
            login || parts.userinfo.map({ !$0.isEmpty }) == true
        else { return nil }
        let named = parts.host.flatMap { NetworkScope.of(host: $0) }
        if named == .thisMachine { return nil }
        // A host name is judged by the address it resolves to, when connecting (the transfer's connect rule).
        if allowInsecure { return named == .publicInternet ? publicRefusal(url) : nil }
        return "\"\(Redactor.displayURL(url))\" would send credentials unencrypted; use https:// (plain http:// "
            + "carries a password or key only to a server on this machine: localhost, 127.0.0.1 or [::1])"
    }

    private static func publicRefusal(_ url: String) -> String {
        "\"\(Redactor.displayURL(url))\" would send credentials unencrypted to a public address; use https:// "
            + "(allow_insecure lets plain http:// carry them only to a server on the local network)"
    }
}
