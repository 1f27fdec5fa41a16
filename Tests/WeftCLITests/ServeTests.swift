import Foundation
import Testing
import WeftTestSupport

/// `weft serve` through the built binary and the curl CLI: endpoints, ETags, auth and limits (the board in a browser
/// is `DashboardTests`).
@Suite("serve")
struct ServeTests {
    /// An HTTP answer as curl saw it.
    struct Answer: CustomStringConvertible {
        var status: Int
        var headers: [String: String]
        var body: String
        var description: String { "\(status) \(headers) \(body.debugDescription)" }
    }

    /// A running `weft serve` on a free port, stopped when the test ends.
    final class Server: Sendable {
        let child: StreamingChild
        let base: String

        /// Without `--token-file` in `arguments`, the server runs with `--no-token`.
        init(_ box: Sandbox, _ arguments: [String] = [], environment: [String: String] = [:]) async throws {
            let token = arguments.contains("--token-file") ? [] : ["--no-token"]
            child = try StreamingChild(
                [WeftProcess.binary, "serve", "--port", "0"] + token + arguments + box.locations,
                environment: environment)
            let line = try #require(await child.line(within: .seconds(30)), "weft serve printed nothing")
            let prefix = "weft: serving on "
            #expect(line.hasPrefix(prefix), "\(line)")
            base = String(line.dropFirst(prefix.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }

        /// Requests `path` with curl; `headers` as `Name: value`, `body` POSTed when given.
        func request(_ path: String, method: String = "GET", headers: [String] = [], body: String? = nil) async
            -> Answer
        {
            var argv = ["curl", "-s", "-S", "-i", "--max-time", "20", "-X", method]
            for header in headers { argv += ["-H", header] }
            if body != nil { argv += ["--data-binary", "@-", "-H", "Content-Type: text/plain"] }
            let result = await WeftProcess.run(argv + [base + path], stdin: body, timeout: .seconds(30))
            return Self.parse(result.stdout)
        }

        static func parse(_ raw: String) -> Answer {
            guard let split = raw.range(of: "\r\n\r\n") else { return Answer(status: -1, headers: [:], body: raw) }
            let head = raw[..<split.lowerBound].components(separatedBy: "\r\n")
            let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? -1
            var headers: [String: String] = [:]
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            return Answer(status: status, headers: headers, body: String(raw[split.upperBound...]))
        }
    }

    /// A sandbox whose `demo` provider was refreshed at `Fixed.now`; its note needs HTML escaping.
    static func sandbox() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21, "note": "<b>bold</b> & co"}'"#))
        #expect(await box.weft("refresh", "--now", Fixed.now).exitCode == 0)
        return box
    }

