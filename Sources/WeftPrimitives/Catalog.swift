/// The words weft writes for a person, in one language: gettext message catalogs (`po/*.po`, embedded in the binary
/// by `make catalogs`), looked up by their English text. A message missing from a catalog, or left untranslated,
/// reads in English, never as an empty string or a key.
public struct Catalog: Sendable {
    /// The language's code: `en`, `de`, `fr`, `es`, `cs`.
    public let code: String
    /// A catalog given whole (a test's); nil: the shipped one of `code`.
    private let given: CatalogMessages?

    init(code: String, messages: CatalogMessages?) {
        self.code = code
        self.given = messages
    }

    /// Parsed on the first message asked for, not when the language is chosen: a render that writes no word (a
    /// status bar's `{{__time}}` every second) never parses a catalog.
    private var messages: CatalogMessages? { given ?? ShippedCatalogs.messages(code) }

    /// English: the msgids themselves.
    public static let english = Catalog(code: "en", messages: nil)

    /// The languages shipped, English first.
    public static var shippedCodes: [String] { ["en"] + ShippedCatalogs.codes }

    /// The catalog for a POSIX locale name (`de_DE.UTF-8`, `de`, `fr_FR@euro`, `cs-CZ`); English for nil, empty,
    /// `C`, `POSIX` and a language weft does not ship.
    public static func named(_ locale: String?) -> Catalog {
        guard let code = language(of: locale), ShippedCatalogs.codes.contains(code) else { return .english }
        return Catalog(code: code, messages: nil)
    }

    /// The catalog gettext would pick from `env`: the first set of `LC_ALL`, `LC_MESSAGES`, `LANG`; unless that is
    /// the C locale, the first shipped language listed in `LANGUAGE` (colon-separated) takes precedence.
    public static func fromEnvironment(_ env: [String: String]) -> Catalog {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty }
        guard let locale, language(of: locale) != nil || isShippedEnglish(locale) else { return .english }
        for entry in (env["LANGUAGE"] ?? "").split(separator: ":") {
            let name = String(entry)
            if isShippedEnglish(name) { return .english }
            let catalog = named(name)
            if catalog.code != "en" { return catalog }
        }
        return named(locale)
    }

    /// The catalog for an explicit choice (`--locale`, a provider's `locale`) when there is one, else the
    /// environment's.
    public static func chosen(_ locale: String?, environment: [String: String]) -> Catalog {
        if let locale, !locale.isEmpty { return named(locale) }
        return fromEnvironment(environment)
    }

    /// The translation of `msgid`, with each `{name}` replaced by `args[name]`.
    public func text(_ msgid: String, _ args: [String: String] = [:]) -> String {
        let translated = messages?.singular[msgid].flatMap { $0.isEmpty ? nil : $0 } ?? msgid
        return Self.fill(translated, args)
    }

    /// The form of a message for `count` by the catalog's own plural rule, with `{count}` and each `{name}`
    /// replaced; English's rule (`singular` for 1) when the catalog lacks the message.
    public func plural(_ singular: String, _ plural: String, count: Int, _ args: [String: String] = [:]) -> String {
        var filled = args
        if filled["count"] == nil { filled["count"] = String(count) }
        if let messages, let forms = messages.plural[singular] {
            let index = messages.rule.form(for: count)
            if index >= 0, index < forms.count, !forms[index].isEmpty { return Self.fill(forms[index], filled) }
        }
        return Self.fill(count == 1 ? singular : plural, filled)
    }

    /// The language part of a locale name, lowercased; nil for C/POSIX or a name without one.
    static func language(of locale: String?) -> String? {
        guard let locale else { return nil }
        let language = locale.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }.lowercased()
        guard !language.isEmpty, language != "c", language != "posix", language.allSatisfy(\.isLetter) else {
            return nil
        }
        return language
    }

    private static func isShippedEnglish(_ locale: String) -> Bool { language(of: locale) == "en" }

    /// Replaces each `{name}` in `text` with `args[name]`; an unknown `{name}` stays as written.
    static func fill(_ text: String, _ args: [String: String]) -> String {
        guard !args.isEmpty, text.contains("{") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = args[String(after[..<close])] {
                result += value
                rest = after[after.index(after: close)...]
            } else {
                result.append("{")
                rest = after
            }
        }
        return result + rest
    }
}

