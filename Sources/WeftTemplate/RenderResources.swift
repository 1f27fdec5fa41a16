import Foundation
import WeftPrimitives

/// Per-render state: the context plus formatters built only when a filter needs them.
/// Lives for one `render` call, so nothing is shared between threads or kept globally.
final class RenderResources {
    let context: RenderContext
    /// The markup the render writes, if any: what `escape` alone escapes for.
    let markup: MarkupText?
    private var cachedNumbers: LocaleNumbers?
    private var dateFormatters: [String: DateFormatter] = [:]

    init(context: RenderContext, markup: MarkupText? = nil) {
        self.context = context
        self.markup = markup
    }

    var numbers: LocaleNumbers {
        if let cachedNumbers { return cachedNumbers }
        let numbers = LocaleNumbers(locale: context.locale)
        cachedNumbers = numbers
        return numbers
    }

    func parseDate(_ text: String) -> Date? {
        TemplateDate.parse(text, now: context.now, timeZone: context.timeZone)
    }

    /// Formats in the render's zone and locale with a Unicode pattern, or the medium date style when
    /// `pattern` is empty.
    func formatDate(_ date: Date, pattern: String) -> String {
        // One formatter per pattern: changing a formatter's pattern makes Foundation rebuild its ICU formatter.
        if let formatter = dateFormatters[pattern] { return formatter.string(from: date) }
        let formatter = DateFormatter()
        formatter.locale = context.locale
        formatter.timeZone = context.timeZone
        if pattern.isEmpty {
            formatter.dateStyle = .medium
            formatter.timeStyle = .none
        } else {
            formatter.dateFormat = pattern
        }
        dateFormatters[pattern] = formatter
        return formatter.string(from: date)
    }
}
