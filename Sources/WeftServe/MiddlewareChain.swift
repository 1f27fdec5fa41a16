import Hummingbird

/// Runs `weft serve`'s middleware in order, each with one job, around the responder that answers the routes.
struct MiddlewareChain<Responder: HTTPResponder<ServeContext>>: HTTPResponder {
    typealias Context = ServeContext

    let middleware: [any RouterMiddleware<ServeContext>]
    let responder: Responder

    func respond(to request: Request, context: ServeContext) async throws -> Response {
        try await run(from: 0, request, context)
    }

    private func run(from index: Int, _ request: Request, _ context: ServeContext) async throws -> Response {
        guard index < middleware.count else { return try await responder.respond(to: request, context: context) }
        return try await middleware[index].handle(request, context: context) { request, context in
            try await run(from: index + 1, request, context)
        }
    }
}
