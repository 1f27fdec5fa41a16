import Foundation
import Hummingbird
import WeftCore
import WeftPrimitives
import WeftRefresh
import WeftRender
import WeftStore
import WeftTemplate

/// `weft serve`'s routes on Hummingbird's `Router`, each registered for the methods it takes (the router's is the
/// one method guard); reads get an ETag.
///
/// Every request opens the cache read-only for its own render, so answers follow refreshes at once and never
/// hold up a writer. Nothing is read from disk but the cache and the provider files.
struct WeftRoutes: Sendable {
    private let configuration: ServeConfiguration
    /// Where the cache and the provider files are, settled once for the server's life.
    private let workspace: Workspace

    /// The routes of `configuration`.
    init(configuration: ServeConfiguration) {
        self.configuration = configuration
        workspace = Workspace(
            cache: configuration.render.cacheDirectory, providers: configuration.render.providersDirectory,
            environment: configuration.environment)
    }

    /// The routes alone, behind only the answers for unknown paths and methods (the fuzzer's entry: no rate limit,
    /// `Host` check or token; the context's default body limit).
    static func responder(_ configuration: ServeConfiguration) -> some HTTPResponder<ServeContext> {
        let router = Router(context: ServeContext.self)
        WeftRoutes(configuration: configuration).add(to: router)
        DashboardAssets.add(to: router)
        return router.buildResponder()
    }

    /// Adds the routes to `router`, after the middleware they run behind.
    func add(to router: Router<ServeContext>) {
        router.add(middleware: UnroutedMiddleware())
        let readOnly: [HTTPRequest.Method] = [.get, .head]
        func on(
            _ path: RouterPath, _ methods: [HTTPRequest.Method],
            _ answer: @escaping @Sendable (Request, ServeContext) async throws -> Reply
        ) {
            for method in methods {
                router.on(path, method: method) { request, context in
                    try await respond(request) { try await answer(request, context) }
                }
            }
        }
        on("/healthz", readOnly) { _, _ in Reply.text("ok\n", type: "text/plain; charset=utf-8") }
        on("/", readOnly) { _, context in try dashboard(csrfToken: context.csrfToken) }
        on("/board", readOnly) { _, context in try dashboard(csrfToken: context.csrfToken, cardsOnly: true) }
        on("/v1/vars", readOnly) { request, _ in try variables(request) }
        on("/v1/status", readOnly) { _, _ in try status() }
        on("/v1/resolve", readOnly + [.post]) { request, context in try await resolve(request, context) }
        on("/v1/vars/**", readOnly) { request, _ in try variable(request) }
        on("/v1/vars/**", [.post]) { request, _ in try action(request) }
        on("/v1/habits/**", [.post]) { request, _ in try action(request) }
        on("/v1/alarms/**", [.post]) { request, _ in try action(request) }
        on("/v1/timers/**", [.post]) { request, _ in try action(request) }
    }

    /// The methods a path takes, for the `Allow` of a 405; nil for a path that is no endpoint. It follows the table
    /// in `add(to:)`.
    static func allowedMethods(_ path: String) -> String? {
        switch path {
        case "/healthz", "/", "/board", "/v1/vars", "/v1/status":
            return "GET, HEAD"
        case "/v1/resolve", "/login": return "GET, HEAD, POST"
        case "/logout": return "POST"
        default:
            if DashboardAssets.files.contains(where: { $0.path == path }) { return "GET, HEAD" }
            if DashboardActions.handles(path) { return "POST" }
            return path.hasPrefix("/v1/vars/") ? "GET, HEAD" : nil
        }
    }

    /// The path as the routes read it (`%5F` is `_`).
    private static func path(_ request: Request) -> String {
        request.uri.path.removingPercentEncoding ?? request.uri.path
    }

    /// `reply` as the response: a broken providers directory as a 500 that says so, and reads with an ETag.
    private func respond(_ request: Request, _ answer: () async throws -> Reply) async throws -> Response {
        var reply: Reply
        do {
            reply = try await answer()
        } catch let error as ConfigError {
            // An unreadable providers directory is said, not shown as a board without providers.
            reply = Reply.error(.internalServerError, "\(error)")
        }
        if request.method == .get || request.method == .head, reply.status == .ok {
            reply = reply.conditional(ifNoneMatch: request.headers[.ifNoneMatch])
        }
        return reply.response
    }

