import Hummingbird

/// Answers 429 with `Retry-After` to a client over its rate; first in line, so guessing the token or the login is
/// rate limited too.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    let limiter: RateLimiter

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        guard let wait = limiter.admit(context.client) else { return try await next(request, context) }
        var reply = Reply.error(.tooManyRequests, "too many requests from \(context.client); slow down")
        reply.headers[.retryAfter] = String(wait)
        return reply.response
    }
}
