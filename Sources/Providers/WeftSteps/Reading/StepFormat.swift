/// A step export layout, detected from header names (never column positions) or chosen by name.
public enum StepFormat: Sendable, Hashable {
    /// Apple Health records converted to CSV (`sourceName,…,startDate,endDate,value`), step-count rows only.
    case appleHealth
    /// Health Auto Export's wide metrics CSV (`Date,…,Step Count (count),…`, also translated with `;`).
    case healthAutoExport
    /// QS Access (`Start,Finish,Steps (count)`).
    case qsAccess
    /// Google Fit Takeout `Daily activity metrics.csv` / `Daily Summaries.csv`: one row per local day.
    case googleFitDaily
    /// Google Fit Takeout per-day `YYYY-MM-DD.csv` with 15-minute rows; the date comes from the file name.
    case googleFitIntraday
    /// Fitbit / Fitabase `dailyActivity_merged.csv`.
    case fitbitDaily
    /// Fitbit / Fitabase `hourlySteps_merged.csv`.
    case fitbitHourly
    /// The fitbit.com dashboard export's `Activities` section.
    case fitbitDashboard
    /// Samsung Health `com.samsung.shealth.step_daily_trend.*.csv` (aggregate rows, `source_type = -2`).
    case samsungDailyTrend
    /// Gadgetbridge's CSVExport (`TIMESTAMP,DEVICE_ID,USER_ID,RAW_INTENSITY,STEPS,RAW_KIND,HEART_RATE`), or its
    /// exported SQLite database (recognised from the file's content).
    case gadgetbridge
    /// Google Fit Takeout `All Data/derived_com.google.step_count.delta_*.json`.
    case googleFitJSON
    /// The Fitbit account archive's `Physical Activity/steps-YYYY-MM-DD.json`.
    case fitbitJSON
    /// Fitabase `minuteStepsWide_merged.csv` (`Id,ActivityHour,Steps00,…,Steps59`).
    case fitbitMinuteWide
    /// Any CSV, through a column mapping.
    case generic(GenericMapping)

    /// The names accepted by `init(name:mapping:)`.
    public static let allNames = [
        "apple-health", "health-auto-export", "qs-access", "google-fit-daily", "google-fit-intraday", "fitbit-daily",
        "fitbit-hourly", "fitbit-dashboard", "samsung-daily-trend", "gadgetbridge", "google-fit-json", "fitbit-json",
        "fitbit-minute-wide", "generic",
    ]

    /// The format's name, as used in configuration.
    public var name: String {
        switch self {
        case .appleHealth: return "apple-health"
        case .healthAutoExport: return "health-auto-export"
        case .qsAccess: return "qs-access"
        case .googleFitDaily: return "google-fit-daily"
        case .googleFitIntraday: return "google-fit-intraday"
        case .fitbitDaily: return "fitbit-daily"
        case .fitbitHourly: return "fitbit-hourly"
        case .fitbitDashboard: return "fitbit-dashboard"
        case .samsungDailyTrend: return "samsung-daily-trend"
        case .gadgetbridge: return "gadgetbridge"
        case .googleFitJSON: return "google-fit-json"
        case .fitbitJSON: return "fitbit-json"
        case .fitbitMinuteWide: return "fitbit-minute-wide"
        case .generic: return "generic"
        }
    }

    /// A format by name; `generic` needs a mapping.
    public init(name: String, mapping: GenericMapping? = nil) throws(StepImportError) {
        switch name {
        case "apple-health": self = .appleHealth
        case "health-auto-export": self = .healthAutoExport
        case "qs-access": self = .qsAccess
        case "google-fit-daily": self = .googleFitDaily
        case "google-fit-intraday": self = .googleFitIntraday
        case "fitbit-daily": self = .fitbitDaily
        case "fitbit-hourly": self = .fitbitHourly
        case "fitbit-dashboard": self = .fitbitDashboard
        case "samsung-daily-trend": self = .samsungDailyTrend
        case "gadgetbridge": self = .gadgetbridge
        case "google-fit-json": self = .googleFitJSON
        case "fitbit-json": self = .fitbitJSON
        case "fitbit-minute-wide": self = .fitbitMinuteWide
        case "generic":
            guard let mapping else { throw .unknownFormatName("generic (without a column mapping)") }
            self = .generic(mapping)
        default: throw .unknownFormatName(name)
        }
    }

    /// Words that name the step column of Health Auto Export in the languages seen (English, Spanish, German,
    /// French, Italian, Dutch, Portuguese, Polish).
    static let stepWords = ["step", "paso", "schritt", "nombredepas", "passi", "stappen", "passos", "krok"]

    /// Detects the format from a header; nil when nothing matches.
    static func detect(_ header: StepHeader) -> StepFormat? {
        if header.has("startDate", "endDate", "value"), header.index("sourceName") != nil || header.index("type") != nil
        {
            return .appleHealth
        }
        if header.has("TIMESTAMP", "DEVICE_ID", "STEPS") { return .gadgetbridge }
        if header.has("count", "day_time") { return .samsungDailyTrend }
        if header.has("ActivityDate", "TotalSteps") { return .fitbitDaily }
        if header.has("ActivityHour", "StepTotal") { return .fitbitHourly }
        if header.has("ActivityHour", "Steps00") { return .fitbitMinuteWide }
        // Google Fit writes a bare `Step count`; Health Auto Export writes `Step Count (count)`.
        if header.keys.contains("stepcount") {
            if header.has("Start time", "End time") { return .googleFitIntraday }
            if header.keys.contains("date") { return .googleFitDaily }
        }
        if header.has("Date", "Steps", "Calories Burned") { return .fitbitDashboard }
        if header.has("Start", "Finish"), header.index(containing: ["steps"]) != nil { return .qsAccess }
        // Health Auto Export: a date column first (in any of the app's languages), a step column after it.
        if header.names.count >= 2, header.index(containing: stepWords) ?? 0 > 0,
            let first = header.baseKeys.first, ["date", "fecha", "datum", "data"].contains(where: first.contains)
        {
            return .healthAutoExport
        }
        return nil
    }
}
