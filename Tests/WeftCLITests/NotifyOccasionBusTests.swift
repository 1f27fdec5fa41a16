import Foundation
import Testing
import WeftTestSupport

/// The provider kinds' occasions (calendar reminders, rain) through `weft notify` on a private session bus, each
/// delivered once however many runs look at it.
@Suite struct NotifyOccasionBusTests {
    static let zone = ["--tz", "Europe/Berlin"]

    /// An event's own VALARM (15 min before) and the provider's default (`remind = ["10m"]`) remind once each, the
    /// second replacing the first; a declined event never reminds.
    @Test func aVALARMAndTheProviderDefaultRemindOnceEach() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let box = try Sandbox()
        try box.write(
            "work.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//weft tests//EN\r
            BEGIN:VEVENT\r
            UID:review@weft\r
            DTSTAMP:20261101T000000Z\r
            DTSTART:20261130T080000Z\r
            DTEND:20261130T090000Z\r
            SUMMARY:Review\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Review\r
            TRIGGER:-PT15M\r
            END:VALARM\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:declined@weft\r
            DTSTAMP:20261101T000000Z\r
            DTSTART:20261130T100000Z\r
            DTEND:20261130T110000Z\r
            SUMMARY:Declined\r
            ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.org\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        try box.provider(
            "work",
            "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n"
                + "me = [\"mailto:me@example.org\"]\n")
        let start = "2026-11-30T07:00:00Z"
        #expect(await box.weft(arguments: ["refresh", "--now", start] + Self.zone).exitCode == 0)
        for until in ["2026-11-30T07:47:00Z", "2026-11-30T12:00:00Z"] {
            let run = await box.weft(
                arguments: ["notify", "--now", start, "--simulate-until", until] + Self.zone,
                environment: bus.environment)
            #expect(run.exitCode == 0, "\(run)")
        }
        let calls = try server.calls(atLeast: 2).filter { $0.method == "Notify" }
        #expect(calls.map(\.summary) == ["Review", "Review"], "\(calls)")
        #expect(calls.count == 2 && calls[1].replacesID == calls[0].id, "\(calls)")
    }

    /// A wet spell in the nowcast is told once and updated in the same notification as it nears; another run over
    /// the same snapshot adds nothing.
    @Test func aRainSpellNotifiesOnceAndUpdatesInPlace() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let http = try TestHTTPServer()
        let body = try Self.dryThenRain()
        http.route("/v1/forecast") { _ in TestResponse(headers: [("Content-Type", "application/json")], body: body) }
        let box = try Sandbox()
        try box.provider(
            "home",
            "type = \"open-meteo\"\nname = \"Brno\"\nlatitude = 49.19\nlongitude = 16.61\nbase_url = \"\(http.baseURL)\"\n"
        )
        try box.write("notify.toml", "[rain]\nlead = \"15m\"\n")
        // A refresh every 9 minutes (the snapshot is valid 10), the notifier running in between; the
        // second pass over the same times adds nothing.
        for _ in 0..<2 {
            for (refreshAt, until) in [
                ("2026-08-13T18:45:00Z", "2026-08-13T18:54:00Z"), ("2026-08-13T18:54:00Z", "2026-08-13T19:03:00Z"),
                ("2026-08-13T19:03:00Z", "2026-08-13T19:13:00Z"),
            ] {
                let refresh = await box.weft(arguments: ["refresh", "--force", "--now", refreshAt] + Self.zone)
                #expect(refresh.exitCode == 0, "\(refresh)")
                let run = await box.weft(
                    arguments: ["notify", "--now", refreshAt, "--simulate-until", until] + Self.zone,
                    environment: bus.environment)
                #expect(run.exitCode == 0, "\(run)")
            }
        }
        let calls = try server.calls(atLeast: 3).filter { $0.method == "Notify" }
        #expect(
            calls.map(\.summary) == [
                "Rain in 15 min · moderate rain", "Rain in 10 min · moderate rain", "Rain in 5 min · moderate rain",
            ],
            "\(calls)")
        #expect(calls.dropFirst().allSatisfy { $0.replacesID == calls.first?.id }, "one notification: \(calls)")
    }

    /// The recorded 45 minutes of rain from 19:15 UTC, with two dry quarter-hours before it (from 18:45), so a
    /// refresh at 18:45 sees the spell coming.
    static func dryThenRain() throws -> [UInt8] {
        let data = try Data(
            contentsOf: URL(
                fileURLWithPath: FixtureFiles.path("weather", "openmeteo-minutely15-derived-45min-rain.json")))
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            var steps = object["minutely_15"] as? [String: [Any]], let times = steps["time"] as? [Int],
            let first = times.first
        else { throw SandboxError("the rain recording changed shape") }
        for (name, values) in steps {
            switch name {
            case "time": steps[name] = [first - 1800, first - 900] + values
            case "precipitation", "precipitation_probability": steps[name] = [0, 0] + values
            default: steps[name] = [values[0], values[0]] + values
            }
        }
        object["minutely_15"] = steps
        return Array(try JSONSerialization.data(withJSONObject: object))
    }
}
