import Foundation
import WeftPrimitives

/// A zone that must exist.
func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
    return zone
}

/// An instant written as ISO 8601 text.
func instant(_ text: String) -> Date {
    guard let date = ISOInstant.parse(text) else { fatalError("not an instant: \(text)") }
    return date
}

/// The day number of `yyyy-MM-dd`.
func day(_ text: String) -> Int64 {
    guard let day = LocalDay.parse(text) else { fatalError("not a day: \(text)") }
    return day
}
