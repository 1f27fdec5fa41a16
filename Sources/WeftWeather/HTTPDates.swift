import Foundation
import WeftHTTP

/// Reading the cache and retry headers of a weather response.
enum HTTPDates {
    /// When the response stops being fresh: `Cache-Control: max-age` (less `Age`) wins over `Expires`.
    static func expiry(_ response: WeatherResponse, now: Date) -> Date? {
        if let control = response.header("Cache-Control") {
            for directive in control.split(separator: ",") {
                let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Double(parts[1]) {
                    let age = response.header("Age").flatMap(Double.init) ?? 0
                    return now.addingTimeInterval(max(0, seconds - age))
                }
            }
        }
        return response.header("Expires").flatMap(HTTPDate.parse)
    }

    /// `Retry-After` (seconds or a date); on a 429 without it, Pirate Weather's `Ratelimit-Reset` seconds.
    static func retryAfter(_ response: WeatherResponse, now: Date) -> Date? {
        if let value = response.header("Retry-After") {
            if let seconds = Double(value.trimmingCharacters(in: .whitespaces)) {
                return now.addingTimeInterval(seconds)
            }
            return HTTPDate.parse(value)
        }
        if response.status == 429, let reset = response.header("Ratelimit-Reset").flatMap(Double.init) {
            return now.addingTimeInterval(reset)
        }
        return nil
    }

    /// What an error body says: the API's JSON message, or the start of a text body.
    static func errorMessage(_ body: Data) -> String {
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in ["message", "reason", "detail", "error"] {
                if let text = object[key] as? String, !text.isEmpty { return text }
            }
        }
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if collapsed.hasPrefix("<") {
            // A proxy's or CDN's error page: its words ("502 Bad Gateway nginx") say more than its markup.
            let words = collapsed.replacingOccurrences(
                of: "(?is)<(script|style)\\b.*?</\\1>", with: " ", options: .regularExpression
            ).replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
                .split(separator: " ").joined(separator: " ")
            return words.isEmpty ? "an HTML page" : "an HTML page: " + shortened(words)
        }
        return shortened(collapsed)
    }

    private static func shortened(_ text: String) -> String {
        text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}
