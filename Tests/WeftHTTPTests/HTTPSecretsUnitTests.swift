import Foundation
import Testing
import WeftTestSupport

@testable import WeftHTTP

/// The pieces of issue 32's root 6 in WeftHTTP: a secret matched in every encoded form, the scope of an address,
/// and the one rule for credentials over plain http.
@Suite("HTTP secrets: redaction, address scopes, credentials over http")
struct HTTPSecretsUnitTests {
    @Test func aSecretIsFoundInEveryPercentEncodingOfAnyOfItsCharacters() {
        let redact = Redactor(secrets: ["SECRET;q?x"])
        for text in [
            "SECRET;q?x", "SECRET;q%3Fx", "SECRET;q%3fx", "SECRET%3Bq%3Fx", "%53ECRET;q?x", "SECRET%3bq?x",
        ] {
            #expect(redact("key " + text + " end") == "key [redacted] end", "\(text)")
        }
        #expect(redact("SECRET;q!x SECRET;q%3F") == "SECRET;q!x SECRET;q%3F", "near misses stay")
        // Cutting the URL at the key's "?" must not leave its first part behind.
        #expect(redact("http://h/forecast/SECRET;q?x/1,2") == "http://h/forecast/[redacted]/1,2")
        #expect(Redactor(secrets: ["a b"])("x a+b y a%20b") == "x [redacted] y [redacted]")
        // The secret's own "%": "%25" read as an escape or as the secret's "%" followed by "25".
        #expect(Redactor(secrets: ["p%25w"])("p%25w p%2525w") == "[redacted] [redacted]")
        #expect(Redactor(secrets: ["pä"])("p%C3%A4 p%c3%a4 pä") == "[redacted] [redacted] [redacted]")
    }

    @Test func theStoredKeyOfAURLHoldsNoFormOfItsKey() {
        let request = HTTPRequest(
            url: "https://api.example.org/forecast/SECRET;q%3Fx/1,2?units=si", secrets: ["SECRET;q?x"])
        #expect(request.cacheKey == "https://api.example.org/forecast/[redacted]/1,2?units=si")
    }

    @Test(arguments: [
        ("127.0.0.1", NetworkScope.thisMachine), ("127.8.9.10", .thisMachine), ("0.0.0.0", .thisMachine),
        ("::1", .thisMachine), ("[::1]", .thisMachine), ("::", .thisMachine), ("::ffff:127.0.0.1", .thisMachine),
        ("10.1.2.3", .localNetwork), ("172.16.0.1", .localNetwork), ("172.31.255.255", .localNetwork),
        ("192.168.1.1", .localNetwork), ("169.254.169.254", .localNetwork), ("100.64.0.1", .localNetwork),
        ("fc00::1", .localNetwork), ("fd12:3456::1", .localNetwork), ("fe80::1%eth0", .localNetwork),
        ("::ffff:192.168.0.1", .localNetwork), ("224.0.0.1", .localNetwork),
        ("172.32.0.1", .publicInternet), ("8.8.8.8", .publicInternet), ("192.0.2.2", .publicInternet),
        ("2001:db8::1", .publicInternet), ("100.128.0.1", .publicInternet),
    ])
    func addressesAreScopedByTheirRange(address: String, scope: NetworkScope) {
        #expect(NetworkScope.of(address: address) == scope, "\(address)")
    }

    @Test func namesAreScopedOnlyWhenTheySayLocalhost() {
        #expect(NetworkScope.of(host: "localhost") == .thisMachine)
        #expect(NetworkScope.of(host: "LocalHost.") == .thisMachine)
        #expect(NetworkScope.of(host: "db.localhost") == .thisMachine)
        #expect(NetworkScope.of(host: "example.org") == nil)
        #expect(NetworkScope.of(host: "127.0.0.1.example.org") == nil)
    }

