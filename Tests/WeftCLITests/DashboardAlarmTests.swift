import Foundation
import Testing
import WeftTestSupport

/// The board's alarm and timer buttons through the built binary and curl: they change what `weft alarm` and `weft
/// timer` change, a name the cache does not have or a state that does not fit is refused with nothing changed, and
/// another site's post changes nothing.
@Suite("dashboard alarms and timers")
struct DashboardAlarmTests {
    /// Monday 30 November 2026, 07:02 in Berlin: Wake (07:00 on weekdays) is ringing, Tea started at 07:00.
    static let now = "2026-11-30T06:02:00Z"
    static let clock = ["--now", now, "--tz", "Europe/Berlin"]

    static func sandbox() async throws -> Sandbox {
        let box = try Sandbox()
        for (arguments, at) in [
            (
                ["alarm", "add", "07:00", "--days", "mon-fri", "--label", "Wake", "--snooze", "5m"],
                AlarmCommandTests.now
            ),
            (["timer", "start", "25m", "--label", "Tea"], "2026-11-30T06:00:00Z"),
        ] {
            let done = await box.weft(arguments: arguments + ["--now", at, "--tz", "Europe/Berlin"])
            #expect(done.exitCode == 0, "\(arguments): \(done)")
        }
        return box
    }

    static func get(_ box: Sandbox, _ key: String) async -> String {
        await box.weft(arguments: ["get", key] + clock).stdout.trimmingCharacters(in: .newlines)
    }

    /// Everything `weft alarm list` and `weft timer list` say, to show a refusal changed nothing.
    static func lists(_ box: Sandbox) async -> String {
        let alarms = await box.weft(arguments: ["alarm", "list", "--json"] + clock).stdout
        return alarms + (await box.weft(arguments: ["timer", "list", "--json"] + clock).stdout)
    }

    static func post(_ server: ServeTests.Server, _ path: String, json: Bool = false) async -> ServeTests.Answer {
        await server.request(
            path, method: "POST",
            headers: json ? ["Accept: application/json"] : ["Content-Type: application/x-www-form-urlencoded"],
            body: "csrf=x")
    }

