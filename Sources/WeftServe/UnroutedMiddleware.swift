import Foundation
import Hummingbird

/// Answers what the router found no route for, in the server's words: a known path asked with a method it does not
/// take is a 405 with `Allow`, anything else a 404 that lists the endpoints (the router itself only throws a bare
/// 404, and outside the middleware that puts on the security headers).
struct UnroutedMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path.removingPercentEncoding ?? request.uri.path
            if let allow = WeftRoutes.allowedMethods(path), !allow.contains(request.method.rawValue) {
                return Reply.notAllowed(allow).response
            }
            return Reply.noEndpoint(path).response
        }
    }
}
