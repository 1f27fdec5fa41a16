/// Whether step data can be read, as `__steps_access` reports it.
public enum StepAccess: String, Sendable, Codable {
    /// Data exists.
    case authorised
    /// No source is configured.
    case notDetermined
    /// The configured source cannot be read.
    case denied
}
