import Foundation
import Testing
import WeftTestSupport

/// What a user met living with the calendar (issue 17), through the built binary: all-day events beside the day's
/// meetings, countdowns that agree with labels, a broken file in a vdir, the agenda, `weft calendar` on a configured
/// provider, and calendar URLs that need a login.
@Suite("calendar, a day with it")
struct CalendarDayTests {
    /// Tuesday 10 March 2026 in Berlin (`Fixed.now` is 10:30 there): a holiday today, a team day tomorrow, a stand-up
    /// that is over, a review at 12:29 (1 h 59 min away), planning at 16:00 and a retro on Thursday at 00:30.
    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//weft tests//EN
        BEGIN:VEVENT
        UID:holiday@weft
        DTSTAMP:20260301T000000Z
        DTSTART;VALUE=DATE:20260310
        DTEND;VALUE=DATE:20260311
        SUMMARY:Holiday
        END:VEVENT
        BEGIN:VEVENT
        UID:teamday@weft
        DTSTAMP:20260301T000000Z
        DTSTART;VALUE=DATE:20260311
        DTEND;VALUE=DATE:20260312
        SUMMARY:Team day
        END:VEVENT
        BEGIN:VEVENT
        UID:standup@weft
        DTSTAMP:20260301T000000Z
        DTSTART;TZID=Europe/Berlin:20260310T090000
        DTEND;TZID=Europe/Berlin:20260310T091500
        SUMMARY:Stand-up
        END:VEVENT
        BEGIN:VEVENT
        UID:review@weft
        DTSTAMP:20260301T000000Z
        DTSTART;TZID=Europe/Berlin:20260310T122900
        DTEND;TZID=Europe/Berlin:20260310T130000
        SUMMARY:Review
        END:VEVENT
        BEGIN:VEVENT
        UID:planning@weft
        DTSTAMP:20260301T000000Z
        DTSTART;TZID=Europe/Berlin:20260310T160000
        DTEND;TZID=Europe/Berlin:20260310T170000
        SUMMARY:Planning
        END:VEVENT
        BEGIN:VEVENT
        UID:retro@weft
        DTSTAMP:20260301T000000Z
        DTSTART;TZID=Europe/Berlin:20260312T003000
        DTEND;TZID=Europe/Berlin:20260312T010000
        SUMMARY:Retro
        END:VEVENT
        END:VCALENDAR

