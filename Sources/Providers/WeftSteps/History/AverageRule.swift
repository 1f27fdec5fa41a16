/// What averages divide by.
enum AverageRule: String, Sendable, Codable, CaseIterable {
    /// The number of days in the window that have data.
    case daysWithData = "days-with-data"
    /// The number of days in the window.
    case calendarDays = "calendar-days"
}
