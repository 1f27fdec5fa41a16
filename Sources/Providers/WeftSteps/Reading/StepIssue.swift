/// One bad row: where it is and what is wrong with it.
public struct StepIssue: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The file as given.
    public var file: String
    /// The 1-based line the row starts on.
    public var line: Int
    /// What is wrong, e.g. `"abc" in column value is not a number`.
    var message: String

    /// Creates an issue.
    init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): \(StepImportError.printable(message))" }
}
