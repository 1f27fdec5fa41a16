import Crypto
import Foundation
import Synchronization
import WeftPrimitives
import WeftStore

/// The browser sessions `/login` hands out and the CSRF tokens pages carry, both signed, never stored.
///
/// A session cookie is `v1.EXPIRY.NONCE.MAC`, the MAC keyed by a key derived from the bearer token: sessions
/// survive a restart of the server (a dashboard on a wall stays logged in), and changing the token ends them all.
/// A session's CSRF token is a MAC of its nonce under the same key; without a session (no token configured, or the
/// login form) the CSRF token is keyed by a random secret of this process, so a restart asks for a reload.
/// `/logout` revokes its nonce until the cookie would have expired, remembered in `serve.revoked` in the state
/// directory (0600, beside the generated token) so that a logged-out cookie stays dead across a restart.
///
/// The login link the server prints at its start (`/login?once=CODE`) opens one session and is then spent.
final class Sessions: Sendable {
    /// The file in the state directory that keeps revoked sessions across restarts.
    static let revocationFile = "serve.revoked"
    /// How long a login lasts.
    static let lifetime = 30 * 86_400
    /// The most revoked sessions remembered; beyond it the oldest are forgotten (their cookies are gone from the
    /// browsers that logged out anyway).
    static let revocationCapacity = 10_000

    // Keys as bytes: Crypto's `SymmetricKey` is not `Sendable`, the bytes are, and a key is cheap to rebuild.
    private let processKey = (0..<32).map { _ in UInt8.random(in: 0...255) }
    private let sessionKey: [UInt8]?
    /// Revoked nonces and when their cookies expire.
    private let revoked: Mutex<[String: Int]>
    /// Where revocations are kept; nil keeps them in memory only.
    private let stateDirectory: String?
    /// The one-time login code not yet used, if any.
    private let loginCode: Mutex<String?>

    /// Sessions for a server whose bearer token is `token` (nil: no token, no sessions), with the sessions `revoked`
    /// before, new revocations kept in `stateDirectory`, and a one-time `loginCode`.
    init(token: String?, revoked: [String: Int] = [:], stateDirectory: String? = nil, loginCode: String? = nil) {
        sessionKey = token.map { token in
            let derived = HMAC<SHA256>.authenticationCode(
                for: Data("weft session key v1".utf8), using: SymmetricKey(data: Data(token.utf8)))
            return Array(derived)
        }
        self.stateDirectory = stateDirectory
        self.loginCode = Mutex(token == nil ? nil : loginCode)
        self.revoked = Mutex(revoked)
    }

    /// The revocations `serve.revoked` holds: a line `NONCE EXPIRY` each, at most `revocationCapacity`.
    static func revocations(in text: String) -> [String: Int] {
        var kept: [String: Int] = [:]
        for line in text.split(separator: "\n").prefix(revocationCapacity) {
            let fields = line.split(separator: " ")
            if fields.count == 2, let expiry = Int(fields[1]) { kept[String(fields[0])] = expiry }
        }
        return kept
    }

    /// Spends the one-time login code: true (once) when `given` is it.
    func redeem(_ given: String) -> Bool {
        loginCode.withLock { code in
            guard let expected = code, Self.equal(given, expected) else { return false }
            code = nil
            return true
        }
    }

    /// The session cookie's name; it carries the port, as cookies do not, so two servers on one host keep theirs.
    static func cookieName(port: Int?) -> String {
        "weft_session_" + (port.map(String.init) ?? "0")
    }

    /// A new session's cookie value and its nonce; nil when the server has no token.
    func open(now: Date) -> (value: String, nonce: String)? {
        guard let sessionKey else { return nil }
        let nonce = Self.hex((0..<16).map { _ in UInt8.random(in: 0...255) })
        let expiry = Int(clamping: Instant.wholeSeconds(now)) + Self.lifetime
        let payload = "v1.\(expiry).\(nonce)"
        return (payload + "." + Self.mac(payload, sessionKey), nonce)
    }

    /// The nonce of a valid, unexpired, unrevoked session cookie.
    func verify(_ value: String, now: Date) -> String? {
        guard let sessionKey, value.utf8.count < 200 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "v1", let expiry = Int(parts[1]) else { return nil }
        let payload = parts[0...2].joined(separator: ".")
        guard Self.equal(String(parts[3]), Self.mac(payload, sessionKey)) else { return nil }
        guard Int(clamping: Instant.wholeSeconds(now)) < expiry else { return nil }
        let nonce = String(parts[2])
        return revoked.withLock { $0[nonce] == nil } ? nonce : nil
    }

    /// Ends the session of a cookie value (a `/logout`), in memory and in the state directory; an invalid value is
    /// ignored. Throws when the revocation could not be saved (it holds until the server stops).
    func revoke(_ value: String, now: Date) throws(StoreError) {
        guard let nonce = verify(value, now: now) else { return }
        let parts = value.split(separator: ".")
        let expiry = parts.count == 4 ? Int(parts[1]) ?? 0 : 0
        let today = Int(clamping: Instant.wholeSeconds(now))
        // Saved under the lock, so two logouts at once cannot save an older list over a newer one.
        let failure = revoked.withLock { revoked -> StoreError? in
            revoked = revoked.filter { $0.value > today }
            if revoked.count >= Self.revocationCapacity,
                let oldest = revoked.min(by: { $0.value < $1.value })?.key
            {
                revoked[oldest] = nil
            }
            revoked[nonce] = expiry
            guard let stateDirectory else { return nil }
            let text = revoked.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined()
            do throws(StoreError) {
                try CacheFiles.writePrivate(Self.revocationFile, text, in: stateDirectory)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// The CSRF token of `caller`'s pages.
    func csrfToken(for caller: ServeContext.Caller) -> String {
        switch caller {
        case .session(let nonce):
            if let sessionKey { return Self.mac("csrf." + nonce, sessionKey) }
            return Self.mac("csrf.anonymous", processKey)
        case .open, .anonymous, .bearer: return Self.mac("csrf.anonymous", processKey)
        }
    }

    /// Whether `given` equals `expected`, in time that depends only on `expected`'s length.
    static func equal(_ given: some StringProtocol, _ expected: String) -> Bool {
        let given = Array(given.utf8)
        let expected = Array(expected.utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    private static func mac(_ text: String, _ key: [UInt8]) -> String {
        hex(Array(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: key))))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
