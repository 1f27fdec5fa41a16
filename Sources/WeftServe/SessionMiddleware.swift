import Foundation
import Hummingbird

/// Works out who is asking — the bearer token, a session cookie from `/login`, or nobody — and the CSRF token of
/// that caller's pages, and puts them in the request context with the one body limit (`--max-body`) that every
/// reader of a body takes from there. It refuses nothing: `AuthenticationGate` and `CSRFMiddleware` decide.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    let token: String?
    let sessions: Sessions
    /// The largest request body read, in bytes.
    let maxBodyBytes: Int

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.maxUploadSize = maxBodyBytes
        context.caller = caller(of: request, context: context)
        context.csrfToken = sessions.csrfToken(for: context.caller)
        return try await next(request, context)
    }

    private func caller(of request: Request, context: ServeContext) -> ServeContext.Caller {
        guard let token else { return .open }
        if let header = request.headers[.authorization] {
            return Self.bearer(in: header).map { Sessions.equal($0, token) } == true ? .bearer : .anonymous
        }
        if let cookie = request.cookies[Sessions.cookieName(port: context.local?.port)],
            let nonce = sessions.verify(cookie.value, now: Date())
        {
            return .session(nonce)
        }
        return .anonymous
    }

    /// The credentials of an `Authorization: Bearer …` header; the scheme's name is case-insensitive (RFC 9110).
    static func bearer(in header: String) -> Substring? {
        let trimmed = header.drop { $0 == " " || $0 == "\t" }
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }),
            trimmed[..<space].lowercased() == "bearer"
        else { return nil }
        let credentials = trimmed[space...].drop { $0 == " " || $0 == "\t" }
        var end = credentials.endIndex
        while end > credentials.startIndex, [" ", "\t"].contains(credentials[credentials.index(before: end)]) {
            end = credentials.index(before: end)
        }
        return credentials[..<end]
    }
}
