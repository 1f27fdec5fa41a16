import Foundation
import WeftPrimitives

/// The inputs that make a render deterministic.
public struct RenderContext: Sendable {
    /// The instant every time filter, `today`, `now()` and relative phrase is measured from.
    public var now: Date
    /// The zone for local dates: `today`, `yyyy-MM-dd`, `H:mm` and the `date` filter.
    public var timeZone: TimeZone
    /// The locale for numbers, currency, `title` and `date`.
    public var locale: Locale
    /// The language of `relative`'s words.
    public var catalog: Catalog

    /// Creates a context; the locale defaults to `en_US` so output never depends on the machine, and the catalog to
    /// the locale's language.
    public init(
        now: Date, timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US"), catalog: Catalog? = nil
    ) {
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.catalog = catalog ?? Catalog.named(locale.identifier)
    }
}
