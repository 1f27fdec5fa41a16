import Foundation

/// The inputs that make a render deterministic.
public struct RenderContext: Sendable {
    /// The instant every time filter, `today`, `now()` and relative phrase is measured from.
    public var now: Date
    /// The zone for local dates: `today`, `yyyy-MM-dd`, `H:mm` and the `date` filter.
    public var timeZone: TimeZone
    /// The locale for numbers, currency, `title`, `date` and `relative`.
    public var locale: Locale

    /// Creates a context; the locale defaults to `en_US` so output never depends on the machine.
    public init(now: Date, timeZone: TimeZone, locale: Locale = Locale(identifier: "en_US")) {
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
    }
}