/// One parsed `.po` catalog: translations by msgid and the plural rule of its header.
struct CatalogMessages: Sendable {
    var singular: [String: String] = [:]
    var plural: [String: [String]] = [:]
    var rule = PluralRule.germanic

    /// Parses the text of a `.po` file. Entries with a context or marked fuzzy are left out, as gettext does.
    init(po text: String) {
        var entry = PoEntry()
        var field: PoEntry.Field?
        func finish() {
            defer {
                entry = PoEntry()
                field = nil
            }
            guard let msgid = entry.msgid, !entry.fuzzy, entry.context == nil else { return }
            if msgid.isEmpty {
                rule = PluralRule(header: entry.msgstr[0] ?? "") ?? .germanic
            } else if entry.msgidPlural != nil {
                let count = (entry.msgstr.keys.max() ?? -1) + 1
                plural[msgid] = (0..<count).map { entry.msgstr[$0] ?? "" }
            } else {
                singular[msgid] = entry.msgstr[0] ?? ""
            }
        }
        // Bytes, not Characters: a catalog is parsed on the first message of each process (a status bar's
        // `weft resolve` every second), and grapheme-by-grapheme trimming cost more than the rest of the render.
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        var start = 0
        for end in bytes.indices where bytes[end] == 0x0A {
            let line = Self.trimmed(bytes[start..<end])
            start = end + 1
            guard let first = line.first else {
                if entry.msgid != nil { finish() }
                continue
            }
            if first == UInt8(ascii: "#") {
                if entry.msgid != nil { finish() }
                let comment = String(decoding: line, as: UTF8.self)
                if comment.hasPrefix("#,"), comment.contains("fuzzy") { entry.fuzzy = true }
                continue
            }
            if first == UInt8(ascii: "\"") {
                if let field { entry.append(Self.unquote(line), to: field) }
                continue
            }
            let keywordEnd = line.firstIndex { $0 == 0x20 || $0 == 0x09 } ?? line.endIndex
            let keyword = String(decoding: line[..<keywordEnd], as: UTF8.self)
            let value = Self.unquote(Self.trimmed(line[keywordEnd...]))
            if keyword == "msgctxt" || (keyword == "msgid" && entry.msgstr.isEmpty == false) {
                finish()
            }
            switch keyword {
            case "msgctxt": field = .context
            case "msgid": field = .msgid
            case "msgid_plural": field = .msgidPlural
            case "msgstr": field = .msgstr(0)
            default:
                if keyword.hasPrefix("msgstr["), let index = Int(keyword.dropFirst(7).dropLast()) {
                    field = .msgstr(index)
                } else {
                    field = nil
                }
            }
            if let field { entry.append(value, to: field) }
        }
        if entry.msgid != nil { finish() }
    }

    /// `line` without the spaces, tabs and carriage returns around it.
    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let first = line.firstIndex(where: { !blank($0) }), let last = line.lastIndex(where: { !blank($0) })
        else { return line[line.endIndex...] }
        return line[first...last]
    }

    /// The text of a quoted `.po` string, its `\n`, `\t` and `\"` escapes read; empty when `quoted` is not one.
    private static func unquote(_ quoted: ArraySlice<UInt8>) -> String {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        guard quoted.count >= 2, quoted.first == quote, quoted.last == quote else { return "" }
        var result: [UInt8] = []
        result.reserveCapacity(quoted.count)
        var escaped = false
        for byte in quoted.dropFirst().dropLast() {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                default: result.append(byte)
                }
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// One entry of a `.po` file while it is read.
private struct PoEntry {
    enum Field {
        case context, msgid, msgidPlural
        case msgstr(Int)
    }
    var context: String?
    var msgid: String?
    var msgidPlural: String?
    var msgstr: [Int: String] = [:]
    var fuzzy = false

    mutating func append(_ text: String, to field: Field) {
        switch field {
        case .context: context = (context ?? "") + text
        case .msgid: msgid = (msgid ?? "") + text
        case .msgidPlural: msgidPlural = (msgidPlural ?? "") + text
        case .msgstr(let index): msgstr[index] = (msgstr[index] ?? "") + text
        }
    }
}