        """

    /// A sandbox with `day.ics` and a `work` calendar provider reading it, with `extra` settings.
    static func sandbox(_ extra: String = "") throws -> Sandbox {
        let box = try Sandbox()
        try box.write("day.ics", ics)
        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\n\(extra)"
                + "sources = [{ name = \"Work\", path = \"\(box.path("day.ics"))\" }]\n")
        return box
    }

    static func resolve(_ box: Sandbox, _ template: String, now: String = Fixed.now) async -> String {
        await box.weft(arguments: ["resolve", template, "--now", now, "--tz", Fixed.zone]).stdout
    }

    @Test func aHolidayDoesNotHoldNextForTheWholeDay() async throws {
        let box = try Self.sandbox()
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let line = await Self.resolve(
            box,
            "{{__calendar_next_title}}|{{__calendar_then_title}}|{{__calendar_today_all_day}}|"
                + "{{__calendar_allday_count}}|{{__calendar_tomorrow_all_day}}")
        #expect(line == "Review|Planning|Holiday|1|Team day\n", "timed events take next and then")

        // include: as before the modes, the running holiday is next.
        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nall_day = \"include\"\n"
                + "sources = [{ name = \"Work\", path = \"\(box.path("day.ics"))\" }]\n")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let include = await Self.resolve(
            box, "{{__calendar_next_title}} {{__calendar_next_label}}|{{__calendar_then_title}}")
        #expect(include == "Holiday Now|Review\n", "\(include)")

        // exclude: no all-day keys at all.
        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nall_day = \"exclude\"\n"
                + "sources = [{ name = \"Work\", path = \"\(box.path("day.ics"))\" }]\n")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let exclude = await Self.resolve(
            box, "{{__calendar_next_title}}|{{__calendar_today_all_day|none}}|{{__calendar_allday_count}}")
        #expect(exclude == "Review|none|0\n", "\(exclude)")
    }

    @Test func aWrongAllDayModeIsNamedWithItsLine() async throws {
        let box = try Self.sandbox("all_day = \"sometimes\"\nagenda = 0\n")
        let check = await box.weft("check")
        #expect(check.exitCode == 2, "\(check)")
        #expect(
            check.stdout.contains(
                "work.toml:3: key \"all_day\": \"sometimes\" is not one of \"separate\", \"include\", \"exclude\""),
            "\(check)")
        try box.provider(
            "work",
            "type = \"calendar\"\nagenda = 0\nsources = [{ name = \"Work\", path = \"\(box.path("day.ics"))\" }]\n")
        let agenda = await box.weft("check")
        #expect(agenda.stdout.contains("work.toml:2: key \"agenda\": must be between 1 and 50"), "\(agenda)")
    }

    /// 1 h 59 min is "In 2 hr" and "2h"; Thursday 00:30 seen from Tuesday evening is "In 2 days" and "2d".
    @Test func countdownAndLabelSayTheSameNumber() async throws {
        let box = try Self.sandbox()
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let soon = await Self.resolve(
            box, "{{__calendar_next_label}} {{__calendar_next_countdown}} {{__calendar_next_minutes}}")
        #expect(soon == "In 2 hr 2h 119\n", "\(soon)")
        let evening = await Self.resolve(
            box, "{{__calendar_next_title}} {{__calendar_next_label}} {{__calendar_next_countdown}}",
            now: "2026-03-10T16:30:00Z")
        #expect(evening == "Retro In 2 days 2d\n", "\(evening)")
        let running = await Self.resolve(
            box, "{{__calendar_next_label}} {{__calendar_next_minutes}}", now: "2026-03-10T11:40:00Z")
        #expect(running == "Now 0\n", "\(running)")
        let halfMinute = await Self.resolve(
            box, "{{__calendar_next_label}} {{__calendar_next_countdown}} {{__calendar_next_minutes}}",
            now: "2026-03-10T11:28:30Z")
        #expect(halfMinute == "Soon 1m 1\n", "never 0m before it starts: \(halfMinute)")
    }

    @Test func theAgendaAndTodaysCounts() async throws {
        let box = try Self.sandbox("agenda = 3\n")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let agenda = await box.weft(arguments: ["get", "__calendar_agenda"] + Fixed.clock)
        #expect(agenda.stdout == "12:29 Review\n16:00 Planning\nThu 00:30 Retro\n", "\(agenda)")
        let counts = await Self.resolve(
            box, "{{__calendar_count_today}} {{__calendar_count_remaining_today}}")
        #expect(counts == "3 2\n", "the stand-up is over but was today: \(counts)")
        let later = await Self.resolve(
            box, "{{__calendar_count_today}} {{__calendar_count_remaining_today}} {{__calendar_agenda}}",
            now: "2026-03-10T15:30:00Z")
        #expect(later == "3 0 16:00 Planning\nThu 00:30 Retro\n", "planning runs; nothing starts later today: \(later)")
    }

    @Test func aBrokenFileInAVdirIsNamedAndTheOthersAreRead() async throws {
        let box = try Sandbox()
        try box.write("vdir/good.ics", Self.ics)
        try box.write("vdir/broken.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:half a sync")
        try box.provider(
            "work",
            "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("vdir"))\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(
            refresh.stderr.contains("work: ok with warnings: \(box.path("vdir/broken.ics")): skipped"), "\(refresh)")
        let next = await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock)
        #expect(next.stdout == "Review\n", "\(next)")
        // A skipped file is a warning of a refresh that succeeded, not the provider's error (issue 25 #4).
        let warnings = await box.weft(arguments: ["get", "__calendar_warnings"] + Fixed.clock)
        #expect(warnings.stdout.contains(box.path("vdir/broken.ics")), "\(warnings)")
        #expect(!warnings.stdout.contains("good.ics"), "\(warnings)")
        #expect(await box.weft(arguments: ["get", "__calendar_error"] + Fixed.clock).exitCode == 1)
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("  warnings: \(box.path("vdir/broken.ics")): skipped"), "\(status)")
        let list = await box.weft(arguments: ["calendar", "list", box.path("vdir"), "--from", "today"] + Fixed.clock)
        #expect(list.exitCode == 0 && list.stdout.contains("Review"), "\(list)")
        #expect(list.stderr.contains("broken.ics: skipped"), "\(list)")
    }

    @Test func calendarCommandsReadTheConfiguredProvider() async throws {
        let box = try Self.sandbox()
        let next = await box.weft(arguments: ["calendar", "next"] + Fixed.clock)
        #expect(
            next.stdout == """
                Next Up
                  In 2 hr  12:29–13:00  Review  [Work]
                  In 6 hr  16:00–17:00  Planning  [Work]
                All day: Holiday

