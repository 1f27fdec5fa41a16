/// One CSV export layout: its name, how its header is recognised and how its rows become samples or day totals.
/// Adding a layout is one type conforming to this protocol (a file in this folder) and its line in
/// ``CSVLayouts/all``; CONTRIBUTING.md says how.
protocol CSVLayout: Sendable {
    /// The name in configuration (`format = "…"`), `--format` and messages.
    static var name: String { get }

    /// Whether `header` is this layout's, from column names only (never positions). Layouts are asked in the order
    /// of ``CSVLayouts/all`` and the first that says yes reads the file.
    static func matches(_ header: StepHeader) -> Bool

    /// Moves `reader` from the file's first row to this layout's header when the producer writes something else
    /// above it (the fitbit.com export's sections before `Activities`); true when it did, which makes the file this
    /// layout's. Asked before detection, of every layout, or of the chosen one only.
    static func findHeader(_ reader: inout CSVReader, file: String) throws(StepImportError) -> Bool

    /// Reads the data rows after the header into `rows.batch`, each bad row reported with its line.
    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError)
}

extension CSVLayout {
    static func findHeader(_ reader: inout CSVReader, file: String) throws(StepImportError) -> Bool { false }
}

/// The registry of CSV layouts.
enum CSVLayouts {
    /// Every CSV layout, in detection order: a layout whose columns another layout's header also has comes after
    /// that layout (Google Fit's per-day files before its daily summary; Health Auto Export, which matches a date
    /// column and any step column, last but for `generic`, which is never detected).
    static let all: [any CSVLayout.Type] = [
        AppleHealthCSV.self,
        GadgetbridgeCSV.self,
        SamsungDailyTrendCSV.self,
        FitbitDailyCSV.self,
        FitbitHourlyCSV.self,
        FitbitMinuteWideCSV.self,
        GoogleFitIntradayCSV.self,
        GoogleFitDailyCSV.self,
        FitbitDashboardCSV.self,
        QSAccessCSV.self,
        HealthAutoExportCSV.self,
        GenericCSV.self,
    ]

    /// The first layout whose header `header` is; nil when none is.
    static func detect(_ header: StepHeader) -> (any CSVLayout.Type)? { all.first { $0.matches(header) } }

    /// The layout with this name; nil for the formats that are not CSV.
    static func named(_ name: String) -> (any CSVLayout.Type)? { all.first { $0.name == name } }
}