    private func variables(_ request: Request) throws -> Reply {
        // Canonical, as template keys are, so `?prefix=__Weather_` finds `__weather_temp`.
        guard let query = Self.query(request) else { return Reply.badQuery }
        let prefix = query.prefix.map(TemplateKey.canonical) ?? ""
        let variables = try session().resolver.allVariables().filter { $0.key.hasPrefix(prefix) }
        return Reply.json(["vars": variables])
    }

    private func variable(_ request: Request) throws -> Reply {
        let path = Self.path(request)
        if DashboardActions.handles(path) { return Reply.notAllowed("POST") }
        let key = TemplateKey.canonical(String(path.dropFirst("/v1/vars/".count)))
        let session = try session()
        guard let value = session.resolver.value(key) else {
            try session.checkCache()
            return Reply.error(.notFound, "no variable \(key)")
        }
        return Reply.json(["key": key, "value": value])
    }

    private func resolve(_ request: Request, _ context: ServeContext) async throws -> Reply {
        let tooLarge = Reply.error(.contentTooLarge, "the template is larger than \(context.maxUploadSize) bytes")
        let template: String
        if request.method == .post {
            var request = request
            guard let body = try await request.collectBody(limitOf: context) else { return tooLarge }
            template = String(buffer: body)
        } else {
            guard let query = Self.query(request) else { return Reply.badQuery }
            guard let given = query.template else {
                return Reply.error(.badRequest, "give the template as ?template=… (percent-encoded) or POST it")
            }
            guard given.utf8.count <= context.maxUploadSize else { return tooLarge }
            template = given
        }
        let line = try session().statusLine(template)
        return Reply.text(line.formatted(.json) + "\n", type: "application/json")
    }

    /// A board button's `POST`.
    private func action(_ request: Request) throws -> Reply {
        let path = Self.path(request)
        let actions = DashboardActions(
            workspace: workspace, registry: configuration.registry, now: now(),
            zone: try configuration.render.zones(environment: configuration.environment).general)
        if let reply = try actions.answer(path: path, accept: request.headers[.accept]) { return reply }
        return Self.allowedMethods(path).map(Reply.notAllowed) ?? Reply.noEndpoint(path)
    }

    /// The parameters weft serve reads from a query string.
    private struct Query: Decodable {
        var prefix: String?
        var template: String?
    }

    /// The query decoded as HTML forms and `curl -G --data-urlencode` send it (`+` is a space, `%2B` a plus), or
    /// nil when it is not valid form encoding.
    private static func query(_ request: Request) -> Query? {
        try? URLEncodedFormDecoder().decode(Query.self, from: request.uri.query ?? "")
    }

    /// The pinned `--now`, else the clock.
    private func now() -> Date {
        configuration.render.now.flatMap(ISOInstant.parse) ?? Date()
    }

    /// A session per request, so `--vars` and the cache are read as they are now.
    private func session() throws -> RenderSession {
        let session = try RenderSessionBuilder(
            settings: configuration.render, registry: configuration.registry, workspace: workspace,
            environment: configuration.environment
        ).open()
        try session.checkCache()
        return session
    }

    private func statuses(now: Date) throws -> [ProviderStatus] {
        let (store, set) = try workspace.openWithProviders(registry: configuration.registry)
        let zone = try configuration.render.zones(environment: configuration.environment).general
        return try ProviderStatus.collect(set, store: store, now: now, zone: zone)
    }

    private func status() throws -> Reply {
        Reply.text(try JSONText.line(["providers": try statuses(now: now())]) + "\n", type: "application/json")
    }

    /// The board: the whole page, or with `cardsOnly` the cards the page's script swaps in.
    private func dashboard(csrfToken: String, cardsOnly: Bool = false) throws -> Reply {
        let now = now()
        let session = try session()
        let zone = try configuration.render.zones(environment: configuration.environment).general
        let board = try Dashboard.load(
            cacheDirectory: workspace.locations.cacheDirectory, registry: configuration.registry,
            statuses: try statuses(now: now),
            variables: session.resolver.allVariables(), now: now, zone: zone, csrfToken: csrfToken,
            catalog: configuration.render.catalog(environment: configuration.environment))
        return Reply.text(cardsOnly ? board.board() : board.html(), type: "text/html; charset=utf-8")
    }
}
