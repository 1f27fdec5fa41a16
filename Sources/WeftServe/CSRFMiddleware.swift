import Hummingbird
import NIOCore

/// Lets a state-changing request (anything but GET, HEAD and OPTIONS) through only when it carries the bearer
/// token, or when it comes from this server's own page: an `Origin` (else `Sec-Fetch-Site: same-origin`, else a
/// `Referer`) of this server and the page's CSRF token, in `X-CSRF-Token` or a form's `csrf` field. A form or a `text/plain` `fetch`
/// on another site therefore cannot increment a counter or render a template.
///
/// A request with none of those browser headers and no session cookie is a program's (curl, a script): browsers
/// send `Origin` with every cross-site POST. It passes, which only matters without a token; with one,
/// `AuthenticationGate` asks it for the bearer token.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    /// The form fields weft's pages post.
    private struct Form: Decodable {
        var csrf: String?
    }

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method), context.caller != .bearer else {
            return try await next(request, context)
        }
        let fromBrowser =
            request.headers[.origin] != nil || request.headers[.secFetchSite] != nil
            || request.headers[.referer] != nil || { if case .session = context.caller { true } else { false } }()
        guard fromBrowser else { return try await next(request, context) }
        guard Self.sameOrigin(request) else {
            return Reply.error(
                .forbidden,
                "a request from another site cannot change anything here (its Origin is not this server's)"
            ).response
        }
        var request = request
        var given = request.headers[.xCSRFToken]
        if given == nil, Self.isForm(request) {
            guard let body = try await request.collectBody(limitOf: context) else {
                return Reply.error(.contentTooLarge, "the form is larger than \(context.maxUploadSize) bytes").response
            }
            given = (try? URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body)))?.csrf
        }
        guard let given, Sessions.equal(given, context.csrfToken) else {
            return Reply.error(
                .forbidden,
                "this request needs the page's CSRF token (the form field csrf or the X-CSRF-Token header); "
                    + "reload the page, or send Authorization: Bearer TOKEN from a script"
            ).response
        }
        return try await next(request, context)
    }

    /// Whether the browser says the request comes from a page of this server (the `Host` was checked before).
    ///
    /// Our own pages' form posts and fetches carry `Origin: null`: `Referrer-Policy: no-referrer` makes browsers
    /// hide the origin of non-CORS requests. `Sec-Fetch-Site`, which no page can set or hide, then decides; an
    /// `Origin: null` without it (a sandboxed frame in an older browser) is refused.
    static func sameOrigin(_ request: Request) -> Bool {
        guard let own = request.head.authority.flatMap(HostAuthority.parse) else { return false }
        let origin = request.headers[.origin]
        if let origin, origin != "null" { return HostAuthority.ofURL(origin) == own }
        if let site = request.headers[.secFetchSite] { return site.lowercased() == "same-origin" }
        if origin != nil { return false }
        if let referer = request.headers[.referer] { return HostAuthority.ofURL(referer) == own }
        return false
    }

    private static func isForm(_ request: Request) -> Bool {
        request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
    }
}
