import Foundation
import Synchronization
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A token bucket per client network: `burst` requests at once, then `rate` per second.
///
/// A client is its network, not its address: all of 127.0.0.0/8 is one client (every address in it is this
/// machine), and an IPv6 address counts by its /64 (one host holds a whole /64), so rotating source addresses does
/// not buy a fresh bucket.
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

    /// nil when the client may go ahead (and it takes one from its bucket), else how many whole seconds to wait.
    func admit(_ client: String) -> Int? {
        bucket(Self.network(of: client), take: true)
    }

    /// How many whole seconds until `client` could go ahead, nil when it could now; takes nothing.
    func waiting(_ client: String) -> Int? {
        bucket(Self.network(of: client), take: false)
    }

    private func bucket(_ key: String, take: Bool) -> Int? {
        let now = clock.now
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? (burst, now)
            let elapsed = bucket.at.duration(to: now)
            let seconds = DurationText.seconds(elapsed)
            bucket.tokens = min(burst, bucket.tokens + seconds * rate)
            bucket.at = now
            defer {
                buckets[key] = bucket
                // Clients that went quiet are full again; forget them so the table stays small.
                if buckets.count > 10_000 { buckets = buckets.filter { $0.value.tokens < burst } }
            }
            guard bucket.tokens >= 1 else { return Int(((1 - bucket.tokens) / rate).rounded(.up)) }
            if take { bucket.tokens -= 1 }
            return nil
        }
    }

    /// The key a client address is limited under: `127.0.0.0/8` for any loopback address (IPv4-mapped too), the
    /// /64 of an IPv6 address, an IPv4 address itself; anything unparsable as it is.
    static func network(of client: String) -> String {
        var v4 = in_addr()
        if inet_pton(AF_INET, client, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127 ? "127.0.0.0/8" : client
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, client, &v6) == 1 else { return client }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12] == 127 ? "127.0.0.0/8" : bytes[12...].map(String.init).joined(separator: ".")
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 { return "127.0.0.0/8" }
        let prefix = stride(from: 0, to: 8, by: 2).map { String(format: "%02x%02x", bytes[$0], bytes[$0 + 1]) }
        return prefix.joined(separator: ":") + "::/64"
    }
}
