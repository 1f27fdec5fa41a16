import Synchronization
import WeftPrimitives

/// A token bucket per client address: `burst` requests at once, then `rate` per second.
final class RateLimiter: Sendable {
    private let rate: Double
    private let burst: Double
    /// (tokens left, when they were counted) per client.
    private let buckets = Mutex<[String: (tokens: Double, at: ContinuousClock.Instant)]>([:])
    private let clock = ContinuousClock()

    init(rate: Double, burst: Int) {
        self.rate = max(rate, 0.001)
        self.burst = Double(max(burst, 1))
    }

    /// nil when the client may go ahead, else how many whole seconds to wait.
    func admit(_ client: String) -> Int? {
        let now = clock.now
        return buckets.withLock { buckets in
            var bucket = buckets[client] ?? (burst, now)
            let elapsed = bucket.at.duration(to: now)
            let seconds = DurationText.seconds(elapsed)
            bucket.tokens = min(burst, bucket.tokens + seconds * rate)
            bucket.at = now
            defer {
                buckets[client] = bucket
                // Clients that went quiet are full again; forget them so the table stays small.
                if buckets.count > 10_000 { buckets = buckets.filter { $0.value.tokens < burst } }
            }
            guard bucket.tokens >= 1 else { return Int(((1 - bucket.tokens) / rate).rounded(.up)) }
            bucket.tokens -= 1
            return nil
        }
    }
}
