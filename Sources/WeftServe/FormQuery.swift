import Foundation

/// The parameters of a query string read as HTML forms and `curl -G --data-urlencode` send them.
///
/// Hummingbird's `queryParameters` leaves `+` alone, but in `application/x-www-form-urlencoded` a `+` is a space
/// and a literal plus is `%2B`; reading it the form way is what browsers and HTTP clients expect.
struct FormQuery: Sendable {
    private let pairs: [(name: String, value: String)]

    /// Splits `query` (without the `?`) into decoded name/value pairs, in order.
    init(_ query: String?) {
        pairs = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            return (Self.decode(parts[0]), value)
        }
    }

    /// The first value given for `name`, or nil when the query has none.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        // Malformed escapes (a lone `%`) are kept as typed rather than dropping the parameter.
        return spaced.removingPercentEncoding ?? spaced
    }
}
