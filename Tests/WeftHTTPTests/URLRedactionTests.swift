import Foundation
import Testing
import WeftHTTP
import WeftTestSupport

@Suite("Credentials in URLs never reach messages, logs or stored keys")
struct URLRedactionTests {
    static let feed = "http://alice:hunter2secret@127.0.0.1:8080/private/cal.ics?token=abcdef123456&view=week#top"

    @Test func userinfoQueryAndFragmentAreDroppedFromTheDisplayForm() {
        #expect(Redactor.displayURL(Self.feed) == "http://127.0.0.1:8080/private/cal.ics")
        #expect(Redactor.displayURL("https://example.org") == "https://example.org")
        #expect(Redactor.displayURL("webcal://bob@example.org/team.ics") == "webcal://example.org/team.ics")
    }

    @Test func theStorableFormKeepsOnlyTheQueryThatIsNoSecret() {
        #expect(
            HTTPRequest(url: Self.feed).cacheKey == "http://127.0.0.1:8080/private/cal.ics?token=[redacted]&view=week")
        #expect(
            HTTPRequest(url: "https://example.org/cal.ics?view=week&lang=de").cacheKey
                == "https://example.org/cal.ics?view=week&lang=de", "nothing secret, nothing changed")
    }

    @Test(arguments: [
        "key", "apikey", "api_key", "API-KEY", "appkey", "token", "access_token", "refresh_token", "id_token", "auth",
        "auth_token", "Authorization", "password", "passwd", "pwd", "pass", "secret", "client_secret", "sig",
        "signature", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token", "X-Goog-Signature",
        "oauth_signature", "session_id", "private_key", "AWSAccessKeyId", "code", "jwt", "api%5Fkey", "%74oken",
    ])
    func everyParameterFamilyIsRedacted(name: String) {
        let url = "https://example.org/cal.ics?view=week&\(name)=Sup3rS3cretValue&lang=de"
        #expect(
            HTTPRequest(url: url).cacheKey == "https://example.org/cal.ics?view=week&\(name)=[redacted]&lang=de")
        let redact = Redactor(secrets: Redactor.credentials(inURL: url))
        #expect(redact("server said: bad value Sup3rS3cretValue") == "server said: bad value [redacted]")
    }

    @Test func percentEncodedCredentialsAreFoundInBothForms() {
        let url = "https://al%40ice:p%40ss%2Fw0rd@example.org/cal.ics?access_token=ab%2Bcd%2Fef1234"
        #expect(Redactor.displayURL(url) == "https://example.org/cal.ics")
        #expect(HTTPRequest(url: url).cacheKey == "https://example.org/cal.ics?access_token=[redacted]")
        let redact = Redactor(secrets: Redactor.credentials(inURL: url))
        let basic = Data("al@ice:p@ss/w0rd".utf8).base64EncodedString()  // what curl sends as Authorization
        for echo in ["p@ss/w0rd", "p%40ss%2Fw0rd", "ab+cd/ef1234", "ab%2Bcd%2Fef1234", basic] {
            #expect(redact("echo: \(echo).") == "echo: [redacted].", "\(echo)")
        }
    }

    @Test func theFragmentIsNeverKept() {
        let url = "https://example.org/cal.ics#access_token=s3cr3t-fragment-value"
        #expect(Redactor.displayURL(url) == "https://example.org/cal.ics")
        #expect(HTTPRequest(url: url).cacheKey == "https://example.org/cal.ics")
    }

    @Test func ipv6HostsAndPortsSurvive() {
        #expect(
            Redactor.displayURL("http://user:pw@[::1]:8080/cal.ics?key=abcdef") == "http://[::1]:8080/cal.ics")
        #expect(Redactor.displayURL("http://[2001:db8::7]/x?sig=1234") == "http://[2001:db8::7]/x")
        #expect(Redactor.displayURL("https://host.example:8443/p") == "https://host.example:8443/p")
        #expect(HTTPRequest(url: "http://[::1]:8080/a?b=c").cacheKey == "http://[::1]:8080/a?b=c")
    }

    @Test func anUnencodedPasswordCharacterDoesNotLeakThroughThePort() {
        // "pass?word" is not valid in userinfo; curl reads "user:pass" as host and port. Neither half may show.
        let shown = Redactor.displayURL("http://user:pass?word@example.org/cal")
        #expect(!shown.contains("pass") && !shown.contains("word"), "\(shown)")
    }

    @Test func tokenLikePathSegmentsAreRedacted() {
        let google =
            "https://calendar.google.com/calendar/ical/alice%40gmail.com/private-0123456789abcdef0123456789abcdef/basic.ics"
        #expect(
            Redactor.displayURL(google)
                == "https://calendar.google.com/calendar/ical/alice%40gmail.com/private-[redacted]/basic.ics")
        #expect(
            Redactor.displayURL("https://example.org/2026-annual-holidays/v2/calendar.ics")
                == "https://example.org/2026-annual-holidays/v2/calendar.ics", "words and dates are not tokens")
    }

    @Test func urlsInFreeTextAreShownInTheirDisplayForm() {
        let redact = Redactor(secrets: [])
        #expect(
            redact("redirect to ftp://u:p4ssw0rd@files.example/next?token=zzzz9999. refused")
                == "redirect to ftp://files.example/next. refused")
        #expect(
            redact("GET \(Self.feed): HTTP 500 (see https://status.example/)")
                == "GET http://127.0.0.1:8080/private/cal.ics: HTTP 500 (see https://status.example/)")
        #expect(redact("no URL here: a://") == "no URL here: a://")
    }

    @Test func aFailedGetNamesTheURLWithoutItsCredentials() async throws {
        let capture = LogCapture()
        let server = try TestHTTPServer(routes: [
            "/private/cal.ics": { request in
                .text("cannot serve \(request.target) for alice:hunter2secret", status: 500)
            }
        ])
        let url = server.url("/private/cal.ics?token=abcdef123456&view=week")
            .replacingOccurrences(of: "http://", with: "http://alice:hunter2secret@")
        let error = try #require(
            await httpError { try await makeClient(logger: capture.logger()).get(quickRequest(url)) })
        #expect(error.url == server.url("/private/cal.ics"))
        #expect(error.description.hasPrefix("GET \(server.url("/private/cal.ics")): HTTP 500"), "\(error)")
        let texts = [error.description] + capture.logged.map(\.fullText)
        for text in texts {
            #expect(!text.contains("hunter2secret") && !text.contains("abcdef123456"), "\(text)")
        }
        #expect(server.requests.first?.header("Authorization")?.hasPrefix("Basic ") == true, "the password is used")
    }

    @Test func aRefusedRedirectDoesNotShowItsTarget() async throws {
        let server = try TestHTTPServer(routes: [
            "/moved": { _ in .redirect(to: "ftp://bob:redirectpass99@files.example/feed.ics?sig=abcdef9876") }
        ])
        let error = try #require(await httpError { try await makeClient().get(quickRequest(server.url("/moved"))) })
        #expect(error.description.contains("ftp://files.example/feed.ics"), "\(error)")
        #expect(!error.description.contains("redirectpass99") && !error.description.contains("abcdef9876"))
    }
}
