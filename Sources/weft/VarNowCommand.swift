import ArgumentParser
import Foundation
import WeftCore
import WeftEdits
import WeftPrimitives

struct VarNowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Store the current time in a variable (WidgetWeaver's SetToNow).",
        discussion: """
            Formats: iso8601 (2026-03-10T09:30:00Z, the default), unix (seconds), unixms (milliseconds), \
            date (local yyyy-MM-dd), time (local HH:mm). Date filters read all of them:
              weft var now last_coffee
              weft resolve 'coffee {{last_coffee||relative}}'
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case iso8601, unix, unixms, date, time
    }

    @OptionGroup var target: VarTarget
    @Option(help: "How to write the time.")
    var format: Format = .iso8601

    func run() throws {
        let key = try target.canonicalKey
        let now = try target.instant()
        let local = LocalTime.components(of: now, in: try target.zone())
        let value: String
        switch format {
        case .iso8601: value = ISOInstant.format(now)
        case .unix: value = String(Instant.wholeSeconds(now))
        case .unixms:
            let millis = Int64(exactly: (now.timeIntervalSince1970 * 1000).rounded(.down))
            value = String(millis ?? Instant.wholeSeconds(now) * 1000)
        case .date: value = LocalDay.iso(of: now, in: try target.zone())
        case .time: value = String(format: "%02d:%02d", local.hour, local.minute)
        }
        // A timestamp is a plain variable: any counter rule it had goes.
        try target.edit.set(key, to: value, at: now) { _ in nil }
        print(value)
    }
}
