import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 32, root 3: another local user in. A cache directory others may write to is refused (not narrowed), a file
/// in it that is not this user's is refused by every door, and `weft serve` needs a token unless told `--no-token`.
/// Run as root (CI), "another user" is nobody (65534) by `chown`; root passes permission checks, so these test weft's
/// own checks of owners and modes, not the kernel's.
@Suite("another user in")
struct AnotherUserTests {
    static let nobody: uid_t = 65_534

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// A sandbox with a `demo` provider and its cache folder made private.
    static func sandbox() throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"a": 1}'"#))
        #expect(chmod(box.cache, 0o700) == 0)
        return box
    }

    @Test func aCacheDirectoryOthersMayWriteToIsRefusedNotNarrowed() async throws {
        let box = try Self.sandbox()
        #expect(chmod(box.cache, 0o777) == 0)
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode != 0 && refresh.signal == nil, "\(refresh)")
        #expect(
            refresh.stderr.contains("refusing the cache \(box.cache): others may write to it (mode 777)")
                && refresh.stderr.contains("chmod 700 \(box.cache)"), "\(refresh)")
        #expect(Self.mode(box.cache) == 0o777, "the directory was narrowed and its files adopted")
        #expect(!FileManager.default.fileExists(atPath: box.database))
        let get = await box.weft("get", "__demo_a")
        #expect(get.exitCode != 0 && get.stderr.contains("others may write to it"), "\(get)")
        let set = await box.weft("var", "set", "x", "1")
        #expect(set.exitCode != 0 && set.stderr.contains("others may write to it"), "\(set)")
        // A folder others may only read is this user's to narrow.
        #expect(chmod(box.cache, 0o755) == 0)
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        #expect(Self.mode(box.cache) == 0o700)
    }

    /// A file another user planted in the cache (a `weft.sqlite` 0666 they hold open to read the snapshots, a
    /// `weft.lock` they hold locked so no refresh ever runs) is refused by name and owner, and left as it was.
    @Test(
        .enabled(if: getuid() == 0, "giving a file to another user needs root"),
        arguments: ["weft.sqlite", "weft.sqlite-wal", "weft.sqlite-shm", "weft.lock"])
    func aCacheFileAnotherUserPlantedIsRefused(_ name: String) async throws {
        let box = try Self.sandbox()
        let planted = box.cache + "/" + name
        #expect(FileManager.default.createFile(atPath: planted, contents: nil))
        #expect(chmod(planted, 0o666) == 0 && chown(planted, Self.nobody, Self.nobody) == 0)
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode != 0 && refresh.signal == nil, "\(refresh)")
        #expect(
            refresh.stderr.contains("refusing the cache \(planted): it is owned by")
                && refresh.stderr.contains("user id 65534") && refresh.stderr.contains("remove it"), "\(refresh)")
        #expect(Self.mode(planted) == 0o666, "the planted file was adopted")
        if name != "weft.lock" {
            let get = await box.weft("get", "__demo_a")
            #expect(get.exitCode != 0 && get.stderr.contains("user id 65534"), "\(get)")
        }
    }

    @Test(.enabled(if: getuid() == 0, "giving a file to another user needs root"))
    func aDatabaseAnotherUserPlantedIsRefusedByEveryDoor() async throws {
        let box = try Self.sandbox()
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let backupFile = box.path("backup.json")
        #expect(await box.weft(arguments: ["backup", backupFile] + Fixed.clock).exitCode == 0)
        #expect(chown(box.database, Self.nobody, Self.nobody) == 0)
        let doors: [[String]] = [
            ["var", "set", "x", "1"], ["habit", "add", "run"], ["backup", box.path("again.json")],
            ["restore", backupFile], ["status"], ["vars"], ["get", "__demo_a"],
        ]
        for door in doors {
            let result = await box.weft(arguments: door + Fixed.clock)
            #expect(result.exitCode != 0 && result.stderr.contains("user id 65534"), "\(door): \(result)")
        }
        let server = try await ServeTests.Server(box)
        let vars = await server.request("/v1/vars/__demo_a")
        #expect(vars.status == 500 && !vars.body.contains("1"), "\(vars)")
    }

    @Test(.enabled(if: getuid() == 0, "giving a file to another user needs root"))
    func aNotifierLockAnotherUserPlantedIsRefused() async throws {
        let box = try Self.sandbox()
        let planted = box.cache + "/weft.notify.lock"
        #expect(FileManager.default.createFile(atPath: planted, contents: nil))
        #expect(chown(planted, Self.nobody, Self.nobody) == 0)
        let notify = await box.weft("notify", timeout: .seconds(20))
        #expect(notify.exitCode == 1, "\(notify)")
        #expect(
            notify.stderr.contains(planted) && notify.stderr.contains("user id 65534"), "\(notify)")
    }

    @Test(
        .enabled(if: getuid() == 0, "giving a file to another user needs root"),
        arguments: ["serve.token", "serve.revoked"])
    func aServerFileAnotherUserPlantedIsRefused(_ name: String) async throws {
        let box = try Self.sandbox()
        let planted = box.cache + "/" + name
        try "0123456789abcdef0123456789abcdef\n".write(toFile: planted, atomically: false, encoding: .utf8)
        #expect(chown(planted, Self.nobody, Self.nobody) == 0)
        let serve = await box.weft("serve", "--port", "0", timeout: .seconds(20))
        #expect(serve.exitCode == 1, "\(serve)")
        #expect(serve.stderr.contains(planted) && serve.stderr.contains("user id 65534"), "\(serve)")
    }

    // MARK: weft serve needs a token unless told otherwise

    /// A `weft serve` started with `arguments` and nothing about a token: its three lines (address, login link, token
    /// file) read.
    final class TokenServer: Sendable {
        let child: StreamingChild
        let base: String
        let loginLink: String
        let tokenFile: String

        init(_ box: Sandbox, _ arguments: [String] = []) async throws {
            let child = try StreamingChild([WeftProcess.binary, "serve", "--port", "0"] + arguments + box.locations)
            self.child = child
            var lines: [String] = []
            for _ in 0..<3 { lines.append(await child.line(within: .seconds(30)) ?? "") }
            #expect(lines[0].hasPrefix("weft: serving on http://127.0.0.1:"), "\(lines)")
            base = String(lines[0].dropFirst("weft: serving on ".count).dropLast())
            let link = "weft: log a browser in (once) at "
            #expect(lines[1].hasPrefix(link + base + "/login?once="), "\(lines)")
            loginLink = String(lines[1].dropFirst(link.count))
            let file = "weft: the token for scripts (Authorization: Bearer TOKEN) is in "
            #expect(lines[2].hasPrefix(file), "\(lines)")
            tokenFile = String(lines[2].dropFirst(file.count))
        }

        func curl(_ url: String, _ arguments: [String] = []) async -> ServeTests.Answer {
            let argv = ["curl", "-s", "-S", "-i", "--max-time", "20"] + arguments + [url]
            return ServeTests.Server.parse(await WeftProcess.run(argv, timeout: .seconds(30)).stdout)
        }

        func stop() {
            child.send(SIGTERM)
            _ = child.ending(within: .seconds(15))
        }
    }

    @Test func serveWithoutATokenOptionMakesItsOwnAndReusesIt() async throws {
        let box = try await ServeTests.sandbox()
        let server = try await TokenServer(box)
        #expect(server.tokenFile == box.cache + "/serve.token")
        #expect(Self.mode(server.tokenFile) == 0o600)
        let token = try String(contentsOfFile: server.tokenFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 64, "\(token)")
        let anyone = await server.curl(server.base + "/v1/vars/__demo_temp")
        #expect(anyone.status == 401, "another local user reads nothing: \(anyone)")
        let press = await server.curl(server.base + "/v1/vars/n/incr", ["-X", "POST"])
        #expect(press.status == 401, "nor presses a button: \(press)")
        let script = await server.curl(server.base + "/v1/vars/__demo_temp", ["-H", "Authorization: Bearer \(token)"])
        #expect(script.status == 200 && script.body.contains("21"), "\(script)")

        // The link logs one browser in, once.
        let login = await server.curl(server.loginLink)
        #expect(login.status == 303 && login.headers["location"] == "/", "\(login)")
        let cookie = try #require(login.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let again = await server.curl(server.loginLink)
        #expect(again.status == 401 && again.headers["set-cookie"] == nil, "the link is spent: \(again)")
        #expect((await server.curl(server.base + "/v1/vars/__demo_temp", ["-H", "Cookie: \(cookie)"])).status == 200)
        server.stop()

        // A restart reuses the token, so scripts and logged-in browsers keep working; the link is a new one.
        let second = try await TokenServer(box)
        #expect(
            try String(contentsOfFile: second.tokenFile, encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines) == token)
        #expect(second.loginLink != server.loginLink)
        let port = second.base.split(separator: ":").last.map(String.init) ?? ""
        let renamed = cookie.replacingOccurrences(
            of: #"weft_session_\d+="#, with: "weft_session_\(port)=", options: .regularExpression)
        #expect((await second.curl(second.base + "/v1/vars/__demo_temp", ["-H", "Cookie: \(renamed)"])).status == 200)
        #expect(
            (await second.curl(second.base + "/v1/vars/__demo_temp", ["-H", "Authorization: Bearer \(token)"]))
                .status == 200)
        second.stop()
    }

    @Test func tokenlessServingIsAnExplicitFlagThatWarns() async throws {
        let box = try await ServeTests.sandbox()
        let log = box.path("serve.log")
        let child = try StreamingChild(
            ["/bin/sh", "-c", #"log=$1; shift; exec "$0" "$@" 2>>"$log""#, WeftProcess.binary, log, "serve"]
                + ["--port", "0", "--no-token"] + box.locations)
        let line = try #require(await child.line(within: .seconds(30)))
        let base = String(line.dropFirst("weft: serving on ".count).dropLast())
        let answer = ServeTests.Server.parse(
            await WeftProcess.run(["curl", "-s", "-i", base + "/v1/vars/__demo_temp"], timeout: .seconds(30)).stdout)
        #expect(answer.status == 200, "\(answer)")
        let warned = try String(contentsOfFile: log, encoding: .utf8)
        #expect(
            warned.contains("weft: warning: serving without a token (--no-token): every user of this machine"),
            "\(warned)")
        #expect(!FileManager.default.fileExists(atPath: box.cache + "/serve.token"))
        child.send(SIGTERM)
        _ = child.ending(within: .seconds(15))
        let both = await box.weft("serve", "--no-token", "--token-file", box.path("t"), "--port", "0")
        #expect(both.exitCode == 1 && both.stderr.contains("contradict"), "\(both)")
    }

    /// With weft's own token and with `--token-file`: the logout is kept beside the made token, in the cache folder.
    @Test(arguments: [false, true])
    func aLogoutHoldsAcrossARestart(withTokenFile: Bool) async throws {
        let box = try await ServeTests.sandbox()
        try box.write("token", ServeSafetyTests.token + "\n")
        let arguments = withTokenFile ? ["--token-file", box.path("token")] : []
        let server = try await TokenServer(box, arguments)
        let login = await server.curl(server.loginLink)
        let cookie = try #require(login.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let page = await server.curl(server.base + "/", ["-H", "Cookie: \(cookie)"])
        let csrf = try #require(ServeSafetyTests.csrf(in: page.body), "\(page)")
        let logout = await server.curl(
            server.base + "/logout",
            ["-X", "POST", "-H", "Cookie: \(cookie)", "-H", "Origin: \(server.base)", "-H", "X-CSRF-Token: \(csrf)"])
        #expect(logout.status == 303, "\(logout)")
        #expect((await server.curl(server.base + "/v1/vars/__demo_temp", ["-H", "Cookie: \(cookie)"])).status == 401)
        #expect(Self.mode(box.cache + "/serve.revoked") == 0o600)
        server.stop()

        let second = try await TokenServer(box, arguments)
        let port = second.base.split(separator: ":").last.map(String.init) ?? ""
        let renamed = cookie.replacingOccurrences(
            of: #"weft_session_\d+="#, with: "weft_session_\(port)=", options: .regularExpression)
        let after = await second.curl(second.base + "/v1/vars/__demo_temp", ["-H", "Cookie: \(renamed)"])
        #expect(after.status == 401, "the logged-out cookie came back with the restart: \(after)")
        second.stop()
    }

    // MARK: guessing the token

    /// The reproduction: wrong tokens from 127.0.0.2, 127.0.0.3, … each got a fresh bucket of the rate limit.
    @Test func rotatingLoopbackAddressesShareOneRateLimit() async throws {
        let box = try await ServeTests.sandbox()
        // A rate too low to refill during the test: only the burst counts, however slow the machine.
        let server = try await TokenServer(box, ["--rate", "0.01", "--burst", "40"])
        let loop = """
            for i in $(seq 2 81); do curl -s -o /dev/null -w '%{http_code}\\n' --interface 127.0.0.$i \
              -H 'Authorization: Bearer 0000000000000000000000000000000000' "$1/v1/vars"; done
            """
        let run = await WeftProcess.run(["sh", "-c", loop, "sh", server.base], timeout: .seconds(120))
        let codes = run.stdout.split(separator: "\n")
        #expect(codes.count == 80, "\(run)")
        #expect(codes.contains("429"), "80 guesses from 80 loopback addresses were never slowed: \(codes)")
        #expect(!codes.contains("200"))
        server.stop()
    }

    /// However many client buckets a guesser spreads over, the server takes 100 failed authentications, then one a
    /// second; while the budget is empty, requests with credentials are answered 429 before they are checked.
    @Test func failedAuthenticationsShareOneBudget() async throws {
        let box = try await ServeTests.sandbox()
        let server = try await TokenServer(box, ["--rate", "100000", "--burst", "100000"])
        let token = try String(contentsOfFile: server.tokenFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // Requests without credentials (a script not yet given the token) guess nothing and take nothing.
        let bareURLs = (0..<130).flatMap { _ in ["-o", "/dev/null", server.base + "/v1/vars"] }
        let bare = await WeftProcess.run(["curl", "-s", "-w", "%{http_code}\n"] + bareURLs, timeout: .seconds(120))
        #expect(bare.stdout.split(separator: "\n").allSatisfy { $0 == "401" }, "\(bare.stdout.prefix(500))")
        let right = await server.curl(server.base + "/v1/vars", ["-H", "Authorization: Bearer \(token)"])
        #expect(right.status == 200, "\(right)")
        let urls = (0..<130).flatMap { _ in ["-o", "/dev/null", server.base + "/v1/vars"] }
        let run = await WeftProcess.run(
            ["curl", "-s", "-w", "%{http_code}\n", "-H", "Authorization: Bearer wrong-guess-000000"] + urls,
            timeout: .seconds(120))
        let codes = run.stdout.split(separator: "\n")
        #expect(codes.count == 130, "\(run.stdout.prefix(500))")
        #expect(codes.prefix(100).allSatisfy { $0 == "401" }, "\(codes)")
        // One a second comes back: a generous count, not a timing.
        #expect(codes.filter { $0 == "429" }.count >= 15, "\(codes)")
        server.stop()
    }
}
