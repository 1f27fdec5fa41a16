import Foundation
import Synchronization

/// Date formatters kept across renders: a live loop renders the same `date:` patterns every second, and building an
/// ICU formatter costs far more than formatting with one. Keyed by pattern, zone and locale, so a renderer of
/// another context never gets a formatter of the wrong zone.
public final class DateFormats: Sendable {
    /// The formatters, touched only under the lock (a formatter is not safe to share between threads).
    private let formatters = Mutex<[String: DateFormatter]>([:])

    /// No formatter yet.
    public init() {}

    /// `date` formatted with a Unicode `pattern` (the medium date style when empty) in `timeZone` and `locale`.
    func string(_ date: Date, pattern: String, timeZone: TimeZone, locale: Locale) -> String {
        let key = "\(locale.identifier)\u{0}\(timeZone.identifier)\u{0}\(pattern)"
        return formatters.withLock { formatters in
            if let formatter = formatters[key] { return formatter.string(from: date) }
            let formatter = Self.make(pattern: pattern, timeZone: timeZone, locale: locale)
            formatters[key] = formatter
            return formatter.string(from: date)
        }
    }

    /// A formatter for one pattern: changing a formatter's pattern makes Foundation rebuild its ICU formatter.
    static func make(pattern: String, timeZone: TimeZone, locale: Locale) -> DateFormatter {
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