    static func object(_ answer: Answer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any], "\(answer)")
    }

    @Test func endpointsAnswerWithJSONAndETags() async throws {
        let box = try await Self.sandbox()
        let server = try await Server(box, ["--now", "2026-03-10T09:31:00Z"])

        let health = await server.request("/healthz")
        #expect(health.status == 200 && health.body == "ok\n", "\(health)")

        let all = try Self.object(await server.request("/v1/vars"))
        let vars = try #require(all["vars"] as? [String: String])
        #expect(vars["__demo_temp"] == "21")
        #expect(vars["__time"] != nil)
        let demo = try #require(
            try Self.object(await server.request("/v1/vars?prefix=__demo_"))["vars"] as? [String: String])
        #expect(demo.keys.allSatisfy { $0.hasPrefix("__demo_") } && demo["__demo_temp"] == "21", "\(demo)")

        let one = await server.request("/v1/vars/__demo_temp")
        #expect(one.status == 200 && one.body == #"{"key":"__demo_temp","value":"21"}"# + "\n", "\(one)")
        let missing = await server.request("/v1/vars/__demo_nothing")
        #expect(missing.status == 404 && missing.body.contains("no variable __demo_nothing"), "\(missing)")

        let query = await server.request("/v1/resolve?template=%7B%7B__demo_temp%7D%7D%C2%B0%20at%20%7B%7B__time%7D%7D")
        #expect(query.status == 200, "\(query)")
        #expect(try Self.object(query)["text"] as? String == "21° at 09:31")
        let form = await server.request("/v1/resolve?template=%7B%7B%3D1%2B2%7D%7D+and+%7B%7B__demo_temp%7D%7D")
        #expect(try Self.object(form)["text"] as? String == "3 and 21", "+ is a space, %2B a plus: \(form)")
        let posted = await server.request(
            "/v1/resolve", method: "POST", body: "{{__demo_temp|?}} and {{__demo_x|none}}")
        #expect(try Self.object(posted)["text"] as? String == "21 and none", "\(posted)")
        let malformed = await server.request("/v1/resolve?template=100%25%zz")
        #expect(malformed.status == 400 && malformed.body.contains("%25"), "\(malformed)")
        let noTemplate = await server.request("/v1/resolve")
        #expect(noTemplate.status == 400, "\(noTemplate)")

        let status = try Self.object(await server.request("/v1/status"))
        let providers = try #require(status["providers"] as? [[String: Any]])
        #expect(providers.map { $0["instance"] as? String } == ["demo"])
        #expect(providers.first?["last_success"] as? String == Fixed.now)

        // ETag and If-None-Match.
        let tagged = await server.request("/v1/vars/__demo_temp")
        let tag = try #require(tagged.headers["etag"], "\(tagged)")
        let again = await server.request("/v1/vars/__demo_temp", headers: ["If-None-Match: \(tag)"])
        #expect(again.status == 304 && again.body.isEmpty, "\(again)")
        let other = await server.request("/v1/vars/__demo_temp", headers: [#"If-None-Match: "0000""#])
        #expect(other.status == 200, "\(other)")
        // Every read carries one; with the clock pinned, the same answer has the same tag.
        for path in ["/v1/vars", "/v1/status", "/v1/resolve?template=%7B%7B__demo_temp%7D%7D", "/"] {
            let first = await server.request(path)
            let tag = try #require(first.headers["etag"], "\(path): \(first)")
            let second = await server.request(path, headers: ["If-None-Match: \(tag)"])
            #expect(second.status == 304 && second.body.isEmpty, "\(path): \(second)")
        }

        // The dashboard reloads itself and says how old each provider's data is.
        let page = await server.request("/")
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true, "\(page)")
        #expect(page.body.contains(#"<meta http-equiv="refresh" content="30">"#), "\(page)")
        #expect(page.body.contains("demo"), "\(page)")

        // Wrong paths and methods.
        let unknown = await server.request("/etc/passwd")
        #expect(unknown.status == 404, "\(unknown)")
        let traversal = await server.request("/v1/vars/..%2F..%2Fetc%2Fpasswd")
        #expect(traversal.status == 404 && !traversal.body.contains("root:"), "\(traversal)")
        let wrong = await server.request("/v1/vars", method: "POST", body: "x")
        #expect(wrong.status == 405 && wrong.headers["allow"] == "GET, HEAD", "\(wrong)")
        let delete = await server.request("/v1/resolve", method: "DELETE")
        #expect(delete.status == 405, "\(delete)")
        // What no route answers is said in the server's words, behind its headers like every answer.
        #expect(unknown.body.contains("no such endpoint: /etc/passwd"), "\(unknown)")
        #expect(unknown.headers["content-security-policy"]?.contains("default-src 'none'") == true, "\(unknown)")
        let put = await server.request("/v1/vars/__demo_temp", method: "PUT", body: "1")
        #expect(put.status == 405 && put.headers["allow"] == "GET, HEAD", "\(put)")
        let button = await server.request("/v1/habits/read/done")
        #expect(button.status == 405 && button.headers["allow"] == "POST", "\(button)")
        let head = await server.request("/healthz", method: "HEAD")
        #expect(head.status == 200, "\(head)")
        let encoded = await server.request("/v1/vars/%5F%5Fdemo_temp")
        #expect(encoded.status == 200 && encoded.body.contains(#""value":"21""#), "\(encoded)")

        server.child.send(SIGTERM)
        #expect(server.child.ending(within: .seconds(15))?.code == 0)
    }

    @Test func oversizedRequestsAndTheRateLimit() async throws {
        let box = try await Self.sandbox()
        let server = try await Server(box, ["--max-body", "1024", "--rate", "0.01", "--burst", "4"])
        let big = await server.request("/v1/resolve", method: "POST", body: String(repeating: "x", count: 4000))
        #expect(big.status == 413, "\(big)")
        let bigQuery = await server.request("/v1/resolve?template=" + String(repeating: "x", count: 2000))
        #expect(bigQuery.status == 413, "a GET template counts too: \(bigQuery)")
        let small = await server.request("/v1/resolve", method: "POST", body: "{{__demo_temp}}")
        #expect(small.status == 200, "\(small)")
        // Three requests so far from 127.0.0.1, of a burst of four: one more passes, then they wait (a token per
        // 100 s, so however slowly a loaded machine runs curl, none comes back during the test).
        var statuses: [Int] = []
        var retryAfter: String?
        for _ in 0..<5 {
            let answer = await server.request("/healthz")
            statuses.append(answer.status)
            if answer.status == 429 { retryAfter = answer.headers["retry-after"] }
        }
        #expect(statuses == [200, 429, 429, 429, 429], "\(statuses)")
        #expect(retryAfter.flatMap(Int.init).map { $0 >= 1 } == true, "\(String(describing: retryAfter))")
    }

    @Test func aTokenGuardsEveryRequest() async throws {
        let box = try await Self.sandbox()
        let token = "3f9c2d7e1a8b4c6d9e0f1a2b3c4d5e6f"
        try box.write("token", token + "\n")
        let server = try await Server(box, ["--token-file", box.path("token")])
        let none = await server.request("/v1/vars/__demo_temp")
        #expect(none.status == 401 && none.headers["www-authenticate"]?.hasPrefix("Bearer") == true, "\(none)")
        let wrong = await server.request("/", headers: ["Authorization: Bearer 3f9c2d7e1a8b4c6d9e0f1a2b3c4d5e6e"])
        #expect(wrong.status == 401, "\(wrong)")
        let right = await server.request("/v1/vars/__demo_temp", headers: ["Authorization: Bearer \(token)"])
        #expect(right.status == 200, "\(right)")
        let health = await server.request("/healthz")
        #expect(health.status == 401, "every request needs the token: \(health)")

        // Another address than loopback without a token is refused before listening.
        let open = await box.weft("serve", "--no-token", "--bind", "0.0.0.0", "--port", "0", timeout: .seconds(20))
        #expect(open.exitCode == 1 && open.stderr.contains("--no-token"), "\(open)")
    }
}
