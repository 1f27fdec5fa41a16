import Foundation
import Testing

/// One zone rule for every view (the provider's `timezone`, else `--tz`, else `TZ`, else UTC), through the built
/// binary: a provider's "today" keys and its CLI view agree on either side of both midnights, the provider zone's
/// and `TZ`'s, and an unknown `TZ` never blanks a bar.
@Suite("zone rule")
struct ZoneRuleTests {
    /// Instants around 28 November 2026: just before and after midnight in Kolkata (18:30 UTC), in Berlin
    /// (23:00 UTC) and in New York (05:00 UTC on the 28th).
    static let kolkataMidnight = ["2026-11-27T18:29:00Z", "2026-11-27T18:31:00Z"]
    static let berlinMidnight = ["2026-11-27T22:59:00Z", "2026-11-27T23:01:00Z"]
    static let newYorkMidnight = ["2026-11-28T04:59:00Z", "2026-11-28T05:01:00Z"]

    @Test func anUnknownTZRendersInUTCWithOneWarning() async throws {
        let box = try Sandbox()
        let result = await box.weft(
            arguments: ["resolve", "{{__time}} {{__today}}", "{{__weekday}}", "--now", "2026-11-27T23:31:00Z"],
            environment: ["TZ": "Foo/Bar"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "23:31 2026-11-27\nFri\n", "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("\"Foo/Bar\"") && lines[0].contains("UTC"), "\(result)")
        // The bar formats too: an unknown TZ is not an error there either.
        let bar = await box.weft(
            arguments: ["get", "__today", "--now", "2026-11-27T23:31:00Z"], environment: ["TZ": "Foo/Bar"])
        #expect(bar.exitCode == 0 && bar.stdout == "2026-11-27\n", "\(bar)")
        // A --tz the user typed for this call is still checked.
        let typed = await box.weft(arguments: ["resolve", "{{__time}}", "--tz", "Foo/Bar"])
        #expect(typed.exitCode != 0 && typed.stderr.contains("Foo/Bar"), "\(typed)")
    }

    /// Apple-Health-style rows with their own offset: 5861 steps on 27 November and 42 just after midnight on the
    /// 28th, Kolkata time.
    static let steps =
        StepsCommandTests.header
        + "\"iPhone\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\",\"2026-11-27 10:30:00 +0530\","
        + "\"2026-11-27 10:00:00 +0530\",\"2026-11-27 10:30:00 +0530\",\"5861\"\n"
        + "\"iPhone\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\",\"2026-11-28 00:01:00 +0530\","
        + "\"2026-11-28 00:00:00 +0530\",\"2026-11-28 00:01:00 +0530\",\"42\"\n"

    @Test func stepsVariablesAndStepsStatsAgreeOnToday() async throws {
        let box = try Sandbox()
        try box.write("steps.csv", Self.steps)
        try box.provider(
            "steps", "type = \"steps\"\ntimezone = \"Asia/Kolkata\"\nfiles = [\"\(box.path("steps.csv"))\"]\n")
        let environment = ["TZ": "Europe/Berlin"]
        let refresh = await box.weft(
            arguments: ["refresh", "--now", "2026-11-27T18:00:00Z"], environment: environment)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let expected = [
            "2026-11-27T18:29:00Z": "5861", "2026-11-27T18:31:00Z": "42", "2026-11-27T22:59:00Z": "42",
            "2026-11-27T23:01:00Z": "42",
        ]
        for now in Self.kolkataMidnight + Self.berlinMidnight {
            // Without --tz ($TZ is Berlin) and with a --tz that is neither zone: the provider's zone wins both times.
            for clock in [["--now", now], ["--now", now, "--tz", "America/New_York"]] {
                let variable = await box.weft(
                    arguments: ["resolve", "{{__steps_today}} {{__steps_goal_today}}"] + clock,
                    environment: environment)
                let stats = await box.weft(arguments: ["steps", "stats"] + clock, environment: environment)
                #expect(variable.exitCode == 0 && stats.exitCode == 0, "\(variable)\n\(stats)")
                let today = try #require(expected[now])
                #expect(variable.stdout == "\(today) 10000\n", "\(clock): \(variable)")
                #expect(stats.stdout.hasPrefix("today    \(today) / 10000 "), "\(clock): \(stats)")
            }
        }
    }

