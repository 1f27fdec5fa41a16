import Foundation
import Synchronization
import WeftPrimitives

/// What a live loop's renders build once and use again: date formatters and parsed tokens. A loop renders the same
/// templates every second, and building an ICU formatter or splitting a token into its parts costs more than
/// formatting the time. Formatters are keyed by pattern, zone and locale, so a renderer of another context never
/// gets a formatter of the wrong zone.
public final class RenderCaches: Sendable {
    /// The date formatters.
    private let dates = DateFormatterCache()
    /// Each token body as written, parsed (nil for an empty one).
    private let tokens = Mutex<[String: TokenBody?]>([:])
    /// More distinct tokens than a status line has start the token cache afresh: a stored variable holding a
    /// template that keeps changing must not grow it for the life of the loop.
    private static let tokenLimit = 1024

    /// Nothing built yet.
    public init() {}

    /// `date` formatted with a Unicode `pattern` (the medium date style when empty) in `timeZone` and `locale`.
    func string(_ date: Date, pattern: String, timeZone: TimeZone, locale: Locale) -> String {
        dates.string(date, pattern: pattern, timeZone: timeZone, locale: locale)
    }

    /// The token `rawBody` parsed as ``TokenBody/init(written:)`` parses it, kept.
    func token(_ rawBody: String) -> TokenBody? {
        tokens.withLock { tokens in
            if let kept = tokens[rawBody] { return kept }
            if tokens.count >= Self.tokenLimit { tokens = [:] }
            let token = TokenBody(written: rawBody)
            tokens[rawBody] = .some(token)
            return token
        }
    }
}
