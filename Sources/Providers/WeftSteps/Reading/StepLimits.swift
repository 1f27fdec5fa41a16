import WeftPrimitives

/// The physical range a step sample must lie in, checked where each number of the JSON and database readers
/// enters. The cadence is WeftPrimitives' one step limit (`ValueRange.stepsPerMinute`), which CSV rows and Apple
/// Health records are checked against too.
enum StepLimits {
    /// The earliest instant accepted, 1990-01-01 (no step export is older), seconds since 1970.
    static let earliest: Int64 = 631_152_000
    /// The latest instant accepted, 2100-01-01.
    static let latest: Int64 = 4_102_444_800

    /// The most steps a sample of `seconds` may hold; a sample shorter than a minute may hold a minute's worth,
    /// because phones deliver step-counter deltas in bursts.
    static func maximumSteps(overSeconds seconds: Double) -> Double {
        ValueRange.stepsPerMinute.upper * max(seconds, 60) / 60
    }

    /// Why a sample is out of range (naming `field`, the steps column or key), or nil when it is in range.
    static func problem(start: Double, end: Double, steps: Double, field: String) -> String? {
        guard start >= Double(earliest), start < Double(latest), end >= Double(earliest), end < Double(latest) else {
            return "the sample's time is outside 1990–2100 (is the unit of the timestamps wrong?)"
        }
        guard end - start <= StepSample.maximumDuration else {
            return "the sample lasts more than 7 days (is a date mistyped?)"
        }
        guard steps.isFinite, steps >= 0 else { return "\(field) \(text(steps)) is negative" }
        let limit = maximumSteps(overSeconds: end - start)
        guard steps <= limit else {
            return "\(field) \(text(steps)) is more than \(text(limit)) for \(text(max(end - start, 0))) s "
                + "(over \(text(ValueRange.stepsPerMinute.upper)) a minute): out of physical range"
        }
        return nil
    }

    /// A whole number without a fraction, else the number as Swift prints it.
    static func text(_ value: Double) -> String {
        if value.rounded() == value, let whole = Int64(exactly: value) { return String(whole) }
        return String(value)
    }

    /// Seconds since 1970 from epoch nanoseconds, without overflow: nil outside 1990–2100.
    static func seconds(nanoseconds: Int64) -> Double? {
        let (whole, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        guard whole >= earliest, whole < latest else { return nil }
        return Double(whole) + Double(rest) / 1e9
    }
}
