import Foundation
import Testing

/// Calendar files as other apps write them (issue 21), through `weft calendar list` and the calendar provider.
@Suite("calendar files")
struct CalendarFilesTests {
    static let files = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ical/files").path

    /// One listed event: title, start and end as UTC instants.
    struct Listed: Equatable, CustomStringConvertible {
        let title: String
        let start: String
        let end: String
        var description: String { "\(title) \(start)–\(end)" }
    }

    /// `weft calendar list FIXTURE --json` in `zone`, with the events and stderr (where warnings go).
    static func list(_ name: String, from: String, to: String, zone: String) async throws -> (
        events: [Listed], stderr: String
    ) {
        let result = await WeftProcess.weft([
            "calendar", "list", "\(files)/\(name)", "--from", from, "--to", to, "--tz", zone, "--json",
        ])
        #expect(result.exitCode == 0, "\(result)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let events = array.map {
            Listed(
                title: $0["title"] as? String ?? "", start: $0["start"] as? String ?? "",
                end: $0["end"] as? String ?? "")
        }
        return (events, result.stderr)
    }

    /// Refreshes a provider reading the fixture in `zone` (all-day events taking next and then, as these files are
    /// about how their events are read), then resolves `template` at `now`.
    static func provider(_ name: String, zone: String, now: String, template: String) async throws -> (
        line: String, error: String
    ) {
        let box = try Sandbox()
        try box.provider(
            "cal",
            "type = \"calendar\"\ntimezone = \"\(zone)\"\nall_day = \"include\"\n"
                + "sources = [{ name = \"Files\", path = \"\(files)/\(name)\" }]\n"
        )
        let clock = ["--now", now, "--tz", zone]
        // A source with warnings refreshes, reported as partly failed (exit 1); the events are kept either way.
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(refresh.exitCode == 0 || refresh.exitCode == 1, "\(refresh)")
        let line = await box.weft(arguments: ["resolve", template] + clock)
        // Each warning in full (`__calendar_warnings` holds them short and counted).
        return (line.stdout, await box.warnings("cal", clock))
    }

    // MARK: - The five classes

    @Test func globallyUniqueTZIDsUseTheirVTIMEZONEOrTheIANAZoneTheyEndIn() async throws {
        for zone in ["Europe/Berlin", "Asia/Tokyo"] {
            let listed = try await Self.list(
                "global_tzid.ics", from: "2024-06-10T00:00:00Z", to: "2024-06-11T00:00:00Z", zone: zone)
            #expect(
                listed.events == [
                    Listed(title: "Evolution Berlin", start: "2024-06-10T07:00:00Z", end: "2024-06-10T08:00:00Z"),
                    Listed(title: "Citadel Paris", start: "2024-06-10T09:00:00Z", end: "2024-06-10T09:30:00Z"),
                    Listed(title: "Lightning New York", start: "2024-06-10T18:00:00Z", end: "2024-06-10T19:00:00Z"),
                ], "\(zone)")
            #expect(
                listed.stderr.contains("\"/mozilla.org/20070129_1/America/New_York\" has no VTIMEZONE")
                    && listed.stderr.contains("read as America/New_York"), "the mapping is said: \(listed.stderr)")
            #expect(!listed.stderr.contains("freeassociation"), "a TZID with its VTIMEZONE is no guess")
        }
        let provided = try await Self.provider(
            "global_tzid.ics", zone: "Europe/Berlin", now: "2024-06-10T10:00:00Z",
            template: "{{__calendar_next_title}} {{__calendar_next_time_range}}")
        #expect(provided.line == "Lightning New York 20:00–21:00\n", "\(provided)")
        #expect(provided.error.contains("read as America/New_York"), "\(provided)")
    }

    @Test func xWRTimezoneWithParametersAndAnAlias() async throws {
        let listed = try await Self.list(
            "x_wr_timezone_parameters.ics", from: "2024-06-10T00:00:00Z", to: "2024-06-11T00:00:00Z", zone: "UTC")
        #expect(
            listed.events == [Listed(title: "Standup", start: "2024-06-10T16:00:00Z", end: "2024-06-10T16:15:00Z")])
        #expect(listed.stderr.isEmpty, "\(listed.stderr)")
        let provided = try await Self.provider(
            "x_wr_timezone_parameters.ics", zone: "Europe/Berlin", now: "2024-06-10T10:00:00Z",
            template: "{{__calendar_next_time_range}}")
        #expect(provided.line == "18:00–18:15\n", "\(provided)")
    }

    /// An event's times are `HH:mm` in ASCII digits whatever `--locale` says, as `__time` always was (the calendar's
    /// copy of the rule printed them in the locale's digits).
    @Test func eventTimesAreTheSameInEveryLocale() async throws {
        let box = try Sandbox()
        try box.provider(
            "cal",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\n"
                + "sources = [{ name = \"Files\", path = \"\(Self.files)/x_wr_timezone_parameters.ics\" }]\n")
        let clock = ["--now", "2024-06-10T10:00:00Z", "--tz", "Europe/Berlin"]
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        for locale in ["en_US", "ar_EG", "fa_IR"] {
            let line = await box.weft(
                arguments: ["resolve", "{{__calendar_next_time_range}} {{__time}}", "--locale", locale] + clock)
            #expect(line.stdout == "18:00–18:15 12:00\n", "\(locale): \(line)")
        }
    }

    @Test func floatingDTENDOfAZonedDTSTARTIsInDTSTARTsZone() async throws {
        for zone in ["Europe/Berlin", "America/New_York", "Asia/Kolkata"] {
            let listed = try await Self.list(
                "floating_dtend.ics", from: "2023-12-31T00:00:00Z", to: "2024-01-02T00:00:00Z", zone: zone)
            #expect(
                listed.events == [Listed(title: "Review", start: "2024-01-01T09:00:00Z", end: "2024-01-01T10:00:00Z")],
                "one hour in \(zone)")
        }
        let provided = try await Self.provider(
            "floating_dtend.ics", zone: "America/New_York", now: "2024-01-01T06:00:00Z",
            template: "{{__calendar_next_time_range}}")
        #expect(provided.line == "04:00–05:00\n", "\(provided)")
    }

    @Test func dateTimeRecurrenceIDReplacesTheAllDayInstanceOnItsDay() async throws {
        for zone in ["Europe/Berlin", "America/Los_Angeles"] {
            let listed = try await Self.list(
                "datetime_recurrence_id.ics", from: "2024-12-30T00:00:00Z", to: "2025-01-04T00:00:00Z", zone: zone)
            #expect(listed.events.map(\.title) == ["New Year's Day (observed)"], "once, overridden, in \(zone)")
        }
        let provided = try await Self.provider(
            "datetime_recurrence_id.ics", zone: "Europe/Berlin", now: "2024-12-31T12:00:00Z",
            template: "{{__calendar_next_title}} | {{__calendar_then_title}} {{__calendar_then_start_iso}}")
        #expect(provided.line == "New Year's Day (observed) | New Year's Day 2025-12-31T23:00:00Z\n", "\(provided)")
    }

    @Test func blanksBOMAndTrailingGarbageAroundTheCalendarAreSkipped() async throws {
        let padded = try await Self.list(
            "leading_blanks.ics", from: "2024-06-10T00:00:00Z", to: "2024-06-12T00:00:00Z", zone: "UTC")
        #expect(padded.events == [Listed(title: "Padded", start: "2024-06-10T12:00:00Z", end: "2024-06-10T13:00:00Z")])
        let lf = try await Self.list(
            "leading_blanks_lf.ics", from: "2024-06-10T00:00:00Z", to: "2024-06-12T00:00:00Z", zone: "UTC")
        #expect(lf.events == [Listed(title: "Plain LF", start: "2024-06-11T12:00:00Z", end: "2024-06-11T13:00:00Z")])
        let provided = try await Self.provider(
            "leading_blanks.ics", zone: "UTC", now: "2024-06-10T06:00:00Z", template: "{{__calendar_next_title}}")
        #expect(provided.line == "Padded\n", "\(provided)")
        #expect(provided.error.isEmpty || provided.error == "\n", "\(provided)")
    }

    // MARK: - Broken input, on purpose

    @Test func unknownTZIDIsTheConfiguredZoneWithAWarningNamingIt() async throws {
        for (zone, start) in [("Europe/Berlin", "2024-06-10T08:00:00Z"), ("America/New_York", "2024-06-10T14:00:00Z")] {
            let listed = try await Self.list(
                "unknown_tzid.ics", from: "2024-06-09T00:00:00Z", to: "2024-06-12T00:00:00Z", zone: zone)
            #expect(listed.events.map(\.start) == [start], "\(zone)")
            #expect(
                listed.stderr.contains("\"Olympus Mons Standard Time\"") && listed.stderr.contains(zone),
                "\(listed.stderr)")
        }
        let provided = try await Self.provider(
            "unknown_tzid.ics", zone: "Europe/Berlin", now: "2024-06-10T06:00:00Z",
            template: "{{__calendar_next_time_range}}")
        #expect(provided.line == "10:00–11:00\n", "\(provided)")
        #expect(provided.error.contains("Olympus Mons Standard Time"), "\(provided)")
    }

    @Test func timeBeforeTheVTIMEZONEsFirstOnsetUsesTheEarliestObservance() async throws {
        let listed = try await Self.list(
            "before_first_onset.ics", from: "2010-01-01T00:00:00Z", to: "2011-01-01T00:00:00Z", zone: "UTC")
        // The earliest observance (DAYLIGHT from 2020) begins at TZOFFSETFROM -05:00: that offset, all year round.
        #expect(
            listed.events == [
                Listed(title: "Before the zone", start: "2010-01-11T15:00:00Z", end: "2010-01-11T16:00:00Z"),
                Listed(title: "Before the zone in summer", start: "2010-07-12T15:00:00Z", end: "2010-07-12T16:00:00Z"),
            ])
        #expect(
            listed.stderr.contains("old@weft")
                && listed.stderr.contains("before the first onset (2020-03-08T02:00:00)"),
            "\(listed.stderr)")
        #expect(listed.stderr.components(separatedBy: "old@weft").count == 2, "once per event: \(listed.stderr)")
        let inside = try await Self.list(
            "before_first_onset.ics", from: "2024-01-01T00:00:00Z", to: "2024-02-01T00:00:00Z", zone: "UTC")
        #expect(inside.events.map(\.start) == ["2024-01-11T15:00:00Z"])
        #expect(!inside.stderr.contains("new@weft"), "a time inside the zone is no guess: \(inside.stderr)")
    }

    @Test func orphanOverrideIsASingleEvent() async throws {
        let listed = try await Self.list(
            "orphan_override.ics", from: "2024-06-01T00:00:00Z", to: "2024-07-01T00:00:00Z", zone: "Europe/Berlin")
        #expect(
            listed.events == [Listed(title: "Moved weekly", start: "2024-06-12T12:00:00Z", end: "2024-06-12T13:00:00Z")]
        )
        let provided = try await Self.provider(
            "orphan_override.ics", zone: "Europe/Berlin", now: "2024-06-12T06:00:00Z",
            template: "{{__calendar_next_title}} {{__calendar_next_time_range}}")
        #expect(provided.line == "Moved weekly 14:00–15:00\n", "\(provided)")
    }

    @Test func mixedDateAndDateTimeTakeDTSTARTsType() async throws {
        for zone in ["Europe/Berlin", "America/New_York"] {
            let listed = try await Self.list(
                "mixed_date_types.ics", from: "2024-06-09T00:00:00Z", to: "2024-06-16T00:00:00Z", zone: zone)
            let midnight = zone == "Europe/Berlin" ? "T22:00:00Z" : "T04:00:00Z"
            let day = zone == "Europe/Berlin" ? ["2024-06-09", "2024-06-11"] : ["2024-06-10", "2024-06-12"]
            #expect(
                listed.events == [
                    Listed(title: "Trip", start: day[0] + midnight, end: day[1] + midnight),
                    Listed(title: "Workshop", start: "2024-06-13T07:00:00Z", end: "2024-06-13T22:00:00Z"),
                ], "\(zone)")
            #expect(
                listed.stderr.contains("trip@weft")
                    && listed.stderr.contains("DTEND (2024-06-12T12:00:00) is a DATE-TIME")
                    && listed.stderr.contains("workshop@weft"), "\(listed.stderr)")
        }
        let provided = try await Self.provider(
            "mixed_date_types.ics", zone: "America/New_York", now: "2024-06-12T12:00:00Z",
            template: "{{__calendar_next_title}} {{__calendar_next_end_iso}}")
        #expect(provided.line == "Workshop 2024-06-13T22:00:00Z\n", "ends at midnight in Berlin: \(provided)")
        #expect(provided.error.contains("workshop@weft"), "\(provided)")
    }
}
