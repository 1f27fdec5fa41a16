import Hummingbird

/// Puts the browser's defences on every answer: a Content-Security-Policy that allows only the page's own script,
/// style, images and web app manifest (no inline script, no framing, forms that post only here), `nosniff`, and no `Referer` to other
/// sites. The answers carry no CORS header, so other sites' scripts cannot read them.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    /// The policy of every page weft serves.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        // For browsers without frame-ancestors.
        response.headers[.xFrameOptions] = "DENY"
        return response
    }
}
