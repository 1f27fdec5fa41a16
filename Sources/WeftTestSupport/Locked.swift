import Synchronization

/// A value behind a lock, for state shared between the server's threads and the test.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// Wraps an initial value.
    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<T: Sendable>(_ body: (inout Value) throws -> T) rethrows -> T {
        try mutex.withLock { value in try body(&value) }
    }

    /// A copy of the current value.
    public var current: Value { withLock { $0 } }
}
