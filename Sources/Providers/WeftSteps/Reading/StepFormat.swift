/// A step export layout, detected from header names (never column positions) or chosen by name: one of the CSV
/// layouts of ``CSVLayouts/all``, or one of the JSON exports, which have their own readers.
public struct StepFormat: Sendable, Hashable {
    /// The format's name, as used in configuration.
    public let name: String
    /// The column mapping of `generic`; nil for every other format.
    public let mapping: GenericMapping?

    private init(known name: String, mapping: GenericMapping? = nil) {
        self.name = name
        self.mapping = mapping
    }

    /// Google Fit Takeout `All Data/derived_com.google.step_count.delta_*.json`.
    static let googleFitJSON = StepFormat(known: "google-fit-json")
    /// The Fitbit account archive's `Physical Activity/steps-YYYY-MM-DD.json`.
    static let fitbitJSON = StepFormat(known: "fitbit-json")
    /// Gadgetbridge's CSV export, or its exported SQLite database (recognised from the file's content).
    static let gadgetbridge = StepFormat(known: GadgetbridgeCSV.name)

    /// Any CSV, through a column mapping.
    public static func generic(_ mapping: GenericMapping) -> StepFormat {
        StepFormat(known: GenericCSV.name, mapping: mapping)
    }

    /// The names accepted by `init(name:mapping:)`.
    public static let allNames = CSVLayouts.all.map { $0.name } + [googleFitJSON.name, fitbitJSON.name]

    /// A format by name; `generic` needs a mapping.
    public init(name: String, mapping: GenericMapping? = nil) throws(StepImportError) {
        guard Self.allNames.contains(name) else { throw .unknownFormatName(name) }
        guard name == GenericCSV.name else {
            self.init(known: name)
            return
        }
        guard let mapping else { throw .unknownFormatName("generic (without a column mapping)") }
        self.init(known: name, mapping: mapping)
    }

    /// The CSV layout that reads this format; nil for the JSON exports.
    var csvLayout: (any CSVLayout.Type)? { CSVLayouts.named(name) }

    /// Whether this is one of the JSON exports.
    var isJSON: Bool { self == .googleFitJSON || self == .fitbitJSON }

    /// Detects a CSV layout from a header; nil when nothing matches.
    static func detect(_ header: StepHeader) -> StepFormat? {
        CSVLayouts.detect(header).map { StepFormat(known: $0.name) }
    }
}
