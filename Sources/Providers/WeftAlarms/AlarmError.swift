import Foundation
import WeftCore
import WeftPrimitives

/// Why an alarm or timer command could not do what it was asked, in words a user can act on.
public enum AlarmError: EditRefusal, Sendable, Equatable {
    /// No alarm or timer has that label or id; `closest` are names to offer, `known` all of them.
    case notFound(what: String, name: String, closest: [String], known: [String])
    /// The bound on how many there may be.
    case tooMany(what: String, limit: Int)
    /// Two have that label, so it names neither.
    case ambiguous(what: String, name: String, ids: [String])
    /// The alarm is neither ringing nor snoozed.
    case notRinging(label: String, next: String?)
    /// A one-time alarm whose moment is past.
    case inThePast(String)
    /// It has no next occurrence to skip.
    case nothingToSkip(label: String)
    /// A timer that cannot do this in its state (`pause` a paused one).
    case timerState(label: String, state: String, wanted: String)
    /// A schedule that cannot be made (a one-time alarm with --days, an --every that is not 1w…52w).
    case badSchedule(String)
    /// None exist when one was asked for without a name.
    case noneYet(what: String, hint: String)

    /// English, for logs and the dashboard's replies.
    public var description: String { text(in: .english) }
}

extension AlarmError: CatalogText {
    /// The refusal in `catalog`'s language; a kind of thing other than an alarm or a timer is said in English.
    public func text(in catalog: Catalog) -> String {
        switch self {
        case .notFound(let what, let name, let closest, let known):
            var text =
                what == "timer"
                ? catalog.text("no timer \"{name}\"", ["name": name])
                : catalog.text("no alarm \"{name}\"", ["name": name])
            if !closest.isEmpty {
                let quoted = closest.map { catalog.text("\"{name}\"", ["name": $0]) }
                text += catalog.text(
                    "; did you mean {names}?", ["names": quoted.joined(separator: catalog.text(" or "))])
            } else if !known.isEmpty {
                text += catalog.text("; known: {names}", ["names": known.joined(separator: ", ")])
            }
            return text
        case .tooMany(let what, let limit):
            return what == "timer"
                ? catalog.plural(
                    "there is already {count} timer, the most weft keeps; remove one first",
                    "there are already {count} timers, the most weft keeps; remove one first", count: limit)
                : catalog.plural(
                    "there is already {count} alarm, the most weft keeps; remove one first",
                    "there are already {count} alarms, the most weft keeps; remove one first", count: limit)
        case .ambiguous(let what, let name, let ids):
            let args = ["name": name, "ids": ids.joined(separator: ", ")]
            return what == "timer"
                ? catalog.plural(
                    "{count} timer is called \"{name}\"; name one by its id: {ids}",
                    "{count} timers are called \"{name}\"; name one by its id: {ids}", count: ids.count, args)
                : catalog.plural(
                    "{count} alarm is called \"{name}\"; name one by its id: {ids}",
                    "{count} alarms are called \"{name}\"; name one by its id: {ids}", count: ids.count, args)
        case .notRinging(let label, let next):
            guard let next else {
                return catalog.text(
                    "{label} is not ringing or snoozed; `weft alarm skip-next` skips its next time", ["label": label])
            }
            return catalog.text(
                "{label} is not ringing or snoozed (next: {time}); `weft alarm skip-next` skips its next time",
                ["label": label, "time": next])
        case .inThePast(let when): return catalog.text("{time} is in the past", ["time": when])
        case .nothingToSkip(let label): return catalog.text("{label} has no time left to skip", ["label": label])
        case .timerState(let label, let state, let wanted):
            let args = ["label": label, "state": Self.stateWord(state, catalog)]
            switch wanted {
            case "paused": return catalog.text("timer {label} is {state}, so it cannot be paused", args)
            case "resumed": return catalog.text("timer {label} is {state}, so it cannot be resumed", args)
            default: return "timer \(label) is \(state), so it cannot be \(wanted)"
            }
        case .noneYet(let what, let hint):
            switch what {
            case "timer": return catalog.text("there is no timer; start one: `weft timer start 25m`")
            case "alarm ringing to snooze":
                return catalog.text("there is no alarm ringing to snooze; name one: `weft alarm snooze LABEL`")
            case "alarm ringing to dismiss":
                return catalog.text("there is no alarm ringing to dismiss; name one: `weft alarm dismiss LABEL`")
            default: return "there is no \(what); \(hint)"
            }
        case .badSchedule(let why):
            if why == "--days names no day" { return catalog.text("--days names no day") }
            let zonePrefix = "the zone "
            let zoneSuffix = " cannot be kept with an alarm; give an IANA name such as --tz Europe/Berlin"
            if why.hasPrefix(zonePrefix), why.hasSuffix(zoneSuffix) {
                let zone = why.dropFirst(zonePrefix.count).dropLast(zoneSuffix.count)
                return catalog.text(
                    "the zone {zone} cannot be kept with an alarm; give an IANA name such as --tz Europe/Berlin",
                    ["zone": String(zone)])
            }
            return why
        }
    }

    /// A timer's state (`running`, `paused`, `done`) in `catalog`'s words.
    private static func stateWord(_ state: String, _ catalog: Catalog) -> String {
        switch state {
        case "running": catalog.text("running")
        case "paused": catalog.text("paused")
        case "done": catalog.text("done")
        default: state
        }
    }
}
