import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The notifier's time: what it is now, and waiting until a moment or until one of some descriptors (the cache
/// directory's inotify, the bus) has something. Tests use a clock that jumps instead of waiting.
public protocol NotifierClock: AnyObject {
    /// The current instant.
    var now: Date { get }
    /// Waits until `deadline` (nil: no deadline) or until one of `descriptors` is readable; returns the readable ones.
    func wait(until deadline: Date?, descriptors: [Int32]) -> [Int32]
}

/// The wall clock, waiting with `poll`.
///
/// `poll` counts a monotonic clock, which stands still while the machine sleeps: a wait is cut into pieces of at
/// most ``longestWait``, so after a resume the notifier sees the wall clock within that long (and fires what fell due
/// late, or records it missed). Twelve wake-ups an hour when nothing is due.
public final class SystemNotifierClock: NotifierClock {
    /// The longest single wait.
    public static let longestWait: TimeInterval = 300

    /// A wall clock.
    public init() {}

    public var now: Date { Date() }

    public func wait(until deadline: Date?, descriptors: [Int32]) -> [Int32] {
        let seconds = min(deadline.map { $0.timeIntervalSinceNow } ?? Self.longestWait, Self.longestWait)
        // Rounded up: a wait cut down to 0 ms would spin until the moment it waits for.
        let milliseconds = Int32(max(0, (seconds * 1000).rounded(.up) + 1))
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = fds.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
        }
        guard ready > 0 else { return [] }
        return fds.filter { $0.revents != 0 }.map(\.fd)
    }
}

/// A clock for tests and `--dry-run`-like simulations: waiting jumps to the deadline at once.
public final class JumpingClock: NotifierClock {
    /// The current instant.
    public private(set) var now: Date
    /// How many times the notifier waited.
    public private(set) var waits = 0
    /// Descriptors reported readable at the next wait (a simulated cache change), then cleared.
    public var pending: [Int32] = []

    /// A clock at `start`.
    public init(start: Date) { now = start }

    /// Moves the clock (a machine that slept).
    public func advance(to date: Date) { now = max(now, date) }

    public func wait(until deadline: Date?, descriptors: [Int32]) -> [Int32] {
        waits += 1
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        if let deadline { now = max(now, deadline) }
        return []
    }
}
