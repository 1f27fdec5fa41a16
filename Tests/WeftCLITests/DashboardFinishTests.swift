import Foundation
import Testing
import WeftTestSupport

/// The dashboard as a person meets it: `/board` answers 304 between polls while nothing changed (README "Live"),
/// steps and habits are not stale minutes after a refresh, the login page, icon and manifest, and command cards with
/// the labels and units of their provider file.
@Suite("dashboard, finished", .serialized)
struct DashboardFinishTests {
    static let now = "2026-03-10T09:30:00Z"

    /// README "Live": on the real clock (no `--now`), two polls of `/board` a second apart with nothing changed: the
    /// second, with the first's ETag, is a 304. Nothing on the cards follows the clock alone (no time to the second,
    /// no age, no `__now` in *All variables*); each card's fetch time is an instant the page's script counts from.
    @Test func theBoardAnswers304UntilSomethingChanges() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"load": 0.42}'"#))
        #expect(await box.weft("refresh").exitCode == 0)
        let server = try await ServeTests.Server(box, ["--tz", "Europe/Berlin"])
        let first = await server.request("/board")
        let tag = try #require(first.headers["etag"], "\(first)")
        #expect(first.body.contains(#"<time class="ago" datetime=""#), "\(first.body)")
        #expect(!first.body.contains(" ago<") && !first.body.contains(#"<th scope="row">__now</th>"#), "\(first.body)")
        try await Task.sleep(for: .milliseconds(1100))
        let second = await server.request("/board", headers: ["If-None-Match: \(tag)"])
        #expect(second.status == 304, "\(second.status): \(second.body)")
        // A change on a card is a new ETag.
        #expect(await box.weft("var", "set", "note", "hello").exitCode == 0)
        let changed = await server.request("/board", headers: ["If-None-Match: \(tag)"])
        #expect(changed.status == 200 && changed.headers["etag"] != tag, "\(changed.status)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
    }

    /// A file import is fresh until its files change: ten minutes (or a day) after a refresh, steps are not stale
    /// (they were after five minutes), `weft status` says when they are due, and a changed file is read again.
    @Test func stepsStayFreshUntilTheirFileChanges() async throws {
        let box = try Sandbox()
        // Dated before the refresh, as an export is (the refresh reads a file changed after its snapshot again).
        try box.write(
            "steps.csv", "Id,ActivityDate,TotalSteps\n1,3/9/2026,5000\n1,3/10/2026,7000\n", modified: Fixed.fileDate)
        try box.provider(
            "steps", "type = \"steps\"\nfiles = [\"\(box.path("steps.csv"))\"]\ntimezone = \"Europe/Berlin\"\n")
        let refresh = await box.weft("refresh", "--now", Self.now)
        #expect(refresh.exitCode == 0 && refresh.stderr == "steps: ok, due when its files change\n", "\(refresh)")
        for later in ["2026-03-10T09:40:00Z", "2026-03-11T09:30:00Z"] {
            let status = await box.weft("status", "--now", later)
            #expect(status.stdout.contains("due when its files change [ok]"), "\(later): \(status)")
            // In JSON it says so too, rather than a next_due in the year 9999.
            let json = await box.weft("status", "--json", "--now", later)
            #expect(json.stdout.contains(#""due_on_change" : true"#), "\(later): \(json)")
            #expect(!json.stdout.contains("9999") && !json.stdout.contains("next_due"), "\(later): \(json)")
            let stale = await box.weft("get", "__steps_stale", "--now", later)
            #expect(stale.stdout == "0\n", "\(later): \(stale)")
        }
        try box.write("steps.csv", "Id,ActivityDate,TotalSteps\n1,3/9/2026,5000\n1,3/10/2026,9000\n")
        #expect(await box.weft("refresh", "--now", "2026-03-10T09:45:00Z").exitCode == 0)
        let today = await box.weft("get", "__steps_today", "--now", "2026-03-10T09:45:00Z")
        #expect(today.stdout == "9000\n", "\(today)")
    }

    /// The login page wears the board's style sheet, and every page links the icon and the web app manifest, which
    /// are served to a browser without a session (it asks for them without its cookie) with their content types.
    @Test func theLoginPageIsStyledAndTheIconAndManifestAreServed() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"load": 0.42}'"#))
        #expect(await box.weft("refresh", "--now", Self.now).exitCode == 0)
        try box.write("token", "0123456789abcdef0123\n")
        let server = try await ServeTests.Server(box, ["--now", Self.now, "--token-file", box.path("token")])
        let login = await server.request("/login")
        #expect(login.status == 200, "\(login)")
        let board = await server.request("/", headers: ["Authorization: Bearer 0123456789abcdef0123"])
        #expect(board.status == 200, "\(board.status)")
        for page in [login, board] {
            #expect(page.body.contains(#"<link rel="stylesheet" href="/assets/app.css">"#), "\(page.body)")
            #expect(page.body.contains(#"<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">"#))
            #expect(page.body.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            #expect(page.body.contains(#"<meta name="color-scheme" content="light dark">"#))
            #expect(page.headers["content-security-policy"]?.contains("manifest-src 'self'") == true)
        }
        #expect(login.body.contains(#"<main class="login"><section class="card">"#), "\(login.body)")
        let css = await server.request("/assets/app.css")
        #expect(css.status == 200 && css.headers["content-type"] == "text/css; charset=utf-8", "\(css.status)")
        #expect(css.body.contains(".login input[type=password]"))
        let icon = await server.request("/assets/icon.svg")
        #expect(icon.status == 200 && icon.headers["content-type"] == "image/svg+xml", "\(icon.status)")
        #expect(icon.body.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let manifest = await server.request("/manifest.webmanifest")
        #expect(manifest.status == 200 && manifest.headers["content-type"] == "application/manifest+json")
        let app = try #require(
            try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any], "\(manifest.body)")
        #expect(app["start_url"] as? String == "/" && app["display"] as? String == "standalone", "\(app)")
        let icons = try #require(app["icons"] as? [[String: Any]])
        #expect(icons.first?["src"] as? String == "/assets/icon.svg")
        // The data stays behind the token.
        let cards = await server.request("/board")
        #expect(cards.status == 401, "\(cards.status)")
        let again = await server.request("/assets/icon.svg", headers: ["If-None-Match: \(icon.headers["etag"] ?? "")"])
        #expect(again.status == 304, "\(again.status)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
    }

    /// A command card calls its values what the provider file's `[labels]` says, writes each `[units]` unit after
    /// its value with a no-break space and keeps the two on one line; a value without either shows as before.
    @Test func commandCardsShowTheLabelsAndUnitsOfTheirFile() async throws {
        let box = try Sandbox()
        try box.provider(
            "room",
            shellProvider(
                #"printf '{"temp": 21.5, "Fan Speed": 1200, "load": 0.42}'"#,
                extra: """

                    [labels]
                    temp = "Temperature"
                    "Fan Speed" = "Fan"

                    [units]
                    temp = "°C"
                    "fan speed" = "rpm"
                    """))
        let check = await box.weft("check")
        #expect(check.exitCode == 0, "\(check)")
        #expect(await box.weft("refresh", "--now", Self.now).exitCode == 0)
        let server = try await ServeTests.Server(box, ["--now", Self.now])
        let board = await server.request("/board")
        #expect(
            board.body.contains(
                #"<div><dt>Fan</dt><dd><span class="num">1200&nbsp;rpm</span></dd></div>"#
                    + #"<div><dt>load</dt><dd>0.42</dd></div>"#
                    + #"<div><dt>Temperature</dt><dd><span class="num">21.5&nbsp;°C</span></dd></div>"#),
            "\(board.body)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
        // A unit that is not text is said with its file, line and key.
        try box.provider("room", shellProvider(#"printf '{"temp": 21.5}'"#, extra: "\n[units]\ntemp = 21\n"))
        let bad = await box.weft("check")
        #expect(
            bad.exitCode != 0
                && bad.stdout.contains("room.toml:5: key \"units.temp\" must be a string, found an integer"),
            "\(bad)")
    }
}
