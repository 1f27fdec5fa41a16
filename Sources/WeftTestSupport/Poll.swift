import Foundation

/// Waiting in tests for something to happen rather than for a fixed time: `condition` is checked every `interval`
/// until it holds or `limit` has passed. The limit is there for a broken build, not for the expected wait, so it is
/// generous; a test that holds at once does not wait at all.
public enum Poll {
    /// Whether `condition` held within `limit`.
    public static func until(
        within limit: Duration = .seconds(60), every interval: Duration = .milliseconds(20),
        _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if try await condition() { return true }
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: interval)
        }
    }

    /// Whether `condition` held within `limit`, for code that cannot suspend (a child's reaper, a synchronous helper).
    public static func blocking(
        within limit: Duration = .seconds(60), every interval: Duration = .milliseconds(20),
        _ condition: () throws -> Bool
    ) rethrows -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if try condition() { return true }
            if clock.now >= deadline { return false }
            Thread.sleep(forTimeInterval: interval / .seconds(1))
        }
    }
}
