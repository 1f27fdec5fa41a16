// HTTPTypes comes with Hummingbird, which exports only HTTPFields, HTTPRequest and HTTPResponse of it.
import HTTPTypes

/// The header names `weft serve` reads or writes that HTTPTypes does not name.
extension HTTPField.Name {
    static let referrerPolicy = named("Referrer-Policy")
    static let xFrameOptions = named("X-Frame-Options")
    /// `same-origin`, `same-site`, `cross-site` or `none`: where a browser's request comes from.
    static let secFetchSite = named("Sec-Fetch-Site")
    /// Where the dashboard's script puts the page's CSRF token.
    static let xCSRFToken = named("X-CSRF-Token")
    /// `https` when a reverse proxy on this machine took the request over TLS.
    static let xForwardedProto = named("X-Forwarded-Proto")

    private static func named(_ name: String) -> HTTPField.Name {
        guard let field = HTTPField.Name(name) else { preconditionFailure("\(name) is not a header name") }
        return field
    }
}