    @Test func habitVariablesAndHabitListAgreeOnToday() async throws {
        let box = try Sandbox()
        // Done on the 26th and late on the 27th, Kolkata time (23:30 there is 19:00 in Berlin).
        try box.write(
            "habits.csv",
            HabitCommandTests.header + "Read,Reader,,0123456,2026-11-26T10:00:00Z\n"
                + "Read,Reader,,0123456,2026-11-27T18:00:00Z\n")
        try box.provider(
            "habits", "type = \"habits\"\ntimezone = \"Asia/Kolkata\"\nfiles = [\"\(box.path("habits.csv"))\"]\n")
        let environment = ["TZ": "Europe/Berlin"]
        let refresh = await box.weft(arguments: ["refresh", "--now", "2026-11-27T18:10:00Z"], environment: environment)
        #expect(refresh.exitCode == 0, "\(refresh)")
        for now in Self.kolkataMidnight + Self.berlinMidnight {
            let doneToday = now == Self.kolkataMidnight[0]
            for clock in [["--now", now], ["--now", now, "--tz", "Europe/Berlin"]] {
                let variable = await box.weft(
                    arguments: [
                        "resolve", "{{__habits_read_done_today}} {{__habits_read_streak}} {{__habits_done_today}}",
                    ]
                        + clock, environment: environment)
                #expect(variable.stdout == (doneToday ? "1 2 1\n" : "0 2 0\n"), "\(clock): \(variable)")
                let list = await box.weft(arguments: ["habit", "list", "--json"] + clock, environment: environment)
                #expect(list.exitCode == 0, "\(list)")
                let habits = try #require(
                    try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list)")
                #expect(habits.first?["done_today"] as? Bool == doneToday, "\(clock): \(list)")
                #expect(habits.first?["streak"] as? Int == 2, "\(clock): \(list)")
            }
        }
    }

    /// A meeting at 14:00–14:30 Berlin time on 28 November and a holiday that whole day.
    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//weft tests//EN
        BEGIN:VEVENT
        UID:review@weft
        DTSTAMP:20261101T000000Z
        DTSTART:20261128T130000Z
        DTEND:20261128T133000Z
        SUMMARY:Review
        END:VEVENT
        BEGIN:VEVENT
        UID:holiday@weft
        DTSTAMP:20261101T000000Z
        DTSTART;VALUE=DATE:20261128
        DTEND;VALUE=DATE:20261129
        SUMMARY:Holiday
        END:VEVENT
        END:VCALENDAR

        """

    @Test func calendarVariablesAndCalendarNextShowTheSameLocalTimes() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.ics)
        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n"
        )
        let environment = ["TZ": "America/New_York"]
        let refresh = await box.weft(arguments: ["refresh", "--now", "2026-11-27T22:00:00Z"], environment: environment)
        #expect(refresh.exitCode == 0, "\(refresh)")
        for now in Self.berlinMidnight + Self.newYorkMidnight {
            // The holiday is today from Berlin's midnight on, whatever TZ says.
            let holidayToday = now != Self.berlinMidnight[0]
            let clock = ["--now", now]
            let variable = await box.weft(
                arguments: [
                    "resolve",
                    "  {{__calendar_next_label}}  {{__calendar_next_time_range}}  {{__calendar_next_title}}  [{{__calendar_next_calendar}}]",
                    "{{__calendar_today_all_day}}",
                ] + clock, environment: environment)
            #expect(variable.exitCode == 0, "\(variable)")
            let next = await box.weft(arguments: ["calendar", "next"] + clock, environment: environment)
            #expect(next.exitCode == 0, "\(next)")
            let lines = next.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let rendered = variable.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(rendered.count == 3 && lines.count >= 2, "\(variable)\n\(next)")
            guard rendered.count == 3, lines.count >= 2 else { continue }
            #expect(rendered[0].contains("14:00–14:30  Review"), "\(now): \(variable)")
            #expect(lines[1] == rendered[0], "\(now): calendar next and the variables differ:\n\(next)\n\(variable)")
            #expect(rendered[1] == (holidayToday ? "Holiday" : ""), "\(now): \(variable)")
            #expect(lines.contains("All day: Holiday") == holidayToday, "\(now): \(next)")
        }
    }

    @Test func theDashboardsHabitButtonAndCardsUseTheProvidersZones() async throws {
        let box = try Sandbox()
        try box.write("habits.csv", HabitCommandTests.header + "Read,Reader,,0123456,2026-11-26T10:00:00Z\n")
        try box.provider(
            "habits", "type = \"habits\"\ntimezone = \"Asia/Kolkata\"\nfiles = [\"\(box.path("habits.csv"))\"]\n")
        try box.write("work.ics", Self.ics)
        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n"
        )
        let refresh = await box.weft(arguments: ["refresh", "--now", "2026-11-27T18:10:00Z", "--tz", "America/New_York"])
        #expect(refresh.exitCode == 0, "\(refresh)")
        // 18:31 UTC: already the 28th in Kolkata, still the 27th in New York.
        let clock = ["--now", "2026-11-27T18:31:00Z", "--tz", "America/New_York"]
        let server = try await ServeTests.Server(box, clock)
        let done = await server.request("/v1/habits/read/done", method: "POST", headers: ["Accept: application/json"])
        #expect(done.status == 200 && done.body.contains(#""done":true"#), "\(done)")
        let list = await box.weft(arguments: ["habit", "list", "--json"] + clock)
        let habits = try #require(
            try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list)")
        #expect(habits.first?["completions"] as? [String] == ["2026-11-26", "2026-11-28"], "\(list)")
        #expect(habits.first?["done_today"] as? Bool == true, "the button's day is weft habit's today: \(list)")
        let variable = await box.weft(arguments: ["get", "__habits_read_done_today"] + clock)
        #expect(variable.stdout == "1\n", "\(variable)")
        // The Next Up card shows the calendar's local times, as its variables and `weft calendar next` do.
        let board = await server.request("/board")
        #expect(board.body.contains("14:00–14:30"), "\(board.body)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
    }
}
