import Foundation
import Testing
import WeftTestSupport

/// Hostile input, part two (issue 32), root 6: secrets in the HTTP layer, through the built binary. A key in the
/// encoded form the URL carries, credentials over plain http, and a redirect that leads inward.
@Suite("HTTP secrets")
struct HTTPSecretsTests {
    /// When the Pirate Weather fixture is fresh.
    static let clock = HostileInputTests.clock

    static let pirateFixture: [UInt8] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/weather/pirateweather-forecast-derived-si-rain-in-12m.json")
        return Array((try? Data(contentsOf: path)) ?? Data())
    }()

    /// Everything a user or a tool sees after a refresh, and the bytes of every file in the cache folder
    /// (`weft.sqlite`, `-wal`, `-shm`): each must be free of every string in `forbidden`.
    static func expectNowhere(
        _ forbidden: [String], box: Sandbox, shown: [(what: String, text: String)], errorVariable: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var shown = shown
        for arguments in [
            ["status"], ["status", "--json"], ["get", errorVariable], ["vars"], ["vars", "--format", "json"],
        ] {
            let result = await box.weft(arguments: arguments + clock)
            shown.append(("weft " + arguments.joined(separator: " "), result.stdout + result.stderr))
        }
        let serve = try await ServeTests.Server(box, clock)
        for path in ["/", "/v1/status", "/v1/vars"] {
            let page = await serve.request(path)
            #expect(page.status == 200, "\(path): \(page)", sourceLocation: sourceLocation)
            shown.append(("dashboard \(path)", page.body))
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: box.cache) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: box.cache + "/" + file))
            for secret in forbidden {
                #expect(
                    bytes.range(of: Data(secret.utf8)) == nil, "cache file \(file) holds \(secret)",
                    sourceLocation: sourceLocation)
            }
        }
        for (what, text) in shown {
            for secret in forbidden {
                #expect(!text.contains(secret), "\(what) shows \(secret): \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: a key with reserved characters

    /// `SECRET;q?x` goes on the wire as `SECRET;q%3Fx`; a server echoes it raw, as sent and fully encoded.
    @Test func aKeyWithReservedCharactersIsRedactedInEveryFormItTakes() async throws {
        let key = "SECRET;q?x"
        // The raw key's start, and the start of every encoded form: no part of the key may show.
        let forms = ["SECRET;q", "SECRET%3B", "SECRET%3b", "q%3Fx", "q%3fx"]
        let failing = Locked(false)
        let server = try TestHTTPServer()
        server.route("/forecast/SECRET;q%3Fx/40.7,-74") { request in
            if failing.withLock({ $0 }) {
                return .text(
                    "invalid key SECRET;q?x in \(request.target) (SECRET%3Bq%3Fx, SECRET;q%3fx)", status: 401,
                    headers: [("Content-Type", "text/plain")])
            }
            return TestResponse(
                headers: [("ETag", "\"v1\""), ("Last-Modified", "Wed, 12 Aug 2026 19:00:00 GMT")],
                body: Self.pirateFixture)
        }
        let box = try Sandbox()
        try box.write("key", key + "\n")
        try box.provider(
            "weather",
            "type = \"pirate-weather\"\nname = \"X\"\nlatitude = 40.7\nlongitude = -74\n"
                + "base_url = \"\(server.baseURL)\"\napi_key_file = \"\(box.path("key"))\"\n")
        let trace = ["WEFT_LOG": "trace"]
        let first = await box.weft(arguments: ["refresh"] + Self.clock, environment: trace)
        #expect(first.exitCode == 0, "\(first)")
        #expect(server.requests.first?.target.hasPrefix("/forecast/SECRET;q%3Fx/40.7,-74?") == true, "sent as encoded")
        #expect(first.stderr.contains("GET "), "the request is logged: \(first)")

        failing.withLock { $0 = true }
        let second = await box.weft(arguments: ["refresh", "--force"] + Self.clock, environment: trace)
        #expect(second.exitCode == 1 && second.stderr.contains("HTTP 401"), "\(second)")
        #expect(server.requests.last?.header("If-None-Match") == "\"v1\"", "the validator is found by its key")
        try await Self.expectNowhere(
            [key] + forms, box: box,
            shown: [("first refresh", first.stdout + first.stderr), ("second refresh", second.stdout + second.stderr)],
            errorVariable: "__weather_error")
    }

    // MARK: credentials over plain http

    /// A URL's `user:password@` over plain http to another machine is refused as a `password_file` login is: the
    /// same message from the same rule. Both go to a server on this machine.
    @Test func credentialsInAURLFollowTheRuleOfALogin() async throws {
        let box = try Sandbox()
        try box.write("pw", "hunter2secret\n")
        let elsewhere = "http://dav.invalid/cal.ics"
        for source in [
            "{ name = \"A\", url = \"http://alice:hunter2secret@dav.invalid/cal.ics\" }",
            "{ name = \"A\", url = \"\(elsewhere)\", username = \"alice\", password_file = \"../pw\" }",
        ] {
            try box.provider("feed", "type = \"calendar\"\nsources = [\(source)]\n")
            let check = await box.weft("check")
            #expect(check.exitCode == 2, "\(source): \(check)")
            #expect(
                check.stdout.contains("feed.toml:2: key \"sources[0].url\"")
                    && check.stdout.contains("\"\(elsewhere)\" would send credentials unencrypted; use https://"),
                "\(source): \(check)")
            #expect(!check.stdout.contains("hunter2secret"), "\(check)")
        }
        try box.provider(
            "weather",
            "type = \"open-meteo\"\nlatitude = 1\nlongitude = 2\nbase_url = \"http://u:hunter2secret@api.invalid\"\n")
        let weather = await box.weft("check")
        #expect(weather.stdout.contains("would send credentials unencrypted"), "\(weather)")
        try FileManager.default.removeItem(atPath: box.providers + "/weather.toml")

        // To this machine both are sent, without allow_insecure.
        let server = try TestHTTPServer(routes: ["/cal.ics": { _ in .text(URLCredentialTests.ics) }])
        let url = "http://alice:hunter2secret@127.0.0.1:\(server.port)/cal.ics"
        try box.provider("feed", "type = \"calendar\"\nsources = [{ name = \"A\", url = \"\(url)\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let basic = "Basic " + Data("alice:hunter2secret".utf8).base64EncodedString()
        #expect(server.requests.last?.header("Authorization") == basic, "\(server.requests)")
    }

    /// With an address of this machine outside 127/8, the rule is also kept on the wire: a calendar URL's
    /// `user:password@` is not sent there, although it is on this machine, because it is not loopback.
    @Test(.enabled(if: LocalAddress.nonLoopbackIPv4 != nil, "needs an address of this machine outside 127.0.0.0/8"))
    func credentialsAreNotSentOverPlainHTTPToAnotherAddress() async throws {
        let address = try #require(LocalAddress.nonLoopbackIPv4)
        let server = try TestHTTPServer(routes: ["/cal.ics": { _ in .text(URLCredentialTests.ics) }], address: address)
        let box = try Sandbox()
        let url = "http://alice:hunter2secret@\(address):\(server.port)/cal.ics"
        try box.provider("feed", "type = \"calendar\"\nsources = [{ name = \"A\", url = \"\(url)\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode != 0, "\(refresh)")
        #expect(refresh.stderr.contains("would send credentials unencrypted"), "\(refresh)")
        #expect(server.requests.isEmpty, "nothing was sent: \(server.requests)")
    }

    // MARK: redirects

    /// A weather server on an address outside this machine's loopback redirects to a page on 127.0.0.1: weft does not
    /// connect there, and nothing of that page is shown or stored.
    @Test(.enabled(if: LocalAddress.nonLoopbackIPv4 != nil, "needs an address of this machine outside 127.0.0.0/8"))
    func aRedirectFromOutsideToThisMachineIsNotFollowed() async throws {
        let address = try #require(LocalAddress.nonLoopbackIPv4)
        let inside = try TestHTTPServer(routes: [
            "/secret": { _ in .text("INTERNAL-ONLY-PAGE admin token 12345", status: 500) }
        ])
        let outside = try TestHTTPServer(
            routes: ["/v1/forecast": { _ in .redirect(to: inside.url("/secret")) }], address: address)
        let box = try Sandbox()
        try box.provider(
            "weather",
            "type = \"open-meteo\"\nname = \"X\"\nlatitude = 49.19\nlongitude = 16.61\n"
                + "base_url = \"\(outside.baseURL)\"\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 1, "\(refresh)")
        #expect(
            refresh.stderr.contains("redirect to http://127.0.0.1:\(inside.port)/secret refused: it leads from"),
            "\(refresh)")
        #expect(inside.requests.isEmpty, "weft never connected to this machine's server: \(inside.requests)")
        #expect(outside.requests.count == 1)
        try await Self.expectNowhere(
            ["INTERNAL-ONLY-PAGE"], box: box, shown: [("refresh", refresh.stdout + refresh.stderr)],
            errorVariable: "__weather_error")
    }

    /// A redirect weft may follow (here from this machine to this machine) ends at an error page: the error names
    /// the status but never quotes the page, for weather and for a calendar alike.
    @Test func aRedirectedErrorPageIsNeverQuoted() async throws {
        let server = try TestHTTPServer(routes: [
            "/v1/forecast": { _ in .redirect(to: "/elsewhere") },
            "/cal.ics": { _ in .redirect(to: "/elsewhere") },
            "/elsewhere": { _ in .text("{\"message\": \"REDIRECTED-PAGE-WORDS\"}", status: 500) },
        ])
        let box = try Sandbox()
        try box.provider(
            "weather",
            "type = \"open-meteo\"\nname = \"X\"\nlatitude = 49.19\nlongitude = 16.61\n"
                + "base_url = \"\(server.baseURL)\"\n")
        try box.provider(
            "feed", "type = \"calendar\"\nsources = [{ name = \"A\", url = \"\(server.url("/cal.ics"))\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 1 && refresh.stderr.contains("HTTP 500"), "\(refresh)")
        #expect(server.requests(path: "/elsewhere").count == 2, "both followed the redirect")
        try await Self.expectNowhere(
            ["REDIRECTED-PAGE-WORDS"], box: box, shown: [("refresh", refresh.stdout + refresh.stderr)],
            errorVariable: "__weather_error")
    }
}
