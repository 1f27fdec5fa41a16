import Foundation
import WeftPrimitives

/// 2026-03-10T09:30:00Z, a Tuesday; 10:30 in Berlin (CET, before the March 29 DST change). The `now` tests pin.
public let pinnedNow = Date(timeIntervalSince1970: 1_773_135_000)

/// A time zone a test names; a typo stops the test run at once rather than testing the system zone.
public func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
    return zone
}

/// An instant written as ISO 8601 text (`2026-03-10T09:30:00Z`, `…+01:00`).
public func instant(_ text: String) -> Date {
    guard let date = ISOInstant.parse(text) else { fatalError("not an ISO 8601 instant: \(text)") }
    return date
}

/// The day number of a `yyyy-MM-dd` date.
public func day(_ text: String) -> Int64 {
    guard let day = LocalDay.parse(text) else { fatalError("not a yyyy-MM-dd day: \(text)") }
    return day
}
