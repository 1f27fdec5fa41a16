import Logging

/// Collects log events in memory so tests can assert what was (and was not) logged.
public final class LogCapture: Sendable {
    /// One logged line with its metadata rendered as strings.
    public struct Entry: Sendable, Equatable {
        /// The level it was logged at.
        public var level: Logger.Level
        /// The message text.
        public var message: String
        /// The metadata, values rendered with `description`.
        public var metadata: [String: String]

        /// The message and every metadata key and value, for searching.
        public var fullText: String {
            ([message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
        }
    }

    private let entries = Locked<[Entry]>([])

    /// Creates an empty capture.
    public init() {}

    /// A logger writing into this capture at `level` and above.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in CapturingHandler(capture: self) }
        logger.logLevel = level
        return logger
    }

    /// Everything logged so far.
    public var logged: [Entry] { entries.current }

    fileprivate func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }
}

private struct CapturingHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        capture.append(
            LogCapture.Entry(
                level: event.level, message: event.message.description,
                metadata: merged.mapValues { $0.description }))
    }
}
