import Hummingbird

/// Answers only requests whose `Host` names this server: the address the connection came in on (with the loopback
/// names `localhost`, `127.0.0.1` and `[::1]` when that address is loopback), the `--bind` name, or an
/// `--allow-host` name. A page on another site whose name was re-pointed at this machine (DNS rebinding) sends its
/// own name and is refused, so it cannot read the answers.
struct HostAllowlistMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    /// `--bind` when it is a name rather than an address.
    let bindName: HostAuthority?
    /// `--allow-host` entries; one without a port matches any port (a reverse proxy's public name).
    let allowed: [HostAuthority]

    init(configuration: ServeConfiguration) {
        bindName = HostAuthority.parse(configuration.bind)
        allowed = configuration.allowedHosts.compactMap(HostAuthority.parse)
    }

    func handle(
        _ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        guard let given = request.head.authority else {
            return Reply.error(.badRequest, "the request has no Host header").response
        }
        guard let host = HostAuthority.parse(given), answers(to: host, context: context) else {
            let shown = String(given.prefix(100).filter { $0.isASCII && !$0.isNewline })
            return Reply.error(
                .misdirectedRequest,
                "this server does not answer to the host \(shown); start it with --allow-host NAME to allow a name"
            ).response
        }
        return try await next(request, context)
    }

    /// Whether `host` is one of this server's names.
    func answers(to host: HostAuthority, context: ServeContext) -> Bool {
        if allowed.contains(where: { $0.host == host.host && ($0.port == nil || $0.port == host.port) }) {
            return true
        }
        guard let local = context.local, let port = local.port, host.port ?? 80 == port else { return false }
        var names: [String] = []
        if let ip = local.ipAddress { names.append(HostAuthority.hostForm(ofIP: ip)) }
        if ServeConfiguration.isLoopback(local) { names += ["localhost", "127.0.0.1", "[::1]"] }
        if let bindName { names.append(bindName.host) }
        return names.contains(host.host)
    }
}