                """, "\(next)")
        let tomorrow = await box.weft(
            arguments: ["calendar", "next", "--instance", "work", "--from", "tomorrow", "--json"] + Fixed.clock)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(tomorrow.stdout.utf8)) as? [String: Any], "\(tomorrow)")
        #expect((object["next"] as? [String: Any])?["title"] as? String == "Retro", "\(tomorrow)")
        #expect((object["all_day"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Team day"])

        let list = await box.weft(arguments: ["calendar", "list", "--from", "2026-03-11", "--days", "2"] + Fixed.clock)
        #expect(
            list.stdout == """
                Wednesday, 2026-03-11
                  all day      Team day  [Work]
                Thursday, 2026-03-12
                  00:30–01:00  Retro  [Work]

                """, "\(list)")
        let today = await box.weft(arguments: ["calendar", "list", "--json"] + Fixed.clock)
        let events = try #require(try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [[String: Any]])
        #expect(
            events.compactMap { $0["title"] as? String } == ["Holiday", "Stand-up", "Review", "Planning", "Team day"],
            "today and tomorrow by default: \(today)")

        let bad = await box.weft(arguments: ["calendar", "list", "--from", "next week"] + Fixed.clock)
        #expect(bad.exitCode == 64 && bad.stderr.contains("--from \"next week\" is not today"), "\(bad)")
        let both = await box.weft(arguments: ["calendar", "list", "--to", "tomorrow", "--days", "1"] + Fixed.clock)
        #expect(both.exitCode == 64 && both.stderr.contains("--to or --days"), "\(both)")

        try box.provider(
            "home",
            "type = \"calendar\"\nprefix = \"__home_\"\nsources = [{ name = \"Home\", path = \"\(box.path("day.ics"))\" }]\n"
        )
        let two = await box.weft(arguments: ["calendar", "next"] + Fixed.clock)
        #expect(two.exitCode == 1 && two.stderr.contains("several calendar instances (home, work)"), "\(two)")
        let unknown = await box.weft(arguments: ["calendar", "next", "--instance", "gym"] + Fixed.clock)
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("no calendar provider \"gym\""), "\(unknown)")
        let none = await WeftProcess.weft(
            ["calendar", "next", "--providers", box.path("nothing-here")] + Fixed.clock)
        #expect(none.exitCode == 1 && none.stderr.contains("no SOURCE given and no calendar provider"), "\(none)")
    }

    // MARK: - Logins

    /// The password, the Basic credentials made of it (base64 of "anna:s3cret-Passw0rd"), and a variant without
    /// padding.
    static let password = "s3cret-Passw0rd"
    static let basic = Data("anna:\(password)".utf8).base64EncodedString()

    /// A server that wants the login; without it (or with another) it answers 401 and echoes what it got.
    static func loginServer() throws -> TestHTTPServer {
        try TestHTTPServer(routes: [
            "/dav/work.ics": { request in
                guard request.header("Authorization") == "Basic \(basic)" else {
                    return .text("who are you? got \(request.header("Authorization") ?? "nothing")", status: 401)
                }
                return .text(ics, headers: [("Content-Type", "text/calendar")])
            }
        ])
    }

    static func loginProvider(_ box: Sandbox, url: String, _ login: String) throws {
        try box.provider(
            "feed",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nsources = [\n"
                + "  { name = \"Work\", url = \"\(url)\", username = \"anna\", \(login) },\n]\n")
    }

    @Test func aLoginIsSentAndNeverShown() async throws {
        let server = try Self.loginServer()
        let box = try Sandbox()
        try box.write("secrets/work.password", Self.password + "\n")
        try Self.loginProvider(
            box, url: server.url("/dav/work.ics"), "password_file = \"../secrets/work.password\", allow_insecure = true"
        )
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(server.requests.first?.header("Authorization") == "Basic \(Self.basic)")
        let title = await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock)
        #expect(title.stdout == "Review\n", "\(title)")
        let next = await box.weft(arguments: ["calendar", "next", "--instance", "feed", "--json"] + Fixed.clock)
        #expect(next.stdout.contains("\"Review\""), "the command line reads with the login too: \(next)")
        #expect(server.requests.count == 2)

        try await URLCredentialTests.expectNoSecretAnywhere(
            box, refresh: refresh, secrets: [Self.password, Self.basic])
        let traced = await box.weft(
            arguments: ["refresh", "--force"] + Fixed.clock, environment: ["WEFT_LOG": "trace"])
        #expect(traced.exitCode == 0 && traced.stderr.contains("Authorization"), "headers are traced: \(traced)")
        for secret in [Self.password, Self.basic] { #expect(!traced.stderr.contains(secret), "\(traced)") }

        // A password that is wrong now (from the environment): the 401 page echoes it, nothing shows it.
        try Self.loginProvider(
            box, url: server.url("/dav/work.ics"), "password_env = \"WORK_PW\", allow_insecure = true")
        let wrong = await box.weft(
            arguments: ["refresh", "--force"] + Fixed.clock, environment: ["WORK_PW": "hunter2-wrong"])
        #expect(wrong.exitCode == 1 && wrong.stderr.contains("/dav/work.ics: HTTP 401"), "\(wrong)")
        let wrongBasic = Data("anna:hunter2-wrong".utf8).base64EncodedString()
        #expect(server.requests.last?.header("Authorization") == "Basic \(wrongBasic)")
        try await URLCredentialTests.expectNoSecretAnywhere(
            box, refresh: wrong, secrets: [Self.password, Self.basic, "hunter2-wrong", wrongBasic])
    }

    @Test func aLoginIsRefusedOverPlainHTTPAndMisconfigurationIsNamed() async throws {
        let server = try Self.loginServer()
        let box = try Sandbox()
        try box.write("work.password", Self.password)
        // Plain http carries a password only to this machine (127.0.0.1 is, dav.invalid is not).
        try Self.loginProvider(box, url: "http://dav.invalid/dav/work.ics", "password_file = \"../work.password\"")
        let check = await box.weft("check")
        #expect(check.exitCode == 2, "\(check)")
        #expect(
            check.stdout.contains("feed.toml:4: key \"sources[0].url\"")
                && check.stdout.contains("would send credentials unencrypted"), "\(check)")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 2 && server.requests.isEmpty, "nothing is sent: \(refresh)")
        #expect(!check.stdout.contains(Self.password) && !refresh.stderr.contains(Self.password))

        try Self.loginProvider(box, url: "https://dav.example.org/work.ics", "password_env = \"NOT_SET_ANYWHERE\"")
        let unset = await box.weft("check")
        #expect(
            unset.stdout.contains("key \"sources[0].password_env\": the environment variable NOT_SET_ANYWHERE"),
            "\(unset)")
        try box.provider(
            "feed",
            "type = \"calendar\"\nsources = [{ url = \"https://dav.example.org/w.ics\", password_file = \"w\" }]\n")
        let alone = await box.weft("check")
        #expect(alone.stdout.contains("password needs username"), "\(alone)")
    }
}
