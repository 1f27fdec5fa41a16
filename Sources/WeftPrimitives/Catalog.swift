/// The words weft writes for a person, in one language: gettext message catalogs (`po/*.po`, embedded in the binary
/// by `make catalogs`), looked up by their English text. A message missing from a catalog, or left untranslated,
/// reads in English, never as an empty string or a key.
public struct Catalog: Sendable {
    /// The language's code: `en`, `de`, `fr`, `es`, `cs`.
    public let code: String
    private let messages: CatalogMessages?

    init(code: String, messages: CatalogMessages?) {
        self.code = code
        self.messages = messages
    }

    /// English: the msgids themselves.
    public static let english = Catalog(code: "en", messages: nil)

    /// The languages shipped, English first.
    public static var shippedCodes: [String] { ["en"] + ShippedCatalogs.codes }

    /// The catalog for a POSIX locale name (`de_DE.UTF-8`, `de`, `fr_FR@euro`, `cs-CZ`); English for nil, empty,
    /// `C`, `POSIX` and a language weft does not ship.
    public static func named(_ locale: String?) -> Catalog {
        guard let code = language(of: locale), let messages = ShippedCatalogs.messages(code) else { return .english }
        return Catalog(code: code, messages: messages)
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
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw).trimmed(" \t\r")
            if line.isEmpty {
                if entry.msgid != nil { finish() }
                continue
            }
            if line.hasPrefix("#") {
                if entry.msgid != nil { finish() }
                if line.hasPrefix("#,"), line.contains("fuzzy") { entry.fuzzy = true }
                continue
            }
            if line.hasPrefix("\"") {
                if let field { entry.append(Self.unquote(line), to: field) }
                continue
            }
            let keyword = String(line.prefix { $0 != " " && $0 != "\t" })
            let value = Self.unquote(String(line.dropFirst(keyword.count)).trimmed(" \t"))
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

    private static func unquote(_ text: String) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return "" }
        var result = ""
        var escaped = false
        for char in text.dropFirst().dropLast() {
            if escaped {
                switch char {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(char)
                }
                escaped = false
            } else if char == "\\" {
                escaped = true
            } else {
                result.append(char)
            }
        }
        return result
    }
}

extension String {
    fileprivate func trimmed(_ set: String) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
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
