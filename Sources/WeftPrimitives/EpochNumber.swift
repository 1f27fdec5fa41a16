/// The one rule for an epoch number whose unit is not stated (a template's `{{x|date}}`, Gadgetbridge's
/// `TIMESTAMP`): above 10^11 in magnitude it is milliseconds, else seconds. 10^11 seconds is the year 5138 and
/// 10^11 milliseconds is March 1973, so neither unit's plausible values fall on the wrong side.
public enum EpochNumber {
    /// The magnitude above which a number is milliseconds.
    public static let millisecondThreshold: Double = 1e11

    /// Seconds since 1970 of a number in seconds or milliseconds.
    public static func seconds(_ value: Double) -> Double {
        abs(value) > millisecondThreshold ? value / 1000 : value
    }

    /// Whole seconds since 1970 of an integer in seconds or milliseconds (a part second dropped toward the past).
    public static func wholeSeconds(_ value: Int64) -> Int64 {
        value.magnitude > 100_000_000_000 ? value.floorDiv(1000) : value
    }
}
