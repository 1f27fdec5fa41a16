/// A dashboard template that does not parse.
struct DashboardTemplateError: Error, CustomStringConvertible {
    /// The template's name in the library.
    var template: String
    /// Where in it the parser stopped, when it says.
    var line: Int?
    var column: Int?
    /// The parser's reason.
    var reason: String

    var description: String {
        let place = line.map { " at line \($0)" + (column.map { ", column \($0)" } ?? "") } ?? ""
        return "the dashboard's template '\(template)' does not parse\(place) (\(reason)); this is a bug in weft"
    }
}
