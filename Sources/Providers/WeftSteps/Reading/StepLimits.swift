import WeftPrimitives

/// The one check of an activity sample, made as it enters by every reader (the CSV layouts, the JSON and database
/// readers and Apple Health's XML records): a time inside 1990–2100, at most 7 days long, and no more than the
/// metric's fastest rate (``ActivityMetric/maximumPerMinute``) over its duration. A sample whose start equals its end
/// is an instant (a day's total stamped with one moment, as Garmin Connect writes into Apple Health at 23:59:59),
/// which the per-minute limit does not apply to: it may hold what a day at that rate holds.
enum StepLimits {
    /// The earliest instant accepted, 1990-01-01 (no step export is older), seconds since 1970.
    static let earliest: Int64 = 631_152_000
    /// The latest instant accepted, 2100-01-01.
    static let latest: Int64 = 4_102_444_800

    /// The most steps in one minute.
    static var perMinute: Double { ActivityMetric.steps.maximumPerMinute }

    /// The most steps any count of one day can hold: a day at the fastest cadence.
    static var dayMaximum: Double { perMinute * 1440 }

    /// The most of `metric` a sample of `seconds` may hold. A sample shorter than a minute may hold a minute's worth,
    /// because phones deliver step-counter deltas in bursts; an instant (0 s) may hold a day's worth.
    static func maximum(_ metric: ActivityMetric = .steps, overSeconds seconds: Double) -> Double {
        metric.maximumPerMinute * (seconds > 0 ? max(seconds, 60) / 60 : 1440)
    }

    /// Why a sample cannot be imported (naming `field`, the column, key or attribute of its amount), or nil when it
    /// can. `amount` may be negative only when `negativeAllowed` (Google Fit's corrections, checked by their reader).
    static func problem(
        start: Double, end: Double, steps amount: Double, field: String, metric: ActivityMetric = .steps,
        negativeAllowed: Bool = false
    ) -> String? {
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
        guard amount.isFinite, amount >= 0 || negativeAllowed else {
            return "\(field) \(NumberText.plain(amount)) is negative"
        }
        let limit = maximum(metric, overSeconds: end - start)
        guard amount <= limit else {
            let most =
                end > start
                ? "more than a body can do (at most \(metric.amountText(metric.maximumPerMinute)) a minute)"
                : "more than a day can hold (at most \(metric.amountText(limit)))"
            return "\(field) \(metric.amountText(amount)) in \(span(end - start)) is \(most)"
        }
        return nil
    }

    /// A sample's length for messages: `zero minutes`, `one minute`, seconds below two minutes, else whole minutes.
    private static func span(_ seconds: Double) -> String {
        if seconds <= 0 { return "zero minutes" }
        if seconds == 60 { return "one minute" }
        return seconds < 120
            ? "\(NumberText.plain(seconds)) seconds" : "\(NumberText.plain((seconds / 60).rounded(.down))) minutes"
    }

    /// Seconds since 1970 from epoch nanoseconds, without overflow: nil outside 1990–2100.
    static func seconds(nanoseconds: Int64) -> Double? {
        let (whole, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        guard whole >= earliest, whole < latest else { return nil }
        return Double(whole) + Double(rest) / 1e9
    }
}
