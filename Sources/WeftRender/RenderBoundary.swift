import Foundation
import WeftPrimitives

/// The next instant at which a rendering may read differently with the cache unchanged: the template's time
/// boundary, so a live render re-derives its variables then and not on every tick.
///
/// Every clock-driven value weft derives counts whole minutes (or hours, days) from some instant: `__time` and
/// the local day from the wall clock's minute, a countdown from an event's start, `age_min` from the fetch,
/// `stale` from the end of validity. Each such value can only change when `now` passes a whole number of minutes
/// after its instant, so the next boundary is the earliest such moment over the instants the read providers
/// expose (their `*_iso` variables and validity) and the wall-clock minute. Templates that read the time to the
/// second (`__now`, `__now_unix`, `now()` or `now` in a date, a `date:` pattern with seconds) change every second.
public struct RenderBoundary: Sendable, Equatable {
    /// Seconds past the minute (0 ..< 60) at which some value may change.
    private(set) var phases: Set<Double> = [0]
    /// Whether the templates read the time to the second.
    private(set) var everySecond = false

    /// A boundary that knows only the wall-clock minute.
    init() {}

    /// Whether `templates` read the clock to the second: a token with the word `now` (`{{__now}}`,
    /// `{{__now_unix}}`, `{{=now()-…}}`, a date `now`) or a `date:` pattern with seconds.
    static func readsSeconds(_ templates: [String]) -> Bool {
        templates.contains { template in
            var rest = template[...]
            while let open = rest.range(of: "{{") {
                let tail = rest[open.upperBound...]
                let close = tail.range(of: "}}")?.lowerBound ?? tail.endIndex
                if readsSeconds(token: tail[..<close].lowercased()) { return true }
                rest = tail[close...]
            }
            return false
        }
    }

    private static func readsSeconds(token body: String) -> Bool {
        let words = body.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        if words.contains(where: { $0 == "now" || $0 == "__now" || $0 == "__now_unix" }) { return true }
        guard let date = body.range(of: "date:") else { return false }
        return body[date.upperBound...].contains("s")
    }

    /// Notes that the templates read the time to the second.
    mutating func addSeconds() { everySecond = true }

    /// Notes an instant values may count minutes from.
    mutating func add(_ instant: Date) {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite else { return }
        let phase = seconds - (seconds / 60).rounded(.down) * 60
        phases.insert((phase * 1000).rounded() / 1000)
    }

    /// Notes every instant among a provider's variables (those whose key ends in `_iso`).
    mutating func add(variables: [String: String]) {
        for (key, value) in variables where key.hasSuffix("_iso") {
            if let instant = ISOInstant.parse(value) { add(instant) }
        }
    }

    /// The first instant strictly after `now` at which a value may change.
    func next(after now: Date) -> Date {
        let seconds = now.timeIntervalSince1970
        if everySecond { return Date(timeIntervalSince1970: (seconds + 1e-6).rounded(.down) + 1) }
        let minute = (seconds / 60).rounded(.down) * 60
        var best = minute + 120
        for phase in phases {
            var candidate = minute + phase
            if candidate <= seconds { candidate += 60 }
            best = min(best, candidate)
        }
        return Date(timeIntervalSince1970: best)
    }
}
