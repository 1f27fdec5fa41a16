import Foundation
import WeftPrimitives

/// What a render needs besides its templates, as the command line gives it: clock, zone, locale, this call's extra
/// variables and the cache. ``RenderSessionBuilder`` turns it into sessions.
public struct RenderSettings: Sendable, Equatable {
    /// `--now`: an ISO 8601 instant, else the clock.
    public var now: String?
    /// `--tz`: the zone of views whose provider sets no `timezone` (``ZoneRule``).
    public var timeZone: String?
    /// `--locale`: the language of words and, with `dateLocale`, the conventions of dates and numbers; nil when not
    /// given (both then follow the environment).
    public var locale: String?
    /// `--vars`: a JSON object of extra variables for this call.
    public var varsFile: String?
    /// `--cache`.
    public var cacheDirectory: String?
    /// `--providers`.
    public var providersDirectory: String?
    /// `--max-output`: the most bytes one render returns (TemplateRenderer's default, 64 KiB, when nil).
    public var outputLimit: Int?

    /// Settings with every default.
    public init() {}

    /// The locale of dates and numbers: `--locale`, else `LC_ALL`/`LC_TIME`/`LANG` of `environment`, else `en_US`.
    public func dateLocale(environment: [String: String]) -> String {
        DateLocale.identifier(locale, environment: environment)
    }

    /// The catalog of words: `--locale`, else `LC_ALL`/`LC_MESSAGES`/`LANG` of `environment`.
    public func catalog(environment: [String: String]) -> Catalog {
        Catalog.chosen(locale, environment: environment)
    }

    /// The ``ZoneRule`` of renders with these settings in `environment`.
    public func zones(environment: [String: String]) throws(TimeZoneName.Unknown) -> ZoneRule {
        try ZoneRule(tz: timeZone, environment: environment)
    }
}
