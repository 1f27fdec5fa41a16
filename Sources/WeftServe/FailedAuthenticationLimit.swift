import Hummingbird

/// One budget of failed authentications for the whole server, whichever address they come from: each answer 401 to
/// a request that brought credentials (a wrong bearer token, a wrong token in the login form, a spent login link)
/// takes from it, and while it is empty every request that brings credentials is answered 429 before they are
/// looked at. The per-client rate limit alone lets a guesser that rotates its source address (all of 127.0.0.0/8 is
/// this machine) start afresh.
struct FailedAuthenticationLimit: RouterMiddleware {
    typealias Context = ServeContext

    /// The failures the server takes at once; then one a second.
    let budget: RateLimiter

    init(burst: Int) { budget = RateLimiter(rate: 1, burst: burst) }

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let guess = Self.bringsCredentials(request)
        if guess, let wait = budget.waiting("all") {
            var reply = Reply.error(
                .tooManyRequests, "too many failed attempts to authenticate on this server; try again later")
            reply.headers[.retryAfter] = String(wait)
            return reply.response
        }
        let response = try await next(request, context)
        // A request without credentials (an old script polling without its token) guesses nothing and takes nothing.
        if guess, response.status == .unauthorized { _ = budget.admit("all") }
        return response
    }

    /// A bearer token, the login form or a login link.
    static func bringsCredentials(_ request: Request) -> Bool {
        request.headers[.authorization] != nil
            || (request.uri.path == "/login"
                && (request.method == .post || request.uri.queryParameters["once"] != nil))
    }
}
