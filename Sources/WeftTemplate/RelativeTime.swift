import Foundation
import WeftPrimitives

/// The `relative` filter's phrase, written by hand because Linux Foundation has no
/// `RelativeDateTimeFormatter`.
///
/// Units by the size of the gap: under 60 s `now`; under an hour minutes; under a day hours;
/// under 7 days days; under an average month (30.436875 days) weeks; under an average year
/// (365.2425 days) months; then years. Counts are truncated, as Apple's formatter does
/// (1 h 59 min is `in 1 hour`). English, German, French and Spanish are written out; every other
/// language gets English.
enum RelativeTime {
    private enum Unit {
        case minute, hour, day, week, month, year

        var seconds: Double {
            switch self {
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            case .week: 604_800
            case .month: 2_629_746
            case .year: 31_556_952
            }
        }
    }

    /// One language's words: `[singular, plural]` per unit, and the sentence frames.
    private struct Wording {
        let now: String
        let future: String  // "{n} {unit}" is substituted for `#`
        let past: String
        let units: [Unit: (one: String, other: String)]

        func phrase(count: String, isOne: Bool, unit: Unit, future isFuture: Bool) -> String {
            let names = units[unit] ?? (one: "", other: "")
            let amount = count + " " + (isOne ? names.one : names.other)
            let frame = isFuture ? future : past
            return frame.replacingOccurrences(of: "#", with: amount)
        }
    }

    private static let english = Wording(
        now: "now", future: "in #", past: "# ago",
        units: [
            .minute: ("minute", "minutes"), .hour: ("hour", "hours"), .day: ("day", "days"),
            .week: ("week", "weeks"), .month: ("month", "months"), .year: ("year", "years"),
        ])

    private static let german = Wording(
        now: "jetzt", future: "in #", past: "vor #",
        units: [
            .minute: ("Minute", "Minuten"), .hour: ("Stunde", "Stunden"), .day: ("Tag", "Tagen"),
            .week: ("Woche", "Wochen"), .month: ("Monat", "Monaten"), .year: ("Jahr", "Jahren"),
        ])

    private static let french = Wording(
        now: "maintenant", future: "dans #", past: "il y a #",
        units: [
            .minute: ("minute", "minutes"), .hour: ("heure", "heures"), .day: ("jour", "jours"),
            .week: ("semaine", "semaines"), .month: ("mois", "mois"), .year: ("an", "ans"),
        ])

    private static let spanish = Wording(
        now: "ahora", future: "dentro de #", past: "hace #",
        units: [
            .minute: ("minuto", "minutos"), .hour: ("hora", "horas"), .day: ("día", "días"),
            .week: ("semana", "semanas"), .month: ("mes", "meses"), .year: ("año", "años"),
        ])

    /// The phrase for `target` seen from `now`, e.g. `in 5 minutes`, `2 hours ago`, `now`.
    static func phrase(for target: Date, relativeTo now: Date, locale: Locale) -> String {
        let wording = wording(for: locale)
        let delta = target.timeIntervalSince(now)
        let magnitude = abs(delta)
        guard magnitude >= Unit.minute.seconds else { return wording.now }

        var unit = Unit.minute
        if magnitude >= Unit.year.seconds {
            unit = .year
        } else if magnitude >= Unit.month.seconds {
            unit = .month
        } else if magnitude >= Unit.week.seconds {
            unit = .week
        } else if magnitude >= Unit.day.seconds {
            unit = .day
        } else if magnitude >= Unit.hour.seconds {
            unit = .hour
        }
        let count = (magnitude / unit.seconds).rounded(.down)
        return wording.phrase(count: NumberText.plain(count), isOne: count == 1, unit: unit, future: delta > 0)
    }

    private static func wording(for locale: Locale) -> Wording {
        switch locale.language.languageCode?.identifier {
        case "de": german
        case "fr": french
        case "es": spanish
        default: english
        }
    }
}
