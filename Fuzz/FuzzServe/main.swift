import Foundation
import FuzzSupport
import HTTPTypes  // built for Hummingbird; HTTPField is not among its re-exports
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import WeftCore
import WeftProviders
import WeftStore

@testable import WeftServe

/// One HTTP request per input through `weft serve`'s routes, without a socket: the first line is
/// `METHOD target`, then `Name: value` header lines, a blank line and the body. The cache holds a few stored
/// variables (extreme numbers among them) so every route has something to render.
enum ServeTarget {
    static let responder: any HTTPResponder<ServeContext> = WeftRoutes.responder(configuration())

    static func configuration() -> ServeConfiguration {
        let root = NSTemporaryDirectory() + "weft-fuzz-serve-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root + "/providers", withIntermediateDirectories: true)
        if let store = try? CacheStore.openForWriting(directory: root + "/cache") {
            let now = Date(timeIntervalSince1970: 1_773_480_413)
            for (key, value) in [("n", "42"), ("big", "1e300"), ("inf", "inf"), ("t", "{{n}}{{t}}")] {
                _ = try? store.updateVariable(key) { _ in StoredVariable(key: key, value: value, updatedAt: now) }
            }
        }
        var configuration = ServeConfiguration(registry: BuiltinProviders.registry)
        configuration.render.cacheDirectory = root + "/cache"
        configuration.render.providersDirectory = root + "/providers"
        configuration.render.now = "2026-03-14T09:26:53Z"
        configuration.render.timeZone = "Europe/Berlin"
        configuration.token = "fuzz-token-0123456789abcdef"
        // Every input must reach the routes, not the rate limiter.
        configuration.requestsPerSecond = 1e9
        configuration.burst = 1 << 30
        configuration.failedAuthenticationBurst = 1 << 30
        return configuration
    }

    static let channel = EmbeddedChannel()
    static let logger = Logger(label: "fuzz.serve")

    static func request(_ bytes: UnsafeBufferPointer<UInt8>) -> Request? {
        let text = String(decoding: bytes, as: UTF8.self)
        let (head, body) =
            text.range(of: "\n\n").map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) }
            ?? (text, "")
        var lines = head.split(separator: "\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return nil }
        let first = lines.removeFirst().split(separator: " ", maxSplits: 1)
        guard first.count == 2 else { return nil }
        var fields = HTTPFields()
        for line in lines {
            guard let colon = line.firstIndex(of: ":"),
                let name = HTTPField.Name(line[..<colon].trimmingCharacters(in: .whitespaces))
            else { continue }
            fields.append(
                HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let requestHead = HTTPRequest(
            method: HTTPRequest.Method(String(first[0])) ?? .get, scheme: "http", authority: "127.0.0.1",
            path: String(first[1]), headerFields: fields)
        return Request(head: requestHead, body: RequestBody(buffer: ByteBuffer(string: body)))
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let request = request(bytes) else { return }
        let context = ServeContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = try? await responder.respond(to: request, context: context)
            done.signal()
        }
        done.wait()
    }
}

/// libFuzzer's per-input callback.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ServeTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
