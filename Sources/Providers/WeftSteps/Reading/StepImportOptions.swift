import Foundation

/// How to read step export files.
public struct StepImportOptions: Sendable {
    /// The zone of local (offset-less) times in the files, like `--tz`.
    public var timeZone: TimeZone
    /// A format chosen by name instead of detection.
    public var format: StepFormat?
    /// Import the good rows even when more than `maxBadFraction` of the rows are bad.
    var lenient: Bool
    /// The share of bad rows above which a file is rejected whole (1%).
    var maxBadFraction: Double
    /// The most bytes an archive's export may unzip to (`max_unzipped_mib`, `--max-unzipped-mib`): a zip of a few
    /// megabytes can inflate to gigabytes, all of which would be parsed.
    var maxUnzippedBytes = Self.defaultMaxUnzippedBytes
    /// 4 GiB: several times the largest Apple Health export seen.
    static let defaultMaxUnzippedBytes = 4 << 30
    /// The one source every row counts as (`--source`), whatever the file names.
    var assignedSource: String?
    /// The sources the step history keeps already: a file whose sources would bring it above ``maxSources`` is left
    /// out whole.
    var keptSources: Set<String> = []
    /// The most distinct sources one step history keeps (sources come from the files, so a hostile or broken export
    /// could name millions); far above the handful of devices and apps a real user has.
    static let maxSources = 256
    /// Called every 65,536 rows while a file is read (for a progress bar).
    var progress: (@Sendable (StepProgress) -> Void)?

    /// Creates options.
    public init(timeZone: TimeZone, format: StepFormat? = nil, lenient: Bool = false, maxBadFraction: Double = 0.01) {
        self.timeZone = timeZone
        self.format = format
        self.lenient = lenient
        self.maxBadFraction = maxBadFraction
    }
}
