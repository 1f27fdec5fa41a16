import Foundation
import Synchronization

/// Date formatters built once and used again, keyed by pattern, zone and locale: building an ICU formatter costs more
/// than formatting a date, and a live loop formats the same few patterns at every render. A formatter of another zone
/// or locale is never handed out, since all three are in the key.
public final class DateFormatterCache: Sendable {
    /// The formatters, touched only under the lock (a formatter is not safe to share between threads).
    private let formatters = Mutex<[String: DateFormatter]>([:])

    /// Nothing built yet.
    public init() {}

    /// `date` formatted with a Unicode `pattern` (the medium date style when empty) in `timeZone` and `locale`.
    public func string(_ date: Date, pattern: String, timeZone: TimeZone, locale: Locale) -> String {
        let key = "\(locale.identifier)\u{0}\(timeZone.identifier)\u{0}\(pattern)"
        return formatters.withLock { formatters in
            if let formatter = formatters[key] { return formatter.string(from: date) }
            let formatter = Self.make(pattern: pattern, timeZone: timeZone, locale: locale)
            formatters[key] = formatter
            return formatter.string(from: date)
        }
    }

    /// A formatter for one pattern: changing a formatter's pattern makes Foundation rebuild its ICU formatter.
    public static func make(pattern: String, timeZone: TimeZone, locale: Locale) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        if pattern.isEmpty {
            formatter.dateStyle = .medium
            formatter.timeStyle = .none
        } else {
            formatter.dateFormat = pattern
        }
        return formatter
    }
}