    @Test func credentialsGoOverPlainHTTPOnlyToThisMachine() {
        for url in [
            "http://u:p@127.0.0.1:8080/a", "http://u:p@localhost/a", "http://u:p@[::1]:9/a",
            "https://u:p@example.org/a",
            "http://example.org/a",
        ] {
            #expect(CredentialTransport.refusal(url: url) == nil, "\(url)")
        }
        #expect(CredentialTransport.refusal(url: "http://example.org/a", login: true) != nil)
        // allow_insecure reaches the local network, never a public address: a name is judged when connecting.
        #expect(CredentialTransport.refusal(url: "http://example.org/a", login: true, allowInsecure: true) == nil)
        #expect(CredentialTransport.refusal(url: "http://192.168.1.5/a", login: true, allowInsecure: true) == nil)
        #expect(CredentialTransport.refusal(url: "http://8.8.8.8/a", login: true, allowInsecure: true) != nil)
        let local = ConnectRule(credentialsWithin: .localNetwork, shownURL: "http://dav.example/")
        #expect(local.refusal(.localNetwork, address: "192.168.1.5") == nil)
        #expect(local.refusal(.publicInternet, address: "8.8.8.8")?.contains("not the local network") == true)
        let machine = ConnectRule(credentialsWithin: .thisMachine, shownURL: "http://dav.example/")
        #expect(machine.refusal(.localNetwork, address: "192.168.1.5")?.contains("not this machine") == true)
        let refusal = CredentialTransport.refusal(url: "http://u:hunter2@192.168.1.5/cal.ics?token=x")
        #expect(refusal?.hasPrefix("\"http://192.168.1.5/cal.ics\" would send credentials unencrypted") == true)
        #expect(refusal?.contains("hunter2") == false)

        var keyed = HTTPRequest(url: "http://api.example.org/forecast/k/1,2", secrets: ["k"])
        #expect(keyed.credentialRefusal != nil, "an API key is a credential too")
        keyed.url = "http://127.0.0.1:1/forecast/k/1,2"
        #expect(keyed.credentialRefusal == nil)
    }

    @Test func aRequestWithCredentialsOverPlainHTTPElsewhereIsNotSent() async throws {
        var request = quickRequest("http://alice:hunter2@example.invalid/cal.ics")
        request.headers = ["Accept": "text/calendar"]
        let error = try #require(await httpError { try await makeClient().get(request) })
        guard case .invalidRequest(let url, let message) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(url == "http://example.invalid/cal.ics")
        #expect(message.contains("would send credentials unencrypted"), "\(message)")
    }

    /// On a machine with an address outside 127/8: the rule holds for the address a name resolves to, and a
    /// redirect from there to 127.0.0.1 is never followed.
    @Test(.enabled(if: LocalAddress.nonLoopbackIPv4 != nil, "needs an address of this machine outside 127.0.0.0/8"))
    func redirectsNeverLeadInward() async throws {
        let address = try #require(LocalAddress.nonLoopbackIPv4)
        let inside = try TestHTTPServer(routes: ["/secret": { _ in .text("INSIDE", status: 500) }])
        let outside = try TestHTTPServer(
            routes: [
                "/go": { _ in .redirect(to: inside.url("/secret")) },
                "/localhost": { _ in .redirect(to: "http://localhost:\(inside.port)/secret") },
                "/stay": { _ in .redirect(to: "/here") },
                "/here": { _ in .text("ok") },
            ], address: address)
        for path in ["/go", "/localhost"] {
            let error = try #require(await httpError { try await makeClient().get(quickRequest(outside.url(path))) })
            #expect("\(error)".contains("refused: it leads from"), "\(error)")
            #expect(!"\(error)".contains("INSIDE"), "\(error)")
        }
        #expect(inside.requests.isEmpty, "\(inside.requests)")
        let stayed = try await makeClient().get(quickRequest(outside.url("/stay")))
        #expect(stayed.status == 200 && stayed.redirected, "a redirect that stays is followed")
    }
}
