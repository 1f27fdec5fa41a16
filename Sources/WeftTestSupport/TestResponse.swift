/// A scripted response: status, headers and body, plus how the body is delivered.
public struct TestResponse: Sendable {
    /// How much of the body is sent and what happens after.
    public enum Delivery: Sendable, Equatable {
        /// Send everything, then close.
        case complete
        /// Send this many body bytes, then hold the connection open without sending more until the client leaves.
        case stall(afterBytes: Int)
        /// Send this many body bytes, then close: the declared Content-Length is never reached.
        case truncate(afterBytes: Int)
    }

    /// How the body length is framed.
    public enum Framing: Sendable, Equatable {
        /// `Content-Length` with the body's length.
        case contentLength
        /// No `Content-Length`: the body ends when the connection closes.
        case untilClose
    }

    /// The status code.
    public var status: Int
    /// The reason phrase; nil uses the standard one.
    public var reason: String?
    /// Header fields sent as given, in order (Content-Length and Connection are added by the server).
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// How the body length is framed.
    public var framing: Framing
    /// How much of the body is sent.
    public var delivery: Delivery

    /// Creates a response.
    public init(
        status: Int = 200, reason: String? = nil, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        framing: Framing = .contentLength, delivery: Delivery = .complete
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.framing = framing
        self.delivery = delivery
    }

    /// A response with a UTF-8 text body.
    public static func text(
        _ text: String, status: Int = 200, headers: [(name: String, value: String)] = []
    ) -> TestResponse {
        TestResponse(status: status, headers: headers, body: Array(text.utf8))
    }

    /// A redirect to `location` (absolute or relative).
    public static func redirect(to location: String, status: Int = 302) -> TestResponse {
        TestResponse(status: status, headers: [("Location", location)])
    }

    /// A body of `count` bytes of filler.
    public static func bytes(count: Int, framing: Framing = .contentLength) -> TestResponse {
        TestResponse(body: [UInt8](repeating: UInt8(ascii: "x"), count: count), framing: framing)
    }
}
