import Testing

@testable import WeftCalendar

/// Which links count as an event's call (issue 30).
@Suite struct MeetingLinkTests {
    @Test func meetingServicesOnlyAndWithoutTrailingPunctuation() {
        #expect(
            MeetingLink.first(in: "Join https://us02web.zoom.us/j/8512?pwd=Ab1. Thanks")
                == "https://us02web.zoom.us/j/8512?pwd=Ab1")
        #expect(
            MeetingLink.first(in: "(https://meet.google.com/abc-defg-hij)") == "https://meet.google.com/abc-defg-hij")
        #expect(MeetingLink.first(in: "Teams: https://teams.microsoft.com/l/meetup-join/19%3a") != nil)
        #expect(MeetingLink.first(in: "https://meet.jit.si/weft-standup,") == "https://meet.jit.si/weft-standup")
        #expect(MeetingLink.first(in: "https://acme.webex.com/meet/anna") == "https://acme.webex.com/meet/anna")
        // A map in LOCATION, a look-alike host and a user part are not calls.
        #expect(MeetingLink.first(in: "https://maps.google.com/?q=Room+4") == nil)
        #expect(MeetingLink.first(in: "https://zoom.us.example.org/j/1 https://example.org/zoom.us") == nil)
        #expect(MeetingLink.first(in: "https://zoom.us@example.org/j/1") == nil)
        #expect(
            MeetingLink.find(in: [nil, "Room 4", "see https://example.org then https://zoom.us/j/9"])
                == "https://zoom.us/j/9")
    }
}
