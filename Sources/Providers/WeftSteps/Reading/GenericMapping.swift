/// Which columns of an arbitrary CSV hold the sample start, end, steps and source, and how its dates are written.
public struct GenericMapping: Sendable, Hashable {
    /// The column with the start time (or the day, for daily rows).
    public var start: String
    /// The column with the start's time of day, when `start` holds only the date: the two cells are read as one
    /// text (`date time`) by `dateFormat`, and an end column then holds a time of day on the same date.
    public var time: String?
    /// The column with the end time; without it each row counts at its start.
    public var end: String?
    /// The column with the step count.
    public var steps: String
    /// The column naming the source; without it every row belongs to `sourceName`.
    public var source: String?
    /// The source name used when there is no source column; nil names it after the file
    /// (``StepSource/named(afterFile:)``), so two different files never replace each other's samples.
    public var sourceName: String?
    /// A `DatePattern` layout, or several separated by `|`; `iso` by default.
    public var dateFormat: String

    /// Creates a mapping.
    public init(
        start: String, time: String? = nil, end: String? = nil, steps: String, source: String? = nil,
        sourceName: String? = nil, dateFormat: String = "iso"
    ) {
        self.start = start
        self.time = time
        self.end = end
        self.steps = steps
        self.source = source
        self.sourceName = sourceName
        self.dateFormat = dateFormat
    }
}
