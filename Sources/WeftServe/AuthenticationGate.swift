import Hummingbird

/// With a token configured, lets through only the bearer token or a session from `/login`: a browser asking for a
/// page is sent to `/login`, anything else gets 401 with `WWW-Authenticate`.
struct AuthenticationGate: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        guard context.caller == .anonymous else { return try await next(request, context) }
        if [.get, .head].contains(request.method), request.headers[.authorization] == nil, Self.wantsPage(request) {
            return LoginRoutes.redirect(to: "/login")
        }
        var reply = Reply.error(
            .unauthorized, "this server needs Authorization: Bearer TOKEN, or a browser session from /login")
        reply.headers[.wwwAuthenticate] = #"Bearer realm="weft""#
        return reply.response
    }

    /// A browser's navigation: the dashboard, or anything asked for as HTML.
    static func wantsPage(_ request: Request) -> Bool {
        request.uri.path == "/" || request.headers[.accept]?.lowercased().contains("text/html") == true
    }
}
