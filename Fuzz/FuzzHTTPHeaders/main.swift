import Foundation
import FuzzSupport
import WeftHTTP

/// One set of response headers per input (`Name: value` lines; the first line may be a status), read the way a
/// refresh reads them: freshness (Cache-Control max-age, Expires, Age, Date), Retry-After, ETag, Last-Modified.
/// Whatever a server sends, every time must land within a day of receipt and nothing may trap. Every header value
/// (a `Location`, a `WWW-Authenticate` echoing the request) is also shown the way an error shows it: the API key
/// `SECRET;q?x` survives redaction in no form, and judging a value as a URL for credentials never traps.
enum HTTPHeadersTarget {
    // Pinned: 2026-03-14 09:26:53 UTC.
    static let now = Date(timeIntervalSince1970: 1_773_480_413)
    static let key = "SECRET;q?x"
    static let redact = Redactor(secrets: [key])

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        var headers: [String: String] = [:]
        var status = 200
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
            if index == 0, let code = Int(line.trimmingCharacters(in: .whitespaces)), (100...599).contains(code) {
                status = code
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let response = HTTPResponse(
            status: status, headers: headers, body: Data(), url: "https://example.org/fuzz", receivedAt: now)
        let day: TimeInterval = 86_400
        if let fresh = response.freshUntil {
            precondition(fresh >= now && fresh <= now.addingTimeInterval(day), "freshness beyond a day: \(fresh)")
        }
        if let retry = response.retryAfter {
            precondition(retry >= now && retry <= now.addingTimeInterval(day), "Retry-After beyond a day: \(retry)")
        }
        _ = response.etag
        _ = response.lastModified
        _ = response.isNotModified
        for value in headers.values {
            let shown = redact(value)
            precondition(!shown.contains(key), "the key survived redaction: \(shown)")
            _ = CredentialTransport.refusal(url: value, login: true)
        }
    }
}

/// libFuzzer's per-input callback.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    HTTPHeadersTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
