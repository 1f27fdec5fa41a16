import Foundation
import Hummingbird
import NIOCore

/// `/login` and `/logout` for browsers when the server has a token: the form takes the token once (in a POST body,
/// never a URL) and sets an `HttpOnly; SameSite=Strict` session cookie, `Secure` when a reverse proxy on this
/// machine says the request came over TLS (`X-Forwarded-Proto: https`); `/logout` ends the session and clears it.
struct LoginMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    let token: String?
    let sessions: Sessions
    let maxBodyBytes: Int

    /// The fields of the login form.
    private struct Form: Decodable {
        var token: String?
    }

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard path == "/login" || path == "/logout" else { return try await next(request, context) }
        // Without a token there is nothing to log into.
        guard let token else { return Self.redirect(to: "/") }
        switch (path, request.method) {
        case ("/login", .get), ("/login", .head):
            if request.uri.queryParameters["token"] != nil {
                return page(
                    .badRequest, context,
                    "The token was put in the address, where browsers and proxies keep it: it is ignored. "
                        + "Type it in the form below instead.")
            }
            if case .session = context.caller { return Self.redirect(to: "/") }
            return page(.ok, context, nil)
        case ("/login", .post):
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: maxBodyBytes)
            } catch is NIOTooManyBytesError {
                return page(.contentTooLarge, context, "The form is larger than \(maxBodyBytes) bytes.")
            }
            let form = try? URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
            guard let given = form?.token?.trimmingCharacters(in: .whitespacesAndNewlines),
                Sessions.equal(given, token), let session = sessions.open(now: Date())
            else {
                return page(.unauthorized, context, "That is not this server's token.")
            }
            var response = Self.redirect(to: "/")
            response.setCookie(cookie(session.value, maxAge: Sessions.lifetime, request: request, context: context))
            return response
        case ("/logout", .get), ("/logout", .head), ("/logout", .post):
            let name = Sessions.cookieName(port: context.local?.port)
            if let cookie = request.cookies[name] { sessions.revoke(cookie.value, now: Date()) }
            var response = Self.redirect(to: "/login")
            response.setCookie(cookie("", maxAge: 0, request: request, context: context))
            return response
        default:
            return Reply.notAllowed("GET, HEAD, POST").response
        }
    }

    private func page(_ status: HTTPResponse.Status, _ context: ServeContext, _ message: String?) -> Response {
        var reply = Reply.text(LoginPage(csrfToken: context.csrfToken, message: message).html(), type: LoginPage.type)
        reply.status = status
        reply.headers[.cacheControl] = "no-store"
        return reply.response
    }

    private func cookie(_ value: String, maxAge: Int, request: Request, context: ServeContext) -> Cookie {
        // Believed only from a proxy on this machine: anyone else could claim it.
        let overTLS = context.clientIsLocal && request.headers[.xForwardedProto]?.lowercased() == "https"
        return Cookie(
            name: Sessions.cookieName(port: context.local?.port), value: value, maxAge: maxAge, path: "/",
            secure: overTLS, httpOnly: true, sameSite: .strict)
    }

    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
