import Foundation

/// The video-call link of an event, found where calendar producers put it.
///
/// Google writes it in `X-GOOGLE-CONFERENCE` (and in DESCRIPTION); Outlook, Zoom's and Teams' invitations put
/// it in LOCATION or DESCRIPTION. Only links to the known meeting services count (Zoom, Google Meet, Microsoft
/// Teams, Jitsi, Webex), so a map link in LOCATION or a web page in DESCRIPTION is never taken for the call.
enum MeetingLink {
    /// Hosts (and their subdomains) of the meeting services.
    static let hosts = [
        "zoom.us", "zoom.com", "meet.google.com", "teams.microsoft.com", "teams.live.com", "meet.jit.si", "webex.com",
    ]

    /// The first meeting link in the texts, in the order given; nil when none has one.
    static func find(in texts: [String?]) -> String? {
        for case let text? in texts {
            if let link = first(in: text) { return link }
        }
        return nil
    }

    /// The first `https://` (or `http://`) URL in `text` whose host is a meeting service's.
    static func first(in text: String) -> String? {
        var rest = Substring(text)
        while let range = rest.range(of: "http", options: .caseInsensitive) {
            let candidate = rest[range.lowerBound...].prefix { !$0.isWhitespace && !"<>\"'()[]{}|\\^`".contains($0) }
            rest = rest[range.upperBound...]
            // A sentence's full stop or comma after the link is not part of it.
            let link = String(candidate.reversed().drop { ".,;:!?".contains($0) }.reversed())
            if isMeeting(link) { return link }
        }
        return nil
    }

    private static func isMeeting(_ link: String) -> Bool {
        let lower = link.lowercased()
        let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        guard scheme > 0 else { return false }
        let authority = lower.dropFirst(scheme).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return false }
        let host = authority.prefix { $0 != ":" }
        return hosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
