import Foundation
import Testing
import WeftTestSupport

/// Every `--json` goes through one writer: each parses, text from outside is escaped, keys come in the order the
/// help lists.
@Suite("JSON output")
struct JSONOutputTests {
    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//weft tests//EN
        BEGIN:VEVENT
        UID:quote@test
        DTSTAMP:20260301T000000Z
        DTSTART:20260310T120000Z
        DTEND:20260310T130000Z
        SUMMARY:Tea "at" noon \\\\ café ☕\\, then\\nback
        LOCATION:Room\\; 1/2
        URL:https://example.org/a?b=c&d=e
        END:VEVENT
        BEGIN:VEVENT
        UID:allday@test
        DTSTAMP:20260301T000000Z
        DTSTART;VALUE=DATE:20260310
        DTEND;VALUE=DATE:20260311
        SUMMARY:Holiday
        END:VEVENT
        END:VCALENDAR

        """

    func object(_ result: ProcessResult) throws -> Any {
        #expect(result.exitCode == 0, "\(result)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test func calendarJSONEscapesTitlesAndKeepsTheHelpsKeyOrder() async throws {
        let box = try Sandbox()
        try box.write("cal.ics", Self.calendar.replacingOccurrences(of: "\n", with: "\r\n"))
        let list = await box.weft(arguments: ["calendar", "list", box.path("cal.ics"), "--json"] + Fixed.clock)
        let events = try #require(try object(list) as? [[String: Any]])
        #expect(events.count == 2, "\(list)")
        let tea = try #require(events.first { $0["url"] != nil })
        #expect(tea["title"] as? String == "Tea \"at\" noon \\ café ☕, then\nback", "\(list)")
        #expect(tea["location"] as? String == "Room; 1/2")
        #expect(list.stdout.contains(#""title" : "Tea \"at\" noon \\ café ☕, then\nback""#), "\(list)")
        #expect(list.stdout.contains(#""location" : "Room; 1/2""#), "\(list)")
        let keys = list.stdout.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "\"", maxSplits: 2)
            return line.contains("\" : ") ? parts.first.map { _ in String(parts[1]) } : nil
        }
        #expect(
            Array(keys.prefix(15))
                == [
                    "title", "start", "end", "all_day", "location", "calendar", "status",
                    "title", "start", "end", "all_day", "location", "calendar", "status", "url",
                ], "\(list)")

        let next = await box.weft(arguments: ["calendar", "next", box.path("cal.ics"), "--json"] + Fixed.clock)
        let picked = try #require(try object(next) as? [String: Any])
        #expect((picked["next"] as? [String: Any])?["title"] as? String == "Tea \"at\" noon \\ café ☕, then\nback")
        #expect((picked["all_day"] as? [[String: Any]])?.count == 1, "\(next)")
        let top = next.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            $0.split(separator: "\"")[1]
        }
        #expect(top == ["next", "then", "all_day", "ongoing"], "\(next)")
    }

    @Test func everyJSONCommandParses() async throws {
        let box = try Sandbox()
        try box.write("cal.ics", Self.calendar)
        try box.write(
            "steps.csv",
            "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"
                + "Phone,1,,HKQuantityTypeIdentifierStepCount,count,2026-03-09 10:05:00 +0100,"
                + "2026-03-09 10:00:00 +0100,2026-03-09 10:05:00 +0100,1200\n")
        try box.write(
            "habits.csv",
            "Habit,Identity,Experiments,Schedule,CompletionDate\nRead/Write,\"Reader \"\"A\"\"\",Run,1234560,"
                + "2026-03-09T19:00:00Z\n")
        try box.write("vars.json", #"{"mood": "ok \"quoted\" \\ /"}"#)
        for setup in [
            ["steps", "import", box.path("steps.csv")], ["habit", "import", box.path("habits.csv")],
            ["var", "set", "mood", "tab\there \"q\""],
        ] {
            let result = await box.weft(arguments: setup + Fixed.clock)
            #expect(result.exitCode == 0, "\(setup): \(result)")
        }
        let commands: [[String]] = [
            ["calendar", "list", box.path("cal.ics"), "--json"], ["calendar", "next", box.path("cal.ics"), "--json"],
            ["steps", "days", "--json"], ["steps", "days", "--activity", "--json"], ["habit", "list", "--json"],
            ["var", "list", "--json"], ["vars", "--format", "json"], ["status", "--json"], ["check", "--json"],
            ["explain", "mood", "--json"], ["alarm", "list", "--json"],
        ]
        for command in commands {
            // `steps days` and `check` take no clock.
            let clock = ["steps", "check"].contains(command[0]) ? [] : Fixed.clock
            let result = await box.weft(arguments: command + clock)
            #expect(result.exitCode == 0, "\(command): \(result)")
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(command): \(result)")
        }
        let days = try #require(try object(await box.weft("steps", "days", "--json")) as? [[String: Any]])
        #expect(days.first?["steps"] as? Int == 1200, "\(days)")
        let habits = await box.weft(arguments: ["habit", "list", "--json"] + Fixed.clock)
        let habit = try #require((try object(habits) as? [[String: Any]])?.first)
        #expect(habit["name"] as? String == "Read/Write" && habit["identity"] as? String == "Reader \"A\"", "\(habits)")
        let stored = await box.weft(arguments: ["var", "list", "--json"] + Fixed.clock)
        #expect(stored.stdout.contains(#"tab\there \"q\""#), "\(stored)")
        let parsed = await WeftProcess.weft([
            "weather", "parse", "--type", "met-norway",
            FixtureFiles.path("weather", "met-nowcast-complete-trondheim-2023-rain.json"),
            "--now", "2023-08-14T18:20:00Z", "--tz", "Europe/Oslo", "--json",
        ])
        let weather = try #require(try object(parsed) as? [String: Any])
        #expect(weather["snapshot"] is [String: Any] && weather["variables"] is [String: String], "\(parsed)")
    }
}
