import Foundation
import Synchronization

/// Set from any thread by task cancellation, read by libcurl's progress callback on the transfer thread.
final class CancellationFlag: Sendable {
    private let cancelled = Atomic(false)

    func cancel() { cancelled.store(true, ordering: .releasing) }
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}

/// The mutable state of one transfer, shared with libcurl's C callbacks through an unretained pointer.
final class TransferState {
    let maxBodyBytes: Int
    let cancellation: CancellationFlag
    var body = Data()
    var exceededCap = false
    /// Header lines of the latest response only: a redirect or proxy CONNECT starts a new block.
    var headerLines: [String] = []
    var statusLine = ""
    /// Where the current hop may connect.
    var connectRule: ConnectRule?
    /// Why the open-socket callback refused a connection, which then fails with this message.
    var refusal: String?

    init(maxBodyBytes: Int, cancellation: CancellationFlag) {
        self.maxBodyBytes = maxBodyBytes
        self.cancellation = cancellation
    }

    /// Forgets the previous hop's response before following a redirect.
    func startResponse() {
        body = Data()
        headerLines = []
        statusLine = ""
        refusal = nil
    }

    func parsedHeaders() -> [String: String] {
        var result: [String: String] = [:]
        var lastName: String?
        for line in headerLines {
            if let first = line.first, first == " " || first == "\t", let name = lastName {
                // obs-fold continuation line.
                result[name, default: ""] += " " + line.trimmingSpaces()
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon]).trimmingSpaces().lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingSpaces()
            guard !name.isEmpty else { continue }
            if let existing = result[name] {
                result[name] = existing + ", " + value
            } else {
                result[name] = value
            }
            lastName = name
        }
        return result
    }

    var reasonPhrase: String {
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        return parts.count == 3 ? String(parts[2]).trimmingSpaces() : ""
    }
}
