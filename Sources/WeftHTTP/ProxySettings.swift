/// The proxy for one request, resolved from curl's environment variables by us rather than by libcurl,
/// so the environment can be injected in tests and the process environment is never read behind our back.
struct ProxySettings: Sendable, Equatable {
    /// CURLOPT_PROXY; "" explicitly disables proxies (libcurl then ignores its own environment lookup).
    var proxy: String
    /// CURLOPT_NOPROXY; "" means no host bypasses the proxy.
    var noProxy: String

    /// Follows curl's rules: `http_proxy` (lower case only, the httpoxy rule), `https_proxy`/`HTTPS_PROXY`,
    /// then `all_proxy`/`ALL_PROXY`; `no_proxy`/`NO_PROXY` for exceptions. Empty values count as unset.
    static func resolve(url: String, environment: [String: String]) -> ProxySettings {
        func value(_ names: [String]) -> String? {
            for name in names {
                if let v = environment[name]?.trimmingSpaces(), !v.isEmpty { return v }
            }
            return nil
        }
        let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        let schemeNames: [String]
        switch scheme {
        case "http": schemeNames = ["http_proxy"]
        case "https": schemeNames = ["https_proxy", "HTTPS_PROXY"]
        default: schemeNames = []
        }
        let proxy = value(schemeNames + ["all_proxy", "ALL_PROXY"]) ?? ""
        let noProxy = value(["no_proxy", "NO_PROXY"]) ?? ""
        return ProxySettings(proxy: proxy, noProxy: noProxy)
    }

    /// The proxy without user:password, for log lines.
    var proxyForLogging: String {
        guard let at = proxy.lastIndex(of: "@") else { return proxy }
        let afterScheme = proxy.range(of: "://").map { $0.upperBound } ?? proxy.startIndex
        guard afterScheme <= at else { return proxy }
        return String(proxy[..<afterScheme]) + Redactor.placeholder + String(proxy[at...])
    }
}
