import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore
import WeftCore
import WeftPrimitives
import WeftRefresh
import WeftRender
import WeftStore
import WeftTemplate

/// Answers `weft serve`'s routes once the middleware (`WeftServer.responder`) let the request through; reads get
/// an ETag.
///
/// Every request opens the cache read-only for its own render, so answers follow refreshes at once and never
/// hold up a writer. Nothing is read from disk but the cache and the provider files.
struct WeftResponder: HTTPResponder {
    typealias Context = ServeContext

    private let configuration: ServeConfiguration
    /// Where the cache and the provider files are, settled once for the server's life.
    private let workspace: Workspace

    /// A responder for `configuration`.
    init(configuration: ServeConfiguration) {
        self.configuration = configuration
        workspace = Workspace(
            cache: configuration.render.cacheDirectory, providers: configuration.render.providersDirectory,
            environment: configuration.environment)
    }

    func respond(to request: Request, context: ServeContext) async throws -> Response {
        var reply: Reply
        do {
            reply = try await route(request, context: context)
        } catch let error as ConfigError {
            // An unreadable providers directory is said, not shown as a board without providers.
            reply = Reply.error(.internalServerError, "\(error)")
        }
        if request.method == .get || request.method == .head, reply.status == .ok {
            reply = reply.conditional(ifNoneMatch: request.headers[.ifNoneMatch])
        }
        return reply.response
    }

    private func route(_ request: Request, context: ServeContext) async throws -> Reply {
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        let readOnly: [HTTPRequest.Method] = [.get, .head]
        switch path {
        case "/healthz":
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            return Reply.text("ok\n", type: "text/plain; charset=utf-8")
        case "/":
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            return try dashboard(csrfToken: context.csrfToken)
        case "/board":
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            return try dashboard(csrfToken: context.csrfToken, cardsOnly: true)
        case "/assets/app.css":
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            return Reply.text(DashboardAssets.css, type: "text/css; charset=utf-8")
        case "/assets/app.js":
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            return Reply.text(DashboardAssets.js, type: "text/javascript; charset=utf-8")
        case "/v1/vars":
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            // Canonical, as template keys are, so `?prefix=__Weather_` finds `__weather_temp`.
            guard let query = Self.query(request) else { return Reply.badQuery }
            let prefix = query.prefix.map(TemplateKey.canonical) ?? ""
            let variables = try session().resolver.allVariables().filter { $0.key.hasPrefix(prefix) }
            return Reply.json(["vars": variables])
        case "/v1/status":
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            return try status()
        case "/v1/resolve":
            let template: String
            switch request.method {
            case .get, .head:
                guard let query = Self.query(request) else { return Reply.badQuery }
                guard let given = query.template else {
                    return Reply.error(.badRequest, "give the template as ?template=… (percent-encoded) or POST it")
                }
                template = given
            case .post:
                do {
                    let body = try await request.body.collect(upTo: configuration.maxBodyBytes)
                    template = String(buffer: body)
                } catch is NIOTooManyBytesError {
                    return Reply.error(
                        .contentTooLarge, "the template is larger than \(configuration.maxBodyBytes) bytes")
                }
            default: return Reply.notAllowed("GET, HEAD, POST")
            }
            guard template.utf8.count <= configuration.maxBodyBytes else {
                return Reply.error(.contentTooLarge, "the template is larger than \(configuration.maxBodyBytes) bytes")
            }
            let line = try session().statusLine(template)
            return Reply.text(line.formatted(.json) + "\n", type: "application/json")
        default:
            if DashboardActions.handles(path) {
                let actions = DashboardActions(
                    workspace: workspace, registry: configuration.registry, now: now(),
                    zone: try configuration.render.zones(environment: configuration.environment).general)
                if let reply = try actions.answer(method: request.method, path: path, accept: request.headers[.accept])
                {
                    return reply
                }
            }
            guard path.hasPrefix("/v1/vars/") else {
                return Reply.error(.notFound, "no such endpoint: \(path) (see /v1/vars, /v1/resolve, /v1/status)")
            }
            guard readOnly.contains(request.method) else { return Reply.notAllowed("GET, HEAD") }
            let key = TemplateKey.canonical(String(path.dropFirst("/v1/vars/".count)))
            let session = try session()
            guard let value = session.resolver.value(key) else {
                try session.checkCache()
                return Reply.error(.notFound, "no variable \(key)")
            }
            return Reply.json(["key": key, "value": value])
        }
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISOInstant.format(date))
        }
        let body = try encoder.encode(["providers": try statuses(now: now())])
        return Reply.text(String(decoding: body, as: UTF8.self) + "\n", type: "application/json")
    }

    /// The board: the whole page, or with `cardsOnly` the cards the page's script swaps in.
    private func dashboard(csrfToken: String, cardsOnly: Bool = false) throws -> Reply {
        let now = now()
        let session = try session()
        let zone = try configuration.render.zones(environment: configuration.environment).general
        let board = try Dashboard.load(
            cacheDirectory: workspace.locations.cacheDirectory, registry: configuration.registry,
            statuses: try statuses(now: now),
            variables: session.resolver.allVariables(), now: now, zone: zone, csrfToken: csrfToken)
        return Reply.text(cardsOnly ? board.board() : board.html(), type: "text/html; charset=utf-8")
    }
}
