import Foundation
import Logging
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftCalendar

/// Calendar reminders (`[reminders]` occasions): the events' own display VALARMs, as Thunderbird, Apple Calendar
/// and Google write them (Tests/Fixtures/ical/alarms), and the provider's `remind` default.
@Suite struct ReminderTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Friday 2026-10-16, before every fixture event; Berlin leaves summer time on Sunday 2026-10-25.
    let now = ISOInstant.parse("2026-10-16T00:00:00Z")!
    let until = ISOInstant.parse("2026-10-27T00:00:00Z")!

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ical/alarms/\(name).ics").path
    }

    /// Refreshes a provider reading `fixture` with the extra settings, and the occasions of its snapshot.
    func reminders(
        _ fixture: String, _ settings: String = "", from start: Date? = nil, to end: Date? = nil
    ) async throws -> (occasions: [Occasion], problems: [String]) {
        let config = try ProviderConfig(
            text: "type = \"calendar\"\nsources = [{ name = \"Cal\", path = \"\(Self.fixture(fixture))\" }]\n"
                + settings,
            file: "/p/cal.toml")
        let outcome = try await CalendarKind.make(config).refresh(
            RefreshContext(now: now, previous: nil, timeZone: berlin, logger: Logger(label: "test")))
        guard case .updated(let snapshot) = outcome.change else { throw Failure("expected a snapshot") }
        let query = OccasionQuery(
            context: VariableContext(now: start ?? now, timeZone: berlin, locale: Locale(identifier: "en_US")),
            until: end ?? until)
        return (try CalendarKind.occasions(of: snapshot, query: query), outcome.problems)
    }

    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// `key → at` of the occasions, for comparing whole lists.
    func schedule(_ occasions: [Occasion]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: occasions.map { ($0.key, ISOInstant.format($0.at)) })
    }

    @Test func thunderbirdAlarmsRelativeAbsoluteEndAndRepeatsWithTheDefault() async throws {
        let (occasions, problems) = try await reminders("thunderbird")
        let standup = "reminder:cal:0b6f1c7e-3f0a-4a55-9d1e-5d2f8a1c0001"
        let train = "reminder:cal:0b6f1c7e-3f0a-4a55-9d1e-5d2f8a1c0002:2026-10-20T12:00:00Z"
        let tax = "reminder:cal:0b6f1c7e-3f0a-4a55-9d1e-5d2f8a1c0003:2026-10-21T10:00:00Z"
        #expect(
            schedule(occasions) == [
                // The weekly stand-up at 09:00 Berlin, each occurrence: 07:00Z in summer time, 08:00Z after it.
                // -P2D is two wall-clock days, so it stays at 09:00 local across the change (07:00Z on the 24th).
                "\(standup):2026-10-19T07:00:00Z:-PT15M": "2026-10-19T06:45:00Z",
                "\(standup):2026-10-19T07:00:00Z:-P2D": "2026-10-17T07:00:00Z",
                "\(standup):2026-10-19T07:00:00Z:remind-PT10M": "2026-10-19T06:50:00Z",
                "\(standup):2026-10-26T08:00:00Z:-PT15M": "2026-10-26T07:45:00Z",
                "\(standup):2026-10-26T08:00:00Z:-P2D": "2026-10-24T07:00:00Z",
                "\(standup):2026-10-26T08:00:00Z:remind-PT10M": "2026-10-26T07:50:00Z",
                // RELATED=END, ten minutes before the 16:00 arrival, twice more five minutes apart.
                "\(train):-PT10M/end": "2026-10-20T13:50:00Z",
                "\(train):-PT10M/end+1": "2026-10-20T13:55:00Z",
                "\(train):-PT10M/end+2": "2026-10-20T14:00:00Z",
                "\(train):remind-PT10M": "2026-10-20T11:50:00Z",
                // An absolute trigger; its -P60D alarm is beyond the 31 days an alarm may reach.
                "\(tax):@2026-10-20T07:00:00Z": "2026-10-20T07:00:00Z",
                "\(tax):remind-PT10M": "2026-10-21T09:50:00Z",
            ])
        #expect(problems.contains { $0.contains("-P60D") && $0.contains("more than 31 days") })

        let arrival = try #require(occasions.first { $0.key == "\(train):-PT10M/end" })
        #expect(arrival.title == "Train to Hamburg")
        #expect(arrival.body == "14:00–16:00")
        #expect(arrival.link == "https://example.org/booking/4711")
        #expect(arrival.actions.map(\.id) == ["open"])
        #expect(arrival.expires == ISOInstant.parse("2026-10-20T14:00:00Z"))
        #expect(arrival.thread == train)
        #expect(arrival.kind == .reminder)
        let early = try #require(occasions.first { $0.key == "\(standup):2026-10-19T07:00:00Z:-P2D" })
        #expect(early.body == "Mon 19 Oct 09:00–09:15 · Room 4")
        #expect(early.expires == ISOInstant.parse("2026-10-19T07:00:00Z"))
        #expect(early.link == nil && early.actions.isEmpty)
        #expect(early.fields["event"] == "0b6f1c7e-3f0a-4a55-9d1e-5d2f8a1c0001")
    }

    /// The window bounds what is given: due before its end, not yet expired at its start (a reminder already due
    /// but before its event is still given; the notifier decides on lateness).
    @Test func theWindowKeepsWhatIsDueAndNotExpired() async throws {
        let start = ISOInstant.parse("2026-10-19T06:55:00Z")!
        let (occasions, _) = try await reminders("thunderbird", from: start, to: start.addingTimeInterval(3600))
        #expect(
            occasions.map(\.key).sorted() == [
                "reminder:cal:0b6f1c7e-3f0a-4a55-9d1e-5d2f8a1c0001:2026-10-19T07:00:00Z:-P2D",
                "reminder:cal:0b6f1c7e-3f0a-4a55-9d1e-5d2f8a1c0001:2026-10-19T07:00:00Z:-PT15M",
                "reminder:cal:0b6f1c7e-3f0a-4a55-9d1e-5d2f8a1c0001:2026-10-19T07:00:00Z:remind-PT10M",
            ])
        let (later, _) = try await reminders(
            "thunderbird", from: ISOInstant.parse("2026-10-19T07:00:00Z")!,
            to: ISOInstant.parse("2026-10-19T08:00:00Z")!)
        #expect(later.isEmpty)
    }

    /// Apple writes an audio alarm and an `ACTION:NONE` placeholder in 1976 beside the display one: only the
    /// display alarm reminds.
    @Test func appleCalendarDisplayAlarmOnly() async throws {
        let (occasions, problems) = try await reminders("apple", "remind = []\n")
        #expect(
            schedule(occasions) == [
                "reminder:cal:7A3E9B52-1C44-4B8E-9E0D-2F6A1D5C0001:2026-10-20T16:00:00Z:-PT30M": "2026-10-20T15:30:00Z"
            ])
        #expect(occasions.first?.body == "18:00–19:00 · Café Nord")
        #expect(problems.isEmpty)
    }

    /// Google's export: the event the user declined and the cancelled one never remind; an email alarm is not one
    /// on screen; a default at the instant of the event's own alarm is the same reminder.
    @Test func googleDeclinedAndCancelledNeverRemind() async throws {
        let me = "me = [\"mailto:me@example.org\"]\n"
        let lunch = "reminder:cal:z9x8c7v6b5n4m3l2k1j0@google.com:2026-10-20T12:00:00Z"
        let (occasions, _) = try await reminders("google", me)
        #expect(
            schedule(occasions) == [
                "\(lunch):-PT30M": "2026-10-20T11:30:00Z", "\(lunch):remind-PT10M": "2026-10-20T11:50:00Z",
            ])
        let (same, _) = try await reminders("google", me + "remind = [\"30m\", \"1h\"]\n")
        #expect(
            schedule(same) == [
                "\(lunch):-PT30M": "2026-10-20T11:30:00Z", "\(lunch):remind-PT1H": "2026-10-20T11:00:00Z",
            ])
        // Without `me` the declined event is the user's like any other.
        let (anyone, _) = try await reminders("google", "remind = []\n")
        #expect(anyone.count == 2)
    }

    /// A recorded Google export (python-recurring-ical-events' issue 173) carries `TRIGGER:-P0DT0H30M0S` (or ten
    /// minutes, or seven hours) on its changed instances: each of those reminds once, at its own trigger.
    @Test func aRecordedGoogleExportReminds() async throws {
        let calendar = try Fixtures.load("issue_173_only_modifications_error", zone: "Europe/Berlin")
        let occurrences = calendar.occurrences(
            overlapping: ISOInstant.parse("2024-04-01T00:00:00Z")!, ISOInstant.parse("2024-07-01T00:00:00Z")!)
        let alarmed = occurrences.filter { !($0.alarms ?? []).isEmpty }
        #expect(alarmed.count >= 5)
        #expect(alarmed.allSatisfy { $0.alarms?.count == 1 })
        let snapshot = Snapshot(
            instance: "g", kind: "calendar", prefix: "__calendar_", schemaVersion: CalendarSnapshot.schemaVersion,
            fetchedAt: now, validUntil: now,
            payload: try Snapshot.encode(
                CalendarSnapshot(
                    sources: [
                        .init(
                            source: CalendarSource(name: "G", location: .path("/g.ics")), occurrences: occurrences,
                            horizon: now, readAt: now)
                    ], remind: [])))
        let occasions = try CalendarKind.occasions(
            of: snapshot,
            query: OccasionQuery(
                context: VariableContext(
                    now: ISOInstant.parse("2024-04-01T00:00:00Z")!, timeZone: berlin, locale: Locale(identifier: "en")),
                until: ISOInstant.parse("2024-07-01T00:00:00Z")!))
        #expect(occasions.count == alarmed.count)
        for occasion in occasions {
            let start = try #require(ISOInstant.parse(occasion.fields["start"] ?? ""))
            let seconds = try #require(
                ["-PT30M": 1800.0, "-PT10M": 600, "-PT7H": 25200][occasion.fields["trigger"] ?? ""])
            #expect(occasion.at == start.addingTimeInterval(-seconds))
        }
    }

    /// A snapshot written before reminders existed (no alarms, no `remind`, no revision: the keys are absent from
    /// its JSON) still decodes and gives the default.
    @Test func anOlderSnapshotGivesTheDefault() throws {
        let start = ISOInstant.parse("2026-10-20T10:00:00Z")!
        let old = CalendarSnapshot(
            sources: [
                .init(
                    source: CalendarSource(name: "W", location: .path("/w.ics")),
                    occurrences: [
                        CalendarOccurrence(
                            uid: "u", title: "T", start: start, end: start + 3600, allDay: false, calendar: "W")
                    ], horizon: until, readAt: now)
            ], revision: nil)
        let payload = try Snapshot.encode(old)
        let text = String(decoding: payload, as: UTF8.self)
        #expect(!text.contains("alarms") && !text.contains("remind") && !text.contains("revision"))
        let snapshot = Snapshot(
            instance: "w", kind: "calendar", prefix: "__calendar_", schemaVersion: 1, fetchedAt: now, validUntil: now,
            payload: payload)
        let occasions = try CalendarKind.occasions(
            of: snapshot,
            query: OccasionQuery(
                context: VariableContext(now: now, timeZone: berlin, locale: Locale(identifier: "en")), until: until))
        #expect(occasions.map(\.key) == ["reminder:w:u:2026-10-20T10:00:00Z:remind-PT10M"])
    }

    /// The bounds: at most 10 display alarms per event and 10 repeats per alarm, each cut with a warning.
    @Test func alarmsAndRepeatsAreCapped() throws {
        let display = (1...12).map { "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\($0)M\r\nEND:VALARM" }
        let text = ICS.calendar(
            ICS.event(
                "UID:many", "DTSTART:20261020T100000Z", "DTEND:20261020T110000Z", "SUMMARY:Many",
                "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H", "REPEAT:50", "DURATION:PT1M", "END:VALARM",
                display.joined(separator: "\r\n")))
        let calendar = try ICS.parse(text)
        let occurrence = try #require(
            calendar.occurrences(overlapping: ISOInstant.parse("2026-10-20T00:00:00Z")!, until).first)
        let alarms = try #require(occurrence.alarms)
        #expect(alarms.count == CalendarAlarm.maxPerEvent)
        #expect(alarms.first?.repeatCount == CalendarAlarm.maxRepeat && alarms.first?.repeatInterval == 60)
        let messages = calendar.warnings.filter { $0.kind == .ignoredAlarm }.map(\.message)
        #expect(messages.contains { $0.contains("repeats 50 times; only the first 10 repeats are kept") })
        #expect(messages.contains { $0.contains("more than 10 display alarms") })
    }

    /// The occasions of occurrences read from an inline calendar, with `remind`.
    func occasions(_ text: String, remind: [Int64] = []) throws -> [Occasion] {
        let occurrences = try ICS.parse(text).occurrences(overlapping: now, until)
        let snapshot = Snapshot(
            instance: "i", kind: "calendar", prefix: "__calendar_", schemaVersion: CalendarSnapshot.schemaVersion,
            fetchedAt: now, validUntil: now,
            payload: try Snapshot.encode(
                CalendarSnapshot(
                    sources: [
                        .init(
                            source: CalendarSource(name: "I", location: .path("/i.ics")), occurrences: occurrences,
                            horizon: until, readAt: now)
                    ], remind: remind)))
        return try CalendarKind.occasions(
            of: snapshot,
            query: OccasionQuery(
                context: VariableContext(now: now, timeZone: berlin, locale: Locale(identifier: "en")), until: until))
    }

    /// Two alike alarms are one reminder; an absolute trigger during the event reminds then, while it runs; a
    /// default of zero is at the start.
    @Test func alikeAlarmsAbsoluteDuringTheEventAndAtTheStart() throws {
        let alarm = { (trigger: String) in
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER\(trigger)\r\nEND:VALARM"
        }
        let text = ICS.calendar(
            ICS.event(
                "UID:twice", "DTSTART:20261020T100000Z", "DTEND:20261020T120000Z", "SUMMARY:Twice",
                alarm(":-PT30M"), alarm(":-PT30M"), alarm(";VALUE=DATE-TIME:20261020T110000Z")))
        let found = try occasions(text, remind: [0])
        #expect(
            schedule(found) == [
                "reminder:i:twice:2026-10-20T10:00:00Z:-PT30M": "2026-10-20T09:30:00Z",
                "reminder:i:twice:2026-10-20T10:00:00Z:@2026-10-20T11:00:00Z": "2026-10-20T11:00:00Z",
                "reminder:i:twice:2026-10-20T10:00:00Z:remind-PT0S": "2026-10-20T10:00:00Z",
            ])
        let during = try #require(found.first { $0.key.hasSuffix("@2026-10-20T11:00:00Z") })
        #expect(during.expires == ISOInstant.parse("2026-10-20T12:00:00Z"))
    }

    /// A snapshot stored before alarms were read is not kept on "not modified": the next refresh reads the URL
    /// whole (no conditional request), so its events gain their alarms.
    @Test func anOlderSnapshotIsNotKeptOnNotModified() async throws {
        let server = try TestHTTPServer()
        let body = try Array(Data(contentsOf: URL(fileURLWithPath: Self.fixture("apple"))))
        server.route("/home.ics") { request in
            request.header("If-None-Match") == "\"a1\""
                ? TestResponse(status: 304)
                : TestResponse(headers: [("Content-Type", "text/calendar"), ("ETag", "\"a1\"")], body: body)
        }
        let url = server.url("/home.ics")
        let provider = try CalendarKind.make(
            try ProviderConfig(
                text: "type = \"calendar\"\nsources = [{ name = \"Home\", url = \"\(url)\" }]\n",
                file: "/p/cal.toml"))
        func refresh(_ previous: Snapshot?, validators: [String: HTTPValidator]) async throws -> RefreshOutcome {
            try await provider.refresh(
                RefreshContext(
                    now: now, previous: previous, validators: validators, timeZone: berlin,
                    logger: Logger(label: "test")))
        }
        let first = try await refresh(nil, validators: [:])
        guard case .updated(let fresh) = first.change else { throw Failure("expected a snapshot") }
        let validators = [url: first.validators[0]]

        // As an older weft stored it: no alarms, no revision.
        var older = try fresh.decode(CalendarSnapshot.self)
        older.revision = nil
        for index in older.sources.indices {
            for event in older.sources[index].occurrences.indices {
                older.sources[index].occurrences[event].alarms = nil
            }
        }
        var stale = fresh
        stale.payload = try Snapshot.encode(older)
        let second = try await refresh(stale, validators: validators)
        #expect(server.requests(path: "/home.ics").last?.header("If-None-Match") == nil)
        guard case .updated(let reread) = second.change else { throw Failure("expected a snapshot") }
        let events = try reread.decode(CalendarSnapshot.self).sources[0].occurrences
        #expect(events.first?.alarms?.count == 1)

        // A current snapshot is asked about conditionally, as before.
        _ = try await refresh(reread, validators: validators)
        #expect(server.requests(path: "/home.ics").last?.header("If-None-Match") == "\"a1\"")
    }

    @Test func remindIsCheckedWithItsLine() throws {
        func error(_ value: String) -> String? {
            do {
                _ = try CalendarKind.make(
                    try ProviderConfig(
                        text: "type = \"calendar\"\nsources = [{ path = \"/c.ics\" }]\nremind = \(value)\n",
                        file: "/p/cal.toml"))
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(error("[\"10m\", \"1h\"]") == nil)
        #expect(error("[]") == nil)
        #expect(error("[\"10m\", \"soon\"]")?.hasPrefix("/p/cal.toml:3:") == true)
        #expect(error("[\"10m\", \"soon\"]")?.contains("\"soon\" is not a duration") == true)
        #expect(error("[\"40d\"]")?.contains("more than 31 days") == true)
        #expect(error("\"10m\"")?.contains("must be an array of strings") == true)
    }
}
