import Testing

@testable import WeftServe

/// The rate limit's client is a network: one bucket for every loopback address and one per IPv6 /64, so rotating
/// source addresses buys no fresh bucket (issue 32).
@Suite("rate limiter keys")
struct RateLimiterTests {
    @Test func loopbackIsOneClientAndIPv6CountsByItsSlash64() {
        for address in ["127.0.0.1", "127.0.0.2", "127.255.1.9", "::1", "::ffff:127.0.0.5"] {
            #expect(RateLimiter.network(of: address) == "127.0.0.0/8", "\(address)")
        }
        #expect(RateLimiter.network(of: "192.168.1.7") == "192.168.1.7")
        #expect(RateLimiter.network(of: "::ffff:192.168.1.7") == "192.168.1.7")
        #expect(RateLimiter.network(of: "2001:db8:1:2::1") == "2001:0db8:0001:0002::/64")
        #expect(RateLimiter.network(of: "2001:db8:1:2:ffff:1:2:3") == RateLimiter.network(of: "2001:db8:1:2::9"))
        #expect(RateLimiter.network(of: "2001:db8:1:3::1") != RateLimiter.network(of: "2001:db8:1:2::1"))
        #expect(RateLimiter.network(of: "unknown") == "unknown")
    }

    @Test func rotatingLoopbackAddressesEmptyOneBucket() {
        let limiter = RateLimiter(rate: 0.001, burst: 3)
        let answers = (2...6).map { limiter.admit("127.0.0.\($0)") }
        #expect(answers.prefix(3).allSatisfy { $0 == nil })
        #expect(answers.suffix(2).allSatisfy { $0 != nil })
    }
}
