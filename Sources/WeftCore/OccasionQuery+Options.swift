import Foundation
import WeftPrimitives

/// A `notify.toml` setting a kind reads that does not say what it must: the notifier shows it with its section.
public struct OccasionOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The setting's name (`lead`).
    public var option: String
    /// Its value as written.
    public var value: String
    /// What it must be, with an example.
    public var expected: String

    /// Creates an error.
    public init(option: String, value: String, expected: String) {
        self.option = option
        self.value = value
        self.expected = expected
    }

    public var description: String { "\(option) = \"\(value)\" is not \(expected)" }
}

extension OccasionQuery {
    /// The duration option `name` (`lead = "15m"`, through ``DurationText``), `fallback` when it is not set.
    public func duration(_ name: String, default fallback: Duration) throws(OccasionOptionError) -> Duration {
        guard let text = options[name] else { return fallback }
        guard let value = DurationText.parse(text) else {
            throw OccasionOptionError(option: name, value: text, expected: "a duration such as \"15m\" or \"1h\"")
        }
        return value
    }

    /// The time-of-day option `name` (`at = "20:00"`, through ``TimeOfDayText``) as seconds into the day,
    /// `fallback` when it is not set.
    public func timeOfDay(_ name: String, default fallback: Int) throws(OccasionOptionError) -> Int {
        guard let text = options[name] else { return fallback }
        guard let value = TimeOfDayText.seconds(text) else {
            throw OccasionOptionError(option: name, value: text, expected: "a time of day such as \"20:00\"")
        }
        return value
    }
}
