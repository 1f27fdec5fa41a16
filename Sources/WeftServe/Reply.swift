import Crypto
import Foundation
import Hummingbird
import NIOCore
import WeftPrimitives

/// A response before it is sent: its body is still at hand for the ETag.
struct Reply {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String

    /// The Hummingbird response (no body for 304s).
    var response: Response {
        Response(
            status: status, headers: headers,
            body: status == .notModified ? .init() : .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// With a strong ETag (a SHA-256 prefix of the body); a 304 without a body when `ifNoneMatch` names it.
    func conditional(ifNoneMatch: String?) -> Reply {
        let digest = SHA256.hash(data: Data(body.utf8))
        let tag = "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        var reply = self
        reply.headers[.eTag] = tag
        if let ifNoneMatch,
            ifNoneMatch.trimmingCharacters(in: .whitespaces) == "*"
                || ifNoneMatch.split(separator: ",").contains(where: {
                    $0.trimmingCharacters(in: .whitespaces) == tag
                })
        {
            return Reply(status: .notModified, headers: [.eTag: tag], body: "")
        }
        return reply
    }

    static func text(_ text: String, type: String) -> Reply {
        Reply(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: text)
    }

    static func json(_ value: some Encodable) -> Reply {
        text(((try? JSONText.line(value)) ?? "{}") + "\n", type: "application/json")
    }

    /// A query string that is not form encoding, such as a `%` not followed by two hex digits.
    static let badQuery = error(.badRequest, "the query string is not valid percent-encoding; write % as %25")

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Reply {
        var reply = json(["error": message])
        reply.status = status
        return reply
    }

    /// A path that is no endpoint.
    static func noEndpoint(_ path: String) -> Reply {
        error(.notFound, "no such endpoint: \(path) (see /v1/vars, /v1/resolve, /v1/status)")
    }

    static func notAllowed(_ methods: String) -> Reply {
        var reply = error(.methodNotAllowed, "this endpoint takes \(methods)")
        reply.headers[.allow] = methods
        return reply
    }
}
