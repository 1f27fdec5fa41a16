import Foundation

/// A physical quantity's plausible range: a value outside it is a bad value, never data to store.
public struct ValueRange: Sendable, Equatable {
    /// What the range is for, as messages name it (`a temperature in °C`).
    public let meaning: String
    /// The smallest plausible value.
    public let lower: Double
    /// The largest plausible value.
    public let upper: Double

    /// Creates a range; `meaning` completes "is not …".
    public init(_ meaning: String, _ lower: Double, _ upper: Double) {
        self.meaning = meaning
        self.lower = lower
        self.upper = upper
    }

    /// Whether `value` is finite and within the range.
    public func contains(_ value: Double) -> Bool { value.isFinite && value >= lower && value <= upper }

    /// Why `value` is refused, e.g. `1e+308 is not a temperature in °C (-150…100)`; nil when it is in range.
    public func problem(_ value: Double) -> String? {
        contains(value)
            ? nil : "\(value) is not \(meaning) (\(NumberText.plain(lower))…\(NumberText.plain(upper)))"
    }

    /// Air temperature in °C (beyond any measured on Earth, with a margin).
    public static let celsius = ValueRange("a temperature in °C", -150, 100)
    /// A fraction such as relative humidity or a chance (0–1).
    public static let fraction = ValueRange("a fraction", 0, 1)
    /// A percentage (0–100).
    public static let percent = ValueRange("a percentage", 0, 100)
    /// A precipitation rate or amount in mm (per hour or per step): far above any recorded rainfall.
    public static let precipitation = ValueRange("an amount of precipitation in mm", 0, 2000)
    /// A weather-code number (WMO codes are 0–99; other APIs' codes are small too).
    public static let weatherCode = ValueRange("a weather code", 0, 10_000)
    /// An HTTP status code.
    public static let httpStatus = ValueRange("an HTTP status", 0, 999)
    /// Steps counted in one minute of one sample: well above any human's cadence, far below nonsense.
    public static let stepsPerMinute = ValueRange("a step count for one minute", 0, 1000)
    /// A counter's step (`weft var incr --by`): finite and small enough that adding it keeps integers exact.
    public static let counterStep = ValueRange("a finite step", -9.0e15, 9.0e15)
}
