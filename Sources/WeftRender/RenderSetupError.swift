/// A render setting that cannot be used.
enum RenderSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    case badInstant(String)
    case unreadableVars(String)
    case badVars(String, String)

    var description: String {
        switch self {
        case .badInstant(let text): "--now \"\(text)\" is not an ISO 8601 instant such as 2026-03-10T09:30:00Z"
        case .unreadableVars(let path): "--vars \(path): cannot read the file"
        case .badVars(let path, let reason):
            "--vars \(path): expected a JSON object of string or number values (\(reason))"
        }
    }
}
