import NIOCore
import Synchronization

/// The server's open connections, capped per client address and in all. At a cap, the longest-waiting connection
/// that is not working on a request (idle between requests, or still sending one) is closed to make room; a
/// connection that has a request being answered is never closed for another. So a thousand idle or half-sent
/// connections cannot keep a new client, even one from the same address, from being answered.
final class ConnectionLimits: Sendable {
    /// One open connection.
    private struct Entry {
        let client: String
        let channel: any Channel
        /// Since when it has waited (for a request or the rest of one); nil while a request is being answered.
        var waitingSince: NIODeadline?
    }

    /// The open connections and how many each client has, changed together under one lock.
    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var counts: [String: Int] = [:]

        func longestWaiting(client: String?) -> ObjectIdentifier? {
            var found: (id: ObjectIdentifier, since: NIODeadline)?
            for (id, entry) in entries where client == nil || entry.client == client {
                guard let since = entry.waitingSince else { continue }
                if found.map({ since < $0.since }) ?? true { found = (id, since) }
            }
            return found?.id
        }

        mutating func remove(_ id: ObjectIdentifier) -> (any Channel)? {
            guard let entry = entries.removeValue(forKey: id) else { return nil }
            let left = counts[entry.client, default: 1] - 1
            counts[entry.client] = left > 0 ? left : nil
            return entry.channel
        }
    }

    let perClient: Int
    let total: Int
    private let table = Mutex(Table())

    init(perClient: Int, total: Int) {
        self.perClient = max(perClient, 1)
        self.total = max(total, 1)
    }

    /// Adds a new connection and returns the connections to close to make room for it: others that waited longest,
    /// or the new one itself when every other is busy.
    func admit(_ id: ObjectIdentifier, client: String, channel: any Channel, now: NIODeadline) -> [any Channel] {
        table.withLock { table in
            var closing: [any Channel] = []
            if table.counts[client, default: 0] >= perClient {
                guard let victim = table.longestWaiting(client: client) else { return [channel] }
                closing += table.remove(victim).map { [$0] } ?? []
            }
            if table.entries.count >= total {
                guard let victim = table.longestWaiting(client: nil) else { return closing + [channel] }
                closing += table.remove(victim).map { [$0] } ?? []
            }
            table.entries[id] = Entry(client: client, channel: channel, waitingSince: now)
            table.counts[client, default: 0] += 1
            return closing
        }
    }

    /// Marks a connection as waiting since `since`, or as busy with a request (nil).
    func update(_ id: ObjectIdentifier, waitingSince since: NIODeadline?) {
        table.withLock { $0.entries[id]?.waitingSince = since }
    }

    /// Forgets a closed connection (again is harmless).
    func forget(_ id: ObjectIdentifier) {
        table.withLock { _ = $0.remove(id) }
    }
}
