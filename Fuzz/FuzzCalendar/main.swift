import Foundation
import FuzzSupport
import WeftCalendar
import WeftCore

/// One .ics file per input: parsed, then asked for next-up, a two-week agenda and its variables.
enum CalendarTarget {
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    // Pinned: 2026-03-14 09:26:53 UTC.
    static let now = Date(timeIntervalSince1970: 1_773_480_413)
    // A small iteration cap keeps each run fast and exercises the cut-off path too.
    static let options = CalendarOptions(timeZone: zone, me: ["mailto:me@example.org"], maxIterationsPerSeries: 2_000)

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let calendar = try? ICalendar.parse(text, file: "fuzz.ics", calendarName: "Fuzz", options: options)
        else { return }
        _ = NextUp.search(calendar, now: now, count: 2, horizon: 30 * 86_400, allDay: .separate)
        let agenda = calendar.occurrences(
            overlapping: now.addingTimeInterval(-86_400), now.addingTimeInterval(14 * 86_400))
        _ = CalendarVariables.derive(
            agenda, prefix: "__calendar_",
            context: VariableContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US")))
        _ = calendar.warnings
    }
}

/// libFuzzer's per-input callback (also the symbol its archive's unused `main` refers to).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    CalendarTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
