import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `weft serve` against other web pages and hostile clients, through the built binary, curl and raw sockets: the
/// `Host` check (DNS rebinding), CSRF, the bearer scheme, the login cookie, loopback binds, and the connection
/// timeouts and caps.
@Suite("serve safety")
struct ServeSafetyTests {
    static let token = "3f9c2d7e1a8b4c6d9e0f1a2b3c4d5e6f"

    /// A running `weft serve` whose stderr goes to `log`, stopped when the test ends.
    final class LoggedServer: Sendable {
        let child: StreamingChild
        let base: String
        let port: Int
        let log: String

        /// Without `--token-file` in `arguments`, the server runs with `--no-token`.
        init(_ box: Sandbox, _ arguments: [String] = []) async throws {
            log = box.path("serve.log")
            let token = arguments.contains("--token-file") ? [] : ["--no-token"]
            child = try StreamingChild(
                ["/bin/sh", "-c", #"log=$1; shift; exec "$0" "$@" 2>>"$log""#, WeftProcess.binary, log, "serve"]
                    + ["--port", "0"] + token + arguments + box.locations)
            let line = try #require(await child.line(within: .seconds(30)), "weft serve printed nothing")
            let prefix = "weft: serving on "
            #expect(line.hasPrefix(prefix), "\(line)")
            base = String(line.dropFirst(prefix.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            port = Int(base.split(separator: ":").last ?? "") ?? -1
        }

        /// curl with `arguments` (headers, `--data-binary`, …) before the URL of `path`.
        func curl(_ path: String, _ arguments: [String] = []) async -> ServeTests.Answer {
            let argv = ["curl", "-s", "-S", "-i", "--max-time", "20"] + arguments + [base + path]
            return ServeTests.Server.parse(await WeftProcess.run(argv, timeout: .seconds(30)).stdout)
        }

        /// A form POST (`application/x-www-form-urlencoded`) with `headers`.
        func post(_ path: String, form: String, headers: [String] = []) async -> ServeTests.Answer {
            await curl(
                path,
                ["-X", "POST", "-H", "Content-Type: application/x-www-form-urlencoded", "--data-binary", form]
                    + headers.flatMap { ["-H", $0] })
        }

        /// What the server wrote to stderr so far.
        var logged: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    }

    /// The `content` of `<meta name="weft-csrf">` in a page.
    static func csrf(in page: String) -> String? {
        guard let meta = page.range(of: #"<meta name="weft-csrf" content=""#) else { return nil }
        let rest = page[meta.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    @Test func onlyTheServersOwnHostIsAnswered() async throws {
        let box = try await ServeTests.sandbox()
        let server = try await LoggedServer(box, ["--allow-host", "weft.home.arpa"])
        let port = server.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)"] {
            let answer = await server.curl("/v1/vars/__demo_temp", ["-H", "Host: \(host)"])
            #expect(answer.status == 200, "\(host): \(answer)")
        }
        for host in ["weft.home.arpa", "weft.home.arpa:\(port)", "weft.home.arpa:8443"] {
            let answer = await server.curl("/v1/vars/__demo_temp", ["-H", "Host: \(host)"])
            #expect(answer.status == 200, "--allow-host matches any port: \(host): \(answer)")
        }
        // A rebinding page sends its own name; the right name on another port is another server.
        for host in ["evil.example", "evil.example:\(port)", "localhost:\(port + 1)", "localhost", "127.0.0.2:\(port)"]
        {
            let answer = await server.curl("/v1/vars/__demo_temp", ["-H", "Host: \(host)"])
            // The variable's value as JSON holds it ("21"); a port in the message may hold the digits 21.
            #expect(answer.status == 421 && !answer.body.contains("\"21\""), "\(host): \(answer)")
            #expect(answer.body.contains("--allow-host"), "\(answer)")
        }
        let page = await server.curl("/", ["-H", "Host: evil.example"])
        #expect(page.status == 421 && !page.body.contains("demo"), "\(page)")

        // Every answer carries the browser defences and no CORS header, a refusal too.
        for answer in [await server.curl("/"), await server.curl("/v1/vars"), page] {
            #expect(
                answer.headers["content-security-policy"]
                    == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                    + "connect-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
                    + "form-action 'self'", "\(answer)")
            #expect(answer.headers["x-content-type-options"] == "nosniff", "\(answer)")
            #expect(answer.headers["referrer-policy"] == "no-referrer", "\(answer)")
            #expect(!answer.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(answer)")
        }
        let preflight = await server.curl(
            "/v1/resolve",
            [
                "-X", "OPTIONS", "-H", "Origin: http://evil.example", "-H", "Access-Control-Request-Method: POST",
            ])
        #expect(!preflight.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(preflight)")
    }

    @Test func crossSiteRequestsChangeNothing() async throws {
        let box = try await ServeTests.sandbox()
        let server = try await LoggedServer(box)
        let own = server.base
        let template = "--data-binary"
        func render(_ headers: [String], type: String = "text/plain", body: String = "{{__demo_temp}}") async
            -> ServeTests.Answer
        {
            await server.curl(
                "/v1/resolve",
                ["-X", "POST", "-H", "Content-Type: \(type)", template, body] + headers.flatMap { ["-H", $0] })
        }
        // A form or a text/plain fetch on another site, and a browser that says cross-site without an Origin.
        for headers in [
            ["Origin: http://evil.example"], ["Origin: null"], ["Origin: http://127.0.0.1:1"],
            ["Sec-Fetch-Site: cross-site"], ["Sec-Fetch-Site: same-site"], ["Referer: http://evil.example/page"],
            ["Origin: null", "Sec-Fetch-Site: cross-site"],
        ] {
            let answer = await render(headers)
            #expect(answer.status == 403 && !answer.body.contains("\"text\""), "\(headers): \(answer)")
        }
        let form = await render(
            ["Origin: http://evil.example"], type: "application/x-www-form-urlencoded", body: "csrf=x&template=1")
        #expect(form.status == 403, "\(form)")

        // The server's own page still needs its token.
        let bare = await render(["Origin: \(own)"])
        #expect(bare.status == 403 && bare.body.contains("CSRF"), "\(bare)")
        let wrong = await render(["Origin: \(own)", "X-CSRF-Token: 00"])
        #expect(wrong.status == 403, "\(wrong)")
        let page = await server.curl("/")
        let token = try #require(Self.csrf(in: page.body), "\(page.body.prefix(600))")
        #expect(token.count == 64)
        // Even with the page's token, another site's Origin is refused.
        let stolen = await render(["Origin: http://evil.example", "X-CSRF-Token: \(token)"])
        #expect(stolen.status == 403, "\(stolen)")
        let right = await render(["Origin: \(own)", "X-CSRF-Token: \(token)"])
        #expect(right.status == 200 && right.body.contains(#""text":"21""#), "\(right)")
        let fetchSite = await render(["Sec-Fetch-Site: same-origin", "X-CSRF-Token: \(token)"])
        #expect(fetchSite.status == 200, "\(fetchSite)")
        // What a browser sends from our page under Referrer-Policy: no-referrer.
        let hidden = await render(["Origin: null", "Sec-Fetch-Site: same-origin", "X-CSRF-Token: \(token)"])
        #expect(hidden.status == 200, "\(hidden)")
        // A script without browser headers (curl, a status bar) is not a web page and renders as before.
        let script = await render([])
        #expect(script.status == 200 && script.body.contains(#""text":"21""#), "\(script)")
    }

    @Test func theBearerSchemeIsCaseInsensitive() async throws {
        let box = try await ServeTests.sandbox()
        try box.write("token", Self.token + "\n")
        let server = try await LoggedServer(box, ["--token-file", box.path("token")])
        for header in [
            "Bearer \(Self.token)", "bearer \(Self.token)", "BEARER \(Self.token)", "Bearer   \(Self.token) ",
        ] {
            let answer = await server.curl("/v1/vars/__demo_temp", ["-H", "Authorization: \(header)"])
            #expect(answer.status == 200, "\(header): \(answer)")
        }
        for header in ["Basic \(Self.token)", "Bearer\(Self.token)", "Bearer \(Self.token)x", "Bearer", "bearer "] {
            let answer = await server.curl("/v1/vars/__demo_temp", ["-H", "Authorization: \(header)"])
            #expect(answer.status == 401, "\(header): \(answer)")
        }
        // A script with the token needs no CSRF token to post.
        let posted = await server.curl(
            "/v1/resolve",
            [
                "-X", "POST", "-H", "Authorization: bearer \(Self.token)", "-H", "Origin: http://evil.example",
                "--data-binary", "{{__demo_temp}}",
            ])
        #expect(posted.status == 200, "\(posted)")
    }

    @Test func loginSetsAStrictSessionCookieAndLogoutEndsIt() async throws {
        let box = try await ServeTests.sandbox()
        try box.write("token", Self.token + "\n")
        let server = try await LoggedServer(box, ["--token-file", box.path("token")])
        let own = server.base
        var seen: [ServeTests.Answer] = []

        // A browser without a session is sent to the form; a program gets 401.
        let first = await server.curl("/", ["-H", "Accept: text/html"])
        #expect(first.status == 303 && first.headers["location"] == "/login", "\(first)")
        let api = await server.curl("/v1/vars")
        #expect(api.status == 401 && api.headers["www-authenticate"]?.hasPrefix("Bearer") == true, "\(api)")

        let form = await server.curl("/login")
        seen.append(form)
        #expect(form.status == 200 && form.body.contains(#"type="password""#), "\(form)")
        #expect(form.body.contains(#"<form method="post" action="/login""#), "\(form)")
        #expect(form.headers["content-security-policy"]?.contains("form-action 'self'") == true, "\(form)")
        let loginCSRF = try #require(Self.csrf(in: form.body), "\(form)")

        let wrong = await server.post(
            "/login", form: "token=\(Self.token.dropLast())0&csrf=\(loginCSRF)", headers: ["Origin: \(own)"])
        seen.append(wrong)
        #expect(wrong.status == 401 && wrong.headers["set-cookie"] == nil, "\(wrong)")
        let crossSite = await server.post(
            "/login", form: "token=\(Self.token)&csrf=\(loginCSRF)", headers: ["Origin: http://evil.example"])
        #expect(crossSite.status == 403 && crossSite.headers["set-cookie"] == nil, "\(crossSite)")
        let noCSRF = await server.post("/login", form: "token=\(Self.token)", headers: ["Origin: \(own)"])
        #expect(noCSRF.status == 403 && noCSRF.headers["set-cookie"] == nil, "\(noCSRF)")
        let inURL = await server.curl("/login?token=\(Self.token)")
        seen.append(inURL)
        #expect(inURL.status == 400 && inURL.headers["set-cookie"] == nil, "\(inURL)")

        let login = await server.post(
            "/login", form: "token=\(Self.token)&csrf=\(loginCSRF)", headers: ["Origin: \(own)"])
        seen.append(login)
        #expect(login.status == 303 && login.headers["location"] == "/", "\(login)")
        let setCookie = try #require(login.headers["set-cookie"], "\(login)")
        let attributes = Set(
            setCookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(
            attributes == ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=2592000"],
            "no Secure over plain HTTP: \(setCookie)")
        let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
        #expect(cookie.hasPrefix("weft_session_\(server.port)="), "\(cookie)")

        let withCookie = await server.curl("/v1/vars/__demo_temp", ["-H", "Cookie: \(cookie)"])
        #expect(withCookie.status == 200, "\(withCookie)")
        let page = await server.curl("/", ["-H", "Cookie: \(cookie)"])
        seen.append(page)
        #expect(page.status == 200 && page.headers["content-type"]?.hasPrefix("text/html") == true, "\(page)")
        let again = await server.curl("/login", ["-H", "Cookie: \(cookie)"])
        #expect(again.status == 303 && again.headers["location"] == "/", "\(again)")

        // The session's page token, not the login form's, lets its page post.
        let sessionCSRF = try #require(Self.csrf(in: page.body))
        #expect(sessionCSRF != loginCSRF)
        let render = [
            "-X", "POST", "-H", "Cookie: \(cookie)", "-H", "Origin: \(own)", "--data-binary", "{{__demo_temp}}",
        ]
        let withoutToken = await server.curl("/v1/resolve", render)
        #expect(withoutToken.status == 403, "\(withoutToken)")
        let withLoginToken = await server.curl("/v1/resolve", render + ["-H", "X-CSRF-Token: \(loginCSRF)"])
        #expect(withLoginToken.status == 403, "\(withLoginToken)")
        let withToken = await server.curl("/v1/resolve", render + ["-H", "X-CSRF-Token: \(sessionCSRF)"])
        #expect(withToken.status == 200 && withToken.body.contains(#""text":"21""#), "\(withToken)")
        // A form field carries it too.
        let formPost = await server.post(
            "/v1/resolve", form: "csrf=\(sessionCSRF)", headers: ["Cookie: \(cookie)", "Origin: \(own)"])
        #expect(formPost.status == 200, "\(formPost)")

        // A forged or altered cookie is nobody's.
        let altered = String(cookie.dropLast()) + (cookie.hasSuffix("0") ? "1" : "0")
        let forged = await server.curl("/v1/vars/__demo_temp", ["-H", "Cookie: \(altered)"])
        #expect(forged.status == 401, "\(forged)")

        // Behind a TLS proxy on this machine the cookie is Secure.
        let proxied = await server.post(
            "/login", form: "token=\(Self.token)&csrf=\(loginCSRF)",
            headers: ["Origin: \(own)", "X-Forwarded-Proto: https"])
        #expect(proxied.headers["set-cookie"]?.contains("; Secure") == true, "\(proxied)")

        // Logging out is a POST from the page: a link or an image on another site cannot end the session.
        let linked = await server.curl("/logout", ["-H", "Cookie: \(cookie)"])
        #expect(linked.status == 405 && linked.headers["allow"] == "POST", "\(linked)")
        let stillIn = await server.curl("/v1/vars/__demo_temp", ["-H", "Cookie: \(cookie)"])
        #expect(stillIn.status == 200, "a GET /logout ends nothing: \(stillIn)")
        let logout = await server.curl(
            "/logout",
            ["-X", "POST", "-H", "Cookie: \(cookie)", "-H", "Origin: \(own)", "-H", "X-CSRF-Token: \(sessionCSRF)"])
        #expect(logout.status == 303 && logout.headers["location"] == "/login", "\(logout)")
        #expect(logout.headers["set-cookie"]?.contains("Max-Age=0") == true, "\(logout)")
        let after = await server.curl("/v1/vars/__demo_temp", ["-H", "Cookie: \(cookie)"])
        #expect(after.status == 401, "the session ended: \(after)")

        // The token is never shown back: not in a page, a header, a redirect or the server's log.
        for answer in seen + [logout, after] {
            #expect(!answer.body.contains(Self.token) && !answer.headers.values.contains { $0.contains(Self.token) })
        }
        server.child.send(SIGTERM)
        #expect(server.child.ending(within: .seconds(15))?.code == 0)
        #expect(!server.logged.contains(Self.token), "\(server.logged)")
    }

    @Test func aBindMustResolveToLoopbackWithoutAToken() async throws {
        let box = try await ServeTests.sandbox()
        for bind in ["0.0.0.0", "::"] {
            let open = await box.weft("serve", "--no-token", "--bind", bind, "--port", "0", timeout: .seconds(20))
            #expect(open.exitCode == 1, "\(bind): \(open)")
            #expect(
                open.stderr.contains("not a loopback address") && open.stderr.contains("--no-token"),
                "\(bind): \(open)")
        }
        // Text that merely starts like a loopback address is resolved, not trusted.
        let lookalike = await box.weft(
            "serve", "--no-token", "--bind", "127.0.0.1.invalid", "--port", "0", timeout: .seconds(30))
        #expect(lookalike.exitCode == 1 && lookalike.stderr.contains("--bind 127.0.0.1.invalid"), "\(lookalike)")
        // A name that resolves to loopback is fine.
        let named = try await LoggedServer(box, ["--bind", "localhost"])
        #expect(await named.curl("/healthz").status == 200)
        // With a token, any address.
        try box.write("token", Self.token + "\n")
        let guarded = try await LoggedServer(box, ["--bind", "0.0.0.0", "--token-file", box.path("token")])
        #expect(await guarded.curl("/healthz").status == 401)
    }

    @Test func slowAndIdleConnectionsAreClosed() async throws {
        let box = try await ServeTests.sandbox()
        let server = try await LoggedServer(box, ["--header-timeout", "1s", "--idle-timeout", "2s"])
        // Half a request, nothing at all, and a kept-alive connection after one request.
        let partial = try RawConnection(port: server.port)
        partial.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        let silent = try RawConnection(port: server.port)
        let kept = try RawConnection(port: server.port)
        kept.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(kept.read(within: .seconds(20)).contains("200 OK"))
        // Dripping a byte at a time does not extend the request's time.
        for _ in 0..<6 {
            try await Task.sleep(for: .milliseconds(300))
            partial.send("a")
        }
        #expect(partial.closed(within: .seconds(20)), "a request that never ends is cut off")
        #expect(silent.closed(within: .seconds(20)), "a connection that sends nothing is closed")
        #expect(kept.closed(within: .seconds(20)), "an idle kept-alive connection is closed")
        #expect(await server.curl("/healthz").status == 200)
    }

    @Test func aClientsOldestWaitingConnectionsMakeRoomForItsNewOnes() async throws {
        let box = try await ServeTests.sandbox()
        // Timeouts far longer than the test, so only the cap can close a connection.
        let server = try await LoggedServer(
            box, ["--header-timeout", "10m", "--idle-timeout", "10m", "--connections-per-client", "8"])
        var crowd: [RawConnection] = []
        for index in 0..<40 {
            let connection = try RawConnection(port: server.port)
            if index.isMultiple(of: 2) { connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
            crowd.append(connection)
            // The server's two event loops take connections in turn; a pause keeps their order clear.
            try await Task.sleep(for: .milliseconds(20))
        }
        let health = await server.curl("/healthz")
        #expect(health.status == 200 && health.body == "ok\n", "\(health)")
        #expect(crowd.prefix(30).allSatisfy { $0.closed(within: .seconds(20)) }, "the oldest were closed")
        #expect(crowd.suffix(4).allSatisfy { !$0.closed(within: .milliseconds(200)) }, "the newest are kept")
    }

    /// `make stress`: a thousand idle and a hundred half-sent connections under a 1,024-descriptor limit, and
    /// `/healthz` answered within a second throughout.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["WEFT_STRESS"] == "1", "make stress"))
    func healthzAnswersUnderAThousandIdleConnections() async throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 4096, limit.rlim_max >= 4096 {
            limit.rlim_cur = 4096
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        let box = try await ServeTests.sandbox()
        let log = box.path("serve.log")
        let child = try StreamingChild(
            [
                "/bin/sh", "-c", #"ulimit -n 1024 && log=$1 && shift && exec "$0" "$@" 2>>"$log""#,
                WeftProcess.binary, log, "serve", "--port", "0", "--no-token",
            ] + box.locations)
        let line = try #require(await child.line(within: .seconds(30)))
        let port = try #require(
            Int(line.split(separator: ":").last?.trimmingCharacters(in: .punctuationCharacters) ?? ""))
        var connections: [RawConnection] = []
        for index in 0..<1100 {
            let connection = try RawConnection(port: port)
            if index % 11 == 0 { connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ") }
            connections.append(connection)
        }
        let clock = ContinuousClock()
        var slowest = Duration.zero
        for _ in 0..<20 {
            let start = clock.now
            let probe = try RawConnection(port: port)
            probe.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            let answer = probe.read(within: .seconds(5))
            slowest = max(slowest, start.duration(to: clock.now))
            #expect(answer.contains("200 OK") && answer.hasSuffix("ok\n"), "\(answer)")
            // More idle connections keep arriving between probes.
            for _ in 0..<50 { connections.append(try RawConnection(port: port)) }
        }
        #expect(slowest < .seconds(1), "slowest /healthz: \(slowest)")
        child.send(SIGTERM)
        #expect(child.ending(within: .seconds(15))?.code == 0)
    }
}

/// A client TCP connection to 127.0.0.1 written byte by byte, to play slow and idle clients.
final class RawConnection: @unchecked Sendable {
    private let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SandboxError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw SandboxError("connect to port \(port): \(code)")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What arrives until the peer closes or `timeout` passes.
    func read(within timeout: Duration) -> String {
        var received: [UInt8] = []
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else {
                // A complete answer to a kept-alive request: stop waiting for a close.
                if let text = String(bytes: received, encoding: .utf8), text.hasSuffix("ok\n") { break }
                continue
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the server closes the connection within `timeout` (anything it sends first is read and dropped).
    func closed(within timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            if recv(fd, &buffer, buffer.count, 0) <= 0 { return true }
        }
        return false
    }
}
