import Foundation
import Hummingbird
import NIOCore
import WeftPrimitives

/// `/login` and `/logout` for browsers when the server has a token: the form takes the token once (in a POST body,
/// never a URL) and sets an `HttpOnly; SameSite=Strict` session cookie, `Secure` when a reverse proxy on this
/// machine says the request came over TLS (`X-Forwarded-Proto: https`); `POST /logout` ends the session and clears
/// it (a POST, so another site's link or image cannot log a dashboard out), for good (the revocation is kept on disk).
/// `GET /login?once=CODE`, the link the server prints at its start, logs a browser in without typing the token, once.
struct LoginRoutes: Sendable {
    let token: String?
    let sessions: Sessions
    /// The language of the form and its messages.
    let catalog: Catalog

    /// The fields of the login form.
    private struct Form: Decodable {
        var token: String?
    }

    /// Adds the routes to `router`, ahead of the token gate: the login form is for callers without a session.
    func add(to router: Router<ServeContext>) {
        for method in [HTTPRequest.Method.get, .head] {
            router.on("/login", method: method) { request, context in page(request, context) }
        }
        router.on("/login", method: .post) { request, context in try await signIn(request, context) }
        router.on("/logout", method: .post) { request, context in logout(request, context) }
    }

    private func page(_ request: Request, _ context: ServeContext) -> Response {
        // Without a token there is nothing to log into.
        guard token != nil else { return Self.redirect(to: "/") }
        if let code = request.uri.queryParameters["once"] {
            // The link printed at the start: one session, then it is spent (it stays in the browser's history).
            guard sessions.redeem(String(code)), let session = sessions.open(now: Date()) else {
                return page(
                    .unauthorized, context,
                    catalog.text("That login link was used already or is not this server's: type the token instead."))
            }
            var response = Self.redirect(to: "/")
            response.setCookie(cookie(session.value, maxAge: Sessions.lifetime, request: request, context: context))
            return response
        }
        if request.uri.queryParameters["token"] != nil {
            return page(
                .badRequest, context,
                catalog.text(
                    "The token was put in the address, where browsers and proxies keep it: it is ignored. Type it in the form below instead."
                ))
        }
        if case .session = context.caller { return Self.redirect(to: "/") }
        return page(.ok, context, nil)
    }

    private func signIn(_ request: Request, _ context: ServeContext) async throws -> Response {
        guard let token else { return Self.redirect(to: "/") }
        var request = request
        guard let body = try await request.collectBody(limitOf: context) else {
            return page(
                .contentTooLarge, context,
                catalog.text("The form is larger than {count} bytes.", ["count": String(context.maxUploadSize)]))
        }
        let form = try? URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
        guard let given = form?.token?.trimmingCharacters(in: .whitespacesAndNewlines),
            Sessions.equal(given, token), let session = sessions.open(now: Date())
        else {
            return page(.unauthorized, context, catalog.text("That is not this server's token."))
        }
        var response = Self.redirect(to: "/")
        response.setCookie(cookie(session.value, maxAge: Sessions.lifetime, request: request, context: context))
        return response
    }

    private func logout(_ request: Request, _ context: ServeContext) -> Response {
        guard token != nil else { return Self.redirect(to: "/") }
        let name = Sessions.cookieName(port: context.local?.port)
        if let cookie = request.cookies[name] {
            do {
                try sessions.revoke(cookie.value, now: Date())
            } catch {
                // Ended for this run of the server, but a restart would bring it back: say so rather than pretend.
                return Reply.error(
                    .internalServerError, "logged out until the server restarts, but not for good: \(error)"
                ).response
            }
        }
        var response = Self.redirect(to: "/login")
        response.setCookie(cookie("", maxAge: 0, request: request, context: context))
        return response
    }

    private func page(_ status: HTTPResponse.Status, _ context: ServeContext, _ message: String?) -> Response {
        var reply = Reply.text(
            LoginPage(csrfToken: context.csrfToken, message: message, catalog: catalog).html(), type: LoginPage.type)
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
