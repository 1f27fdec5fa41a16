/// A button that changes the cache: a `<form method="post">` that works without script (the server answers with a
/// redirect back to the board), which the page's script sends with `fetch` instead, with the CSRF token as a header.
/// The cards' templates draw it through the `action-button` partial, which reads these properties.
struct ActionButton {
    /// The endpoint, e.g. `/v1/vars/water/incr`.
    var action: String
    /// The button's text.
    var label: String
    /// What it does, for screen readers and hover.
    var title: String
    /// The page's CSRF token, sent as the hidden `csrf` field.
    var csrfToken: String
    /// An extra CSS class for the button.
    var css = ""
    /// Whether the button is shown but cannot be pressed (a counter at its limit).
    var disabled = false

    /// A path segment percent-encoded, so a key with spaces or slashes stays one segment.
    static func segment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return out
    }
}
