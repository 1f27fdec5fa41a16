import Foundation
import Testing
import WeftTestSupport

/// A calendar URL with a password and a token: neither may show in any output, nor be stored in the cache;
/// messages name the URL as scheme, host, port and path.
@Suite("credentials in calendar URLs")
struct URLCredentialTests {
    /// The password, the token, and the password as Basic credentials (base64 of "alice:hunter2secret").
    static let secrets = ["hunter2secret", "abcdef123456", "YWxpY2U6aHVudGVyMnNlY3JldA"]

    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//weft tests//EN
        BEGIN:VEVENT
        UID:standup@weft
        DTSTAMP:20260301T000000Z
        DTSTART:20260310T130000Z
        DTEND:20260310T131500Z
        SUMMARY:Stand-up
        END:VEVENT
        END:VCALENDAR

        """

    /// A sandbox with a `feed` calendar reading `server`'s /private/cal.ics with a password and a token.
    static func sandbox(_ server: TestHTTPServer) throws -> Sandbox {
        let box = try Sandbox()
        let url = "http://alice:hunter2secret@127.0.0.1:\(server.port)/private/cal.ics?token=abcdef123456&view=week"
        try box.provider(
            "feed",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nsources = [{ name = \"Private\", url = \"\(url)\" }]\n")
        return box
    }

    /// Everything a user or a tool can see of the cache after a refresh, plus the cache files' raw bytes.
    static func expectNoSecretAnywhere(
        _ box: Sandbox, refresh: ProcessResult, secrets: [String] = URLCredentialTests.secrets,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        var shown: [(what: String, text: String)] = [("weft refresh", refresh.stdout + refresh.stderr)]
        for arguments in [
            ["status"], ["status", "--json"], ["get", "__calendar_error"],
            ["resolve", "--format", "waybar", "{{__calendar_next_title|-}}"], ["vars"],
        ] {
            let result = await box.weft(arguments: arguments + Fixed.clock)
            shown.append(("weft " + arguments.joined(separator: " "), result.stdout + result.stderr))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: box.cache)
        #expect(files.contains("weft.sqlite"), "\(files)", sourceLocation: sourceLocation)
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: box.cache + "/" + file))
            shown.append(("cache file \(file)", String(decoding: bytes, as: UTF8.self)))
            for secret in secrets {
                #expect(
                    bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds \(secret)", sourceLocation: sourceLocation
                )
            }
        }
        for (what, text) in shown {
            for secret in secrets {
                #expect(!text.contains(secret), "\(what) shows \(secret): \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aFailingFeedIsNamedWithoutItsCredentials() async throws {
        let server = try TestHTTPServer(routes: [
            "/private/cal.ics": { request in
                // The error page echoes the request, as some servers' do.
                .text("no calendar at \(request.target) for \(request.header("Authorization") ?? "")", status: 500)
            }
        ])
        let box = try Self.sandbox(server)
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 1, "\(refresh)")
        #expect(refresh.stderr.contains("http://127.0.0.1:\(server.port)/private/cal.ics: HTTP 500"), "\(refresh)")
        #expect(server.requests.first?.target == "/private/cal.ics?token=abcdef123456&view=week", "sent as configured")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("http://127.0.0.1:\(server.port)/private/cal.ics"), "\(status)")
        try await Self.expectNoSecretAnywhere(box, refresh: refresh)
    }

    @Test func aFeedThatWorkedThenFailsKeepsNoCredential() async throws {
        let gone = Locked(false)
        let server = try TestHTTPServer(routes: [
            "/private/cal.ics": { _ in
                gone.withLock { $0 }
                    ? .text("not found", status: 404)
                    : .text(Self.ics, headers: [("Content-Type", "text/calendar"), ("ETag", "\"v1\"")])
            }
        ])
        let box = try Self.sandbox(server)
        let first = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(first.exitCode == 0, "\(first)")
        let title = await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock)
        #expect(title.stdout == "Stand-up\n", "\(title)")
        try await Self.expectNoSecretAnywhere(box, refresh: first)

        gone.withLock { $0 = true }
        let second = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(second.exitCode == 1, "\(second)")
        #expect(second.stderr.contains("http://127.0.0.1:\(server.port)/private/cal.ics: HTTP 404"), "\(second)")
        let sent = server.requests.last
        #expect(sent?.header("If-None-Match") == "\"v1\"", "the stored validator is still found by its key")
        try await Self.expectNoSecretAnywhere(box, refresh: second)
        let still = await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock)
        #expect(still.stdout == "Stand-up\n", "the last good snapshot stays: \(still)")
    }

    @Test func theDashboardShowsNoCredential() async throws {
        let server = try TestHTTPServer(routes: ["/private/cal.ics": { _ in .text("down", status: 500) }])
        let box = try Self.sandbox(server)
        _ = await box.weft(arguments: ["refresh"] + Fixed.clock)
        let serve = try await ServeTests.Server(box, Fixed.clock)
        let page = await serve.request("/")
        #expect(page.status == 200, "\(page)")
        #expect(page.body.contains("/private/cal.ics"), "the failure is on the page: \(page.body.prefix(3000))")
        for secret in Self.secrets {
            #expect(!page.body.contains(secret), "\(page.body)")
        }
    }

    @Test func retryAfterFromACalendarFeedIsHonoured() async throws {
        let server = try TestHTTPServer(routes: [
            "/private/cal.ics": { _ in .text("busy", status: 503, headers: [("Retry-After", "120")]) }
        ])
        let box = try Self.sandbox(server)
        let first = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(first.exitCode == 1 && first.stderr.contains("HTTP 503"), "\(first)")
        let again = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(again.stderr.contains("feed: skipped: the source asked to wait until"), "\(again)")
        #expect(server.requests.count == 1, "the feed was not asked again")
        let json = await box.weft(arguments: ["status", "--json"] + Fixed.clock)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let feed = try #require(array.first { $0["instance"] as? String == "feed" }, "\(json)")
        #expect(feed["last_http_status"] as? Int == 503, "\(json)")
    }
}
