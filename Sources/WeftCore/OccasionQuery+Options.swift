import Foundation
import WeftPrimitives

/// A `notify.toml` setting a kind reads that does not say what it must: the notifier shows it.
public struct OccasionOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The section it is in (`rain`).
    public var section: String
    /// The setting's name (`lead`).
    public var option: String
    /// Its value as written.
    public var value: String
    /// What it must be, with an example.
    public var expected: String

    /// Creates an error.
    public init(section: String, option: String, value: String, expected: String) {
        self.section = section
        self.option = option
        self.value = value
        self.expected = expected
    }

    public var description: String { "[\(section)] \(option) = \"\(value)\" is not \(expected)" }
}

extension OccasionQuery {
    /// The option `name` of `section` as written: `section.name` (how the notifier passes every section's options
    /// together), else the bare `name` (a query with one section's options); nil when neither is set.
    public func option(_ name: String, in section: Occasion.Kind) -> String? {
        options["\(section.rawValue).\(name)"] ?? options[name]
    }

    /// The duration option `name` of `section` (`[rain] lead = "15m"`, through ``DurationText``), `fallback` when it
    /// is not set.
    public func duration(_ name: String, in section: Occasion.Kind, default fallback: Duration)
        throws(OccasionOptionError) -> Duration
    {
        try value(name, in: section, default: fallback, expected: "a duration such as \"15m\" or \"1h\"") {
            DurationText.parse($0)
        }
    }

    /// The time-of-day option `name` of `section` (`[habits] at = "20:00"`, through ``TimeOfDayText``) as seconds
    /// into the day, `fallback` when it is not set.
    public func timeOfDay(_ name: String, in section: Occasion.Kind, default fallback: Int)
        throws(OccasionOptionError) -> Int
    {
        try value(name, in: section, default: fallback, expected: "a time of day such as \"20:00\"") {
            TimeOfDayText.seconds($0)
        }
    }

    /// The severities of CAP, mildest first, as `[alerts] min_severity` names them.
    public static let severities = ["minor", "moderate", "severe", "extreme"]
    /// What `min_severity` must be.
    public static let severityExpected = "one of \"minor\", \"moderate\", \"severe\" or \"extreme\""

    /// The severity option `name` of `section` (`[alerts] min_severity = "severe"`) as its place in ``severities``,
    /// `fallback` when it is not set.
    public func severityRank(_ name: String, in section: Occasion.Kind, default fallback: Int)
        throws(OccasionOptionError) -> Int
    {
        try value(name, in: section, default: fallback, expected: Self.severityExpected) {
            Self.severities.firstIndex(of: $0)
        }
    }

    /// The option `name` of `section` read by `parse`, `fallback` when it is not set; a value `parse` refuses is an
    /// error that says what it must be (`expected`).
    private func value<Value>(
        _ name: String, in section: Occasion.Kind, default fallback: Value, expected: String,
        _ parse: (String) -> Value?
    ) throws(OccasionOptionError) -> Value {
        guard let text = option(name, in: section) else { return fallback }
        guard let value = parse(text) else {
            throw OccasionOptionError(section: section.rawValue, option: name, value: text, expected: expected)
        }
        return value
    }
}