    @Test func theCardsShowTheBarsCountdownAndTheButtonsActAsTheCommandsDo() async throws {
        let box = try await Self.sandbox()
        let server = try await ServeTests.Server(box, Self.clock)
        let board = await server.request("/board")
        #expect(board.status == 200, "\(board)")
        #expect(board.body.contains("<section class=\"card alarms ok\" data-instance=\"alarms\">"), "\(board.body)")
        #expect(board.body.contains("<span class=\"muted\">ringing since 07:00</span>"), "\(board.body)")
        #expect(board.body.contains("action=\"/v1/alarms/wake/snooze\""))
        #expect(board.body.contains("action=\"/v1/alarms/wake/dismiss\""))
        // The bar's countdown and fraction, in the card.
        let remaining = await Self.get(box, "__timer_remaining")
        let fraction = await Self.get(box, "__timer_fraction")
        #expect(remaining == "23:00" && fraction == "0.080")
        #expect(board.body.contains("<output class=\"remaining\">\(remaining)</output>"), "\(board.body)")
        #expect(board.body.contains("<progress max=\"1\" value=\"\(fraction)\"></progress>"), "\(board.body)")
        #expect(board.body.contains("action=\"/v1/timers/tea/pause\"") && board.body.contains(">Start 25m</button>"))

        // A name the cache does not have, and a state that does not fit: refused, nothing changed.
        let before = await Self.lists(box)
        let unknownAlarm = await Self.post(server, "/v1/alarms/nothing/snooze")
        #expect(
            unknownAlarm.status == 404 && unknownAlarm.body.contains("no alarm with the id nothing"), "\(unknownAlarm)")
        let unknownTimer = await Self.post(server, "/v1/timers/coffee/stop")
        #expect(
            unknownTimer.status == 404 && unknownTimer.body.contains("no timer with the id coffee"), "\(unknownTimer)")
        let running = await Self.post(server, "/v1/timers/tea/resume")
        #expect(running.status == 409 && running.body.contains("timer Tea is running"), "\(running)")
        let odd = await Self.post(server, "/v1/timers/start/7m")
        #expect(odd.status == 404 && odd.body.contains("`weft timer start 7m`"), "\(odd)")
        #expect(await Self.lists(box) == before)
        let get = await server.request("/v1/timers/tea/pause")
        #expect(get.status == 405 && get.headers["allow"] == "POST", "\(get)")

        // Snooze, as `weft alarm snooze` does: a form post goes back to the board.
        let snooze = await Self.post(server, "/v1/alarms/wake/snooze")
        #expect(snooze.status == 303 && snooze.headers["location"] == "/", "\(snooze)")
        #expect(await Self.get(box, "__alarms_snoozed") == "1")
        #expect(await Self.get(box, "__alarms_snoozed_until_time") == "07:07")
        let snoozed = await server.request("/board")
        #expect(snoozed.body.contains("snoozed until 07:07") && !snoozed.body.contains("/v1/alarms/wake/snooze"))
        let dismiss = await Self.post(server, "/v1/alarms/wake/dismiss", json: true)
        #expect(dismiss.status == 200 && dismiss.body.contains(#""action":"dismiss""#), "\(dismiss)")
        #expect(await Self.get(box, "__alarms_ringing") == "0")
        #expect(await Self.get(box, "__alarms_snoozed") == "0")
        let again = await Self.post(server, "/v1/alarms/wake/dismiss")
        #expect(again.status == 409 && again.body.contains("Wake is not ringing"), "\(again)")

        // Pause, resume, a quick start and stop, as `weft timer` does.
        #expect(await Self.post(server, "/v1/timers/tea/pause").status == 303)
        #expect(await Self.get(box, "__timer_state") == "paused")
        let paused = await Self.post(server, "/v1/timers/tea/pause")
        #expect(paused.status == 409 && paused.body.contains("timer Tea is paused"), "\(paused)")
        #expect(await Self.post(server, "/v1/timers/tea/resume", json: true).status == 200)
        let quick = await Self.post(server, "/v1/timers/start/5m", json: true)
        #expect(quick.status == 200 && quick.body.contains(#""timer":"5mtimer""#), "\(quick)")
        #expect(await Self.get(box, "__timer_label") == "5m timer", "the running one ending first")
        #expect(await Self.post(server, "/v1/timers/tea/stop").status == 303)
        let list = await box.weft(arguments: ["timer", "list"] + Self.clock).stdout
        #expect(list.contains("5m timer") && !list.contains("Tea"), "\(list)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
    }

    /// An alarm that stops ringing between the button's check (the board's snapshot) and the edit (the records) is a
    /// 409 with the edit's own message, not a server error: here the snapshot from before a dismiss is put back.
    @Test func anAlarmThatStoppedRingingBeforeTheEditIsAConflict() async throws {
        let box = try await Self.sandbox()
        let keep = "CREATE TABLE kept AS SELECT * FROM snapshot WHERE instance = 'alarms'"
        #expect(await WeftProcess.run(["sqlite3", box.database, keep]).exitCode == 0)
        #expect(await box.weft(arguments: ["alarm", "dismiss", "Wake"] + Self.clock).exitCode == 0)
        let putBack = "DELETE FROM snapshot WHERE instance = 'alarms'; INSERT INTO snapshot SELECT * FROM kept"
        #expect(await WeftProcess.run(["sqlite3", box.database, putBack]).exitCode == 0)
        let server = try await ServeTests.Server(box, Self.clock)
        defer {
            server.child.send(SIGTERM)
            _ = server.child.ending(within: .seconds(15))
        }
        let board = await server.request("/board")
        #expect(board.body.contains("action=\"/v1/alarms/wake/snooze\""), "the snapshot still shows it ringing")
        let snooze = await Self.post(server, "/v1/alarms/wake/snooze")
        #expect(snooze.status == 409 && snooze.body.contains("Wake is not ringing or snoozed"), "\(snooze)")
    }

    @Test func anotherSitesPostChangesNoAlarmOrTimer() async throws {
        let box = try await Self.sandbox()
        let server = try await ServeSafetyTests.LoggedServer(box, Self.clock)
        let before = await Self.lists(box)
        let paths = ["/v1/alarms/wake/snooze", "/v1/alarms/wake/dismiss", "/v1/timers/tea/stop", "/v1/timers/start/25m"]
        for path in paths {
            for headers in [
                ["Origin: http://evil.example"], ["Sec-Fetch-Site: cross-site"], ["Origin: null"],
                ["Origin: \(server.base)"],
            ] {
                let answer = await server.post(path, form: "csrf=x", headers: headers)
                #expect(answer.status == 403, "\(path) \(headers): \(answer)")
            }
        }
        #expect(await Self.lists(box) == before)
        #expect(await Self.get(box, "__alarms_ringing") == "1")
        // The page's own token from its own origin goes through.
        let page = await server.curl("/")
        let token = try #require(ServeSafetyTests.csrf(in: page.body))
        let own = await server.post(
            "/v1/alarms/wake/snooze", form: "csrf=\(token)", headers: ["Origin: \(server.base)"])
        #expect(own.status == 303, "\(own)")
        #expect(await Self.get(box, "__alarms_snoozed") == "1")
    }

    @Test func aTokenGuardsTheButtons() async throws {
        let box = try await Self.sandbox()
        try box.write("token", ServeSafetyTests.token + "\n")
        let server = try await ServeSafetyTests.LoggedServer(box, Self.clock + ["--token-file", box.path("token")])
        let none = await server.post("/v1/alarms/wake/snooze", form: "")
        #expect(none.status == 401, "\(none)")
        #expect(await Self.get(box, "__alarms_snoozed") == "0")
        let bearer = await server.post(
            "/v1/alarms/wake/snooze", form: "", headers: ["Authorization: Bearer \(ServeSafetyTests.token)"])
        #expect(bearer.status == 303, "\(bearer)")
        #expect(await Self.get(box, "__alarms_snoozed") == "1")
    }
}
