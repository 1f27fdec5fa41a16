import WeftPrimitives

/// The one check of a step sample, made as the sample enters by every CSV layout and the JSON and database readers:
/// a time inside 1990–2100, at most 7 days long, and no more steps than the fastest cadence (WeftPrimitives'
/// `ValueRange.stepsPerMinute`) allows over it. A sample whose start equals its end is an instant (a day's total
/// stamped with one moment), which the per-minute limit does not apply to. (Apple Health's XML records, which
/// carry distance, flights and energy too, are still checked per metric by `HealthRecordCollector`.)
enum StepLimits {
    /// The earliest instant accepted, 1990-01-01 (no step export is older), seconds since 1970.
    static let earliest: Int64 = 631_152_000
    /// The latest instant accepted, 2100-01-01.
    static let latest: Int64 = 4_102_444_800

    /// The most steps in one minute.
    static var perMinute: Double { ValueRange.stepsPerMinute.upper }

    /// The most steps any count of one day can hold: a day at the fastest cadence.
    static var dayMaximum: Double { perMinute * 1440 }

    /// The most steps a sample of `seconds` may hold. A sample shorter than a minute may hold a minute's worth,
    /// because phones deliver step-counter deltas in bursts; an instant (0 s) may hold a day's worth.
    static func maximumSteps(overSeconds seconds: Double) -> Double {
        seconds > 0 ? perMinute * max(seconds, 60) / 60 : dayMaximum
    }

    /// Why a sample cannot be imported (naming `field`, the steps column or key), or nil when it can. `steps` may
    /// be negative only when `negativeAllowed` (Google Fit's corrections, checked by their reader).
    static func problem(start: Double, end: Double, steps: Double, field: String, negativeAllowed: Bool = false)
        -> String?
    {
        guard end >= start else { return "the sample ends before it starts" }
        guard end - start <= StepSample.maximumDuration else {
            let days = ((end - start) / 86_400).rounded(.down)
            let length = days < 1e9 ? "\(NumberText.plain(days)) days" : "more than a billion days"
            return "the sample lasts \(length); at most 7 days are accepted (is a year mistyped?)"
        }
        // A millisecond or microsecond stamp read as seconds is a bad row with its line, not a sample the
        // aggregator has to skip in silence.
        guard start >= Double(earliest), end < Double(latest) else {
            return "the sample's time is outside 1990–2100 (is the unit of the timestamps wrong?)"
        }
        guard steps.isFinite, steps >= 0 || negativeAllowed else {
            return "\(field) \(NumberText.plain(steps)) is negative"
        }
        let limit = maximumSteps(overSeconds: end - start)
        guard steps <= limit else {
            return "\(field) \(NumberText.plain(steps)) is more than \(NumberText.plain(limit)) steps in "
                + "\(span(end - start)) (at most \(NumberText.plain(perMinute)) a minute)"
        }
        return nil
    }

    /// A sample's length for messages: seconds below two minutes, else whole minutes.
    private static func span(_ seconds: Double) -> String {
        if seconds <= 0 { return "one instant (a day's total at most)" }
        return seconds < 120
            ? "\(NumberText.plain(seconds)) s" : "\(NumberText.plain((seconds / 60).rounded(.down))) min"
    }

    /// Seconds since 1970 from epoch nanoseconds, without overflow: nil outside 1990–2100.
    static func seconds(nanoseconds: Int64) -> Double? {
        let (whole, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        guard whole >= earliest, whole < latest else { return nil }
        return Double(whole) + Double(rest) / 1e9
    }
}
