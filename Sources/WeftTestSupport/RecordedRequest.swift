import Foundation

/// A request as the test server received it: request line and headers, in order.
public struct RecordedRequest: Sendable, Equatable {
    /// The method, e.g. `GET` or `CONNECT`.
    public var method: String
    /// The request target exactly as sent: `/path?q`, `http://host/path` through a proxy, `host:443` for CONNECT.
    public var target: String
    /// The protocol version, e.g. `HTTP/1.1`.
    public var version: String
    /// Header fields in arrival order, names as sent.
    public var headers: [Header]

    /// One header field.
    public struct Header: Sendable, Equatable {
        /// The name as sent.
        public var name: String
        /// The value without surrounding whitespace.
        public var value: String
    }

    /// The request line, e.g. `GET /a?b=1 HTTP/1.1`.
    public var requestLine: String { "\(method) \(target) \(version)" }

    /// The path without query, also for absolute-form targets sent to a proxy.
    public var path: String {
        var rest = Substring(target)
        if let schemeEnd = rest.range(of: "://") {
            rest = rest[schemeEnd.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return "/" }
            rest = rest[slash...]
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return String(rest)
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Parses the head of a request (everything before the blank line); nil if the request line is malformed.
    static func parse(head: [UInt8]) -> RecordedRequest? {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { return nil }
        var headers: [Header] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append(Header(name: String(line[..<colon]), value: value))
        }
        return RecordedRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]),
            headers: headers)
    }
}
