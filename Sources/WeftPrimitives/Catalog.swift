import Foundation

// TEMPORARY stub of the i18n branch's Catalog (English only) so this branch builds until that lands; the merge of
// the `Catalog:` commit replaces this file.
public struct Catalog: Sendable {
    public static let english = Catalog()
    public static func named(_ locale: String?) -> Catalog { .english }
    public static func fromEnvironment(_ env: [String: String]) -> Catalog { .english }
    public func text(_ msgid: String, _ args: [String: String] = [:]) -> String {
        var text = msgid
        for (name, value) in args { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
    public func plural(_ singular: String, _ plural: String, count: Int, _ args: [String: String] = [:]) -> String {
        text(count == 1 ? singular : plural, args)
    }
}
