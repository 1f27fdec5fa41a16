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
    /// Formatters and tokens kept beyond this render (a live loop's), when the renderer has them.
    let caches: RenderCaches?

    init(context: RenderContext, markup: MarkupText? = nil, caches: RenderCaches? = nil) {
        self.context = context
        self.markup = markup
        self.caches = caches
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
        if let caches {
            return caches.string(date, pattern: pattern, timeZone: context.timeZone, locale: context.locale)
        }
        if let formatter = dateFormatters[pattern] { return formatter.string(from: date) }
        let formatter = DateFormatterCache.make(pattern: pattern, timeZone: context.timeZone, locale: context.locale)
        dateFormatters[pattern] = formatter
        return formatter.string(from: date)
    }
}
