import Foundation
import WeftStore

/// A provider whose refresh killed weft (its run marker was left behind) waits before a scheduled run tries it
/// again, twice as long after each crash in a row: a hostile file that crashes a reader costs one crash per
/// wait, not one per cron run. `--force` and a changed provider file try at once.
enum CrashBackoff {
    /// The start of the error a crash is recorded with: how a crash is told from other failures.
    static let message = "weft died while this provider was refreshing"
    /// The wait after the first crash.
    static let first: TimeInterval = 5 * 60
    /// The longest wait.
    static let longest: TimeInterval = 24 * 60 * 60
    /// How many attempts are looked at: enough to reach `longest`.
    static let window = 10

    /// The crashes in a row that `attempts` (newest first) end with.
    static func crashes(_ attempts: [RefreshAttempt]) -> Int {
        attempts.prefix { $0.outcome == .failed && $0.error?.hasPrefix(message) == true }.count
    }

    /// The wait after `crashes` crashes in a row.
    static func wait(afterCrashes crashes: Int) -> TimeInterval {
        min(longest, first * pow(2, Double(max(crashes, 1) - 1)))
    }

    /// Until when a scheduled run skips the provider, and after how many crashes; nil when it may run. A crash
    /// recorded with other settings (`fingerprint`: the file was edited since) does not hold.
    static func until(_ attempts: [RefreshAttempt], fingerprint: String?, now: Date) -> (until: Date, crashes: Int)? {
        let count = crashes(attempts)
        guard count > 0, let last = attempts.first else { return nil }
        if let recorded = last.fingerprint, let fingerprint, recorded != fingerprint { return nil }
        let until = last.attemptedAt.addingTimeInterval(wait(afterCrashes: count))
        return until > now ? (until, count) : nil
    }
}
