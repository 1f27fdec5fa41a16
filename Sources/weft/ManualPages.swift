import Foundation
import WeftCore
import WeftProviders
import WeftRender
import WeftTemplate

/// The manual pages `weft manual` writes, in man(7) roff: the provider kinds and their keys, the bar file's keys
/// and the filters come from the tables the code checks against; the prose around them is written here.
enum ManualPages {
    /// Every page, by file name.
    static var all: [(name: String, text: String)] {
        [("weft-providers.5", providers), ("weft-bar.5", bar), ("weft-templates.7", templates)]
    }

    /// The pages' SEE ALSO, each page leaving itself out.
    private static func seeAlso(_ page: inout Roff, except name: String) {
        page.section("SEE ALSO")
        let pages = [("weft", 1), ("weft-providers", 5), ("weft-bar", 5), ("weft-templates", 7)]
        let others = pages.filter { $0.0 != name }
        for (index, (other, section)) in others.enumerated() {
            page.request("BR", other, "(\(section))" + (index < others.count - 1 ? "," : ""))
        }
    }

    // MARK: weft-providers(5)

    static var providers: String {
        var page = Roff(title: "WEFT-PROVIDERS", section: 5, manual: "File Formats")
        page.section("NAME")
        page.text("weft-providers - the provider files of weft")
        page.section("SYNOPSIS")
        page.request("I", "$XDG_CONFIG_HOME/weft/providers/NAME.toml")
        page.section("DESCRIPTION")
        page.paragraph(
            "Each provider instance is one TOML file in the providers directory: --providers DIR, else $WEFT_PROVIDERS, "
                + "else $WEFT_HOME/providers, else $XDG_CONFIG_HOME/weft/providers (~/.config/weft/providers). The "
                + "current directory is never searched. The file name without .toml is the instance's name; a renamed "
                + "file is a new instance.")
        page.paragraph(
            "The key type picks the provider kind; every other key is one of that kind's, listed below. A key the "
                + "kind does not know is an error naming the keys it knows, so a typo never passes unnoticed. "
                + "weft check reads every file as weft refresh does and reports each problem as FILE:LINE: message.")
        page.paragraph(
            "A duration is a string of a number and a unit: \"90s\", \"15m\", \"2h\", \"1d\". ~ in a path is $HOME, "
                + "and a relative path is relative to the folder of its provider file. Secrets (API keys, passwords, "
                + "private keys) are read from a file or an environment variable the file names, and never printed.")
        page.section("PROVIDER TYPES")
        let registry = BuiltinProviders.registry
        for type in registry.types {
            guard let kind = registry.kind(type) else { continue }
            page.subsection(type)
            page.text(kind.summary)
            page.paragraph("Its variables start with " + prefixText(of: kind) + " unless prefix says otherwise.")
            for key in kind.fileKeys { page.key(key) }
        }
        page.section("EXAMPLES")
        page.example([
            "# ~/.config/weft/providers/weather.toml",
            "type = \"open-meteo\"",
            "name = \"Berlin\"",
            "latitude = 52.52",
            "longitude = 13.405",
            "contact = \"you@example.org\"",
        ])
        page.example([
            "# ~/.config/weft/providers/uptime.toml",
            "type = \"command\"",
            "command = [\"/usr/local/bin/uptime-json\", \"--short\"]",
            "timeout = \"5s\"",
        ])
        page.section("FILES")
        page.request("TP")
        page.request("I", "~/.config/weft/providers/")
        page.text("The provider files, unless --providers, $WEFT_PROVIDERS or $WEFT_HOME say otherwise.")
        seeAlso(&page, except: "weft-providers")
        return page.text
    }

    /// The default prefix of a kind's instances as a tag: `__<file name>_` when it is made from the file's name.
    private static func prefixTag(of kind: any ProviderKind.Type) -> String {
        let fixed = kind.defaultPrefix(instance: "a")
        return fixed == kind.defaultPrefix(instance: "b") ? fixed : kind.defaultPrefix(instance: "<file name>")
    }

    /// The default prefix of a kind's instances: the same for every file, or made from the file's name.
    private static func prefixText(of kind: any ProviderKind.Type) -> String {
        let fixed = kind.defaultPrefix(instance: "a")
        guard fixed == kind.defaultPrefix(instance: "b") else {
            return "__ and the file's name (uptime.toml gives " + kind.defaultPrefix(instance: "uptime") + ")"
        }
        return fixed
    }

    // MARK: weft-bar(5)

    static var bar: String {
        var page = Roff(title: "WEFT-BAR", section: 5, manual: "File Formats")
        page.section("NAME")
        page.text("weft-bar - the bar file of weft bar")
        page.section("SYNOPSIS")
        page.request("I", "$XDG_CONFIG_HOME/weft/bar.toml")
        page.section("DESCRIPTION")
        page.paragraph(
            "weft bar is an i3bar and swaybar status_command. It reads the bar file ($XDG_CONFIG_HOME/weft/bar.toml, "
                + "else ~/.config/weft/bar.toml, or weft bar --config FILE): a list of [[block]] tables, one for each "
                + "block of the bar, in order. A block's text is a template (see weft-templates(7)); it is rendered "
                + "again whenever a value it shows or a time it names changes.")
        page.paragraph(
            "An action is an argv run without a shell when the block is clicked, with the click in its "
                + "environment as i3blocks passes it: $button, $modifiers, $x, $y, $relative_x, $relative_y, "
                + "$output_x, $output_y, $width, $height, $name and $instance, and with WEFT_CACHE and "
                + "WEFT_PROVIDERS set to the bar's own directories. The block is rendered again as soon as its "
                + "action ends; clicks while it runs are coalesced into one.")
        page.paragraph(
            "weft bar --check reports each problem as FILE:LINE: message (a key a block does not know is one of "
                + "them), and weft bar refuses a file that has one; weft check warns about the blocks' templates.")
        page.section("BLOCK KEYS")
        for key in BarFile.blockKeys { page.key(key) }
        page.section("EXAMPLES")
        page.example([
            "[[block]]",
            "name = \"water\"",
            "template = \"water {{water|0}}/8\"",
            "on_click = [\"weft\", \"var\", \"incr\", \"water\"]",
            "on_right_click = [\"weft\", \"var\", \"decr\", \"water\"]",
            "",
            "[[block]]",
            "name = \"rain\"",
            "template = \"{{__weather_nowcast|}}\"",
            "min_width = \"Rain in 99m\"",
            "align = \"center\"",
        ])
        page.text("and in the i3 or sway configuration:")
        page.example(["bar {", "    status_command weft bar", "}"])
        seeAlso(&page, except: "weft-bar")
        return page.text
    }

    // MARK: weft-templates(7)

    static var templates: String {
        var page = Roff(title: "WEFT-TEMPLATES", section: 7, manual: "Miscellaneous Information Manual")
        page.section("NAME")
        page.text("weft-templates - the template language of weft")
        page.section("SYNOPSIS")
        page.text("text {{key}} text {{key|fallback}} {{key|fallback||filter|filter:argument}} {{=expression}}")
        page.section("DESCRIPTION")
        page.paragraph(
            "weft resolve, weft watch, weft bar, the notifier's rules and the dashboard render templates: text in "
                + "which each {{...}} token is replaced by a value. Rendering never fails and never runs anything a "
                + "template says. The language is the one of the iOS app WidgetWeaver, so a template written for it "
                + "renders the same.")
        page.section("TOKENS")
        page.paragraph(
            "A token runs from {{ to the first }} after it; tokens do not nest. An unclosed {{ and a lone }} are "
                + "copied as they are. The token's body is trimmed; an empty token renders as nothing. A value may "
                + "itself hold a template: rendering repeats, at most 3 times, while the text changes and still "
                + "holds {{.")
        page.paragraph(
            "With || in the body, what is left of it is the key and, after its first |, the fallback; what is "
                + "right of it are the filters, separated by |. Without ||, {{key|fallback}} has a fallback, and in "
                + "{{key|fallback|f1|f2}} the parts after the fallback are filters when one of them is a filter's "
                + "name (else everything after the first | is the fallback).")
        page.paragraph(
            "A key is never a literal: {{42||percent}} renders nothing; write {{x|42|percent}}. Keys are trimmed, "
                + "lower-cased, with runs of white space made one space, so {{Last Done}} and {{ last   done }} "
                + "are one key. A missing key or an empty value gives the fallback (default empty), and the filters "
                + "run on it too: {{missing|hello||upper}} is HELLO.")
        page.section("FILTERS")
        page.paragraph(
            "Filters run left to right. Names are case-insensitive; a filter's argument is everything after its "
                + "first colon. A filter the language does not know leaves the value unchanged (weft check and "
                + "weft resolve --strict name it). A numeric filter reads its input after deleting commas; input "
                + "that is not a number passes through unchanged. A date filter reads now, today, tomorrow, "
                + "yesterday, Unix seconds or milliseconds, ISO 8601 with a zone, yyyy-MM-dd with an optional HH:mm "
                + "or HH:mm:ss, and HH:mm (today).")
        for filter in FilterEntry.all {
            page.request("TP")
            page.request("B", filter.usage)
            page.text(filter.meaning)
        }
        page.section("MATHS")
        page.paragraph(
            "A key that starts with = is an expression: {{=__steps_today/1000|?||number:1}}. Operators, loosest "
                + "first: + and -; *, / and %; ^ (right-associative); a sign. Division by zero gives 0. Constants pi "
                + "and e; functions min, max, clamp(x,lo,hi), abs, floor, ceil, round, pow, sqrt, log, exp, now() (Unix "
                + "seconds) and var(\"key with spaces\"). Other names are keys read as numbers (0 when missing), with _ "
                + "read as a space except in names that start with __. An expression that does not parse gives the "
                + "fallback. A whole result prints as an integer, any other with up to 6 decimals.")
        page.section("VARIABLES")
        page.paragraph(
            "Every key weft gives starts with __. weft vars lists the keys the cache gives now, with their values, "
                + "and weft explain KEY says where one comes from. Time keys are always there: "
                + TimeVariables.keys.joined(separator: ", ") + ".")
        page.paragraph(
            "Each provider's keys start with its prefix (see weft-providers(5)); every provider also gives PREFIXupdated_iso, "
                + "PREFIXage_min, PREFIXstale (1 once its data has expired), PREFIXerror (while its last refresh failed) "
                + "and PREFIXwarnings. The prefixes of the provider types:")
        let registry = BuiltinProviders.registry
        // One entry for each prefix, in the order of the types; types that share a prefix (the weather ones) share it.
        var prefixes: [String] = []
        var typesByPrefix: [String: [String]] = [:]
        var summaries: [String: String] = [:]
        for type in registry.types {
            guard let kind = registry.kind(type) else { continue }
            let prefix = prefixTag(of: kind)
            if typesByPrefix[prefix] == nil { prefixes.append(prefix) }
            typesByPrefix[prefix, default: []].append(type)
            summaries[type] = kind.summary
        }
        for prefix in prefixes {
            let types = typesByPrefix[prefix] ?? []
            page.request("TP")
            page.request("B", prefix + "*")
            if types.count == 1, let type = types.first {
                page.text(type + ": " + (summaries[type] ?? ""))
            } else {
                page.text("The types " + types.dropLast().joined(separator: ", ") + " and " + (types.last ?? "") + ".")
            }
        }
        page.paragraph(
            "Keys without __ are stored variables and counters of your own, set with weft var. A key a provider "
                + "gives wins over a stored variable of the same name.")
        page.section("EXAMPLES")
        page.example([
            "$ weft resolve '{{__weather_nowcast|no forecast}}: {{x|3}} {{x|3||plural:cup:cups}}'",
            "no forecast: 3 cups",
            "$ weft resolve --now 2026-03-10T09:30:00Z --tz UTC '{{__now||date:EEE HH:mm}}'",
            "Tue 09:30",
            "$ weft resolve '{{=2^10||number}} {{x|0.4||percent}}'",
            "1,024 40%",
        ])
        seeAlso(&page, except: "weft-templates")
        return page.text
    }
}

/// A man(7) page being written: requests on their own lines, text escaped so a value never reads as a request
/// or an escape, and every character outside ASCII as a named Unicode escape (no input encoding to guess).
struct Roff {
    private(set) var text: String
    /// Whether the last line was a heading, after which a paragraph needs no `.PP`.
    private var afterHeading = false
    /// The longest text line written: roff's own habit, and what mandoc's linter asks for.
    private static let lineWidth = 80

    /// A page with its title line, dated by `SOURCE_DATE_EPOCH` when set (a reproducible build), else today.
    init(title: String, section: Int, manual: String) {
        text =
            ".TH \(title) \(section) \(Self.date) \"weft \(WeftVersion.current)\" \"\(manual)\"\n"
            // Left-aligned and unhyphenated: keys, paths and commands are copied from a manual, not admired in it.
            + ".ad l\n.nh\n"
    }

    /// The page's date, `yyyy-MM-dd` in UTC.
    private static var date: String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { TimeInterval($0) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: epoch.map { Date(timeIntervalSince1970: $0) } ?? Date())
    }

    /// `.SH`.
    mutating func section(_ name: String) { request("SH", name) }

    /// `.SS`.
    mutating func subsection(_ name: String) { request("SS", name) }

    /// A request with its arguments, each quoted.
    mutating func request(_ name: String, _ arguments: String...) {
        text +=
            "." + name
            + arguments.map { " \"" + Self.escaped($0).replacingOccurrences(of: "\"", with: "\\(dq") + "\"" }
            .joined() + "\n"
        afterHeading = name == "SH" || name == "SS"
    }

    /// Text, filled by the formatter: written in lines of at most ``lineWidth`` bytes, broken between words.
    mutating func text(_ words: String) {
        var line = ""
        for word in words.split(separator: " ", omittingEmptySubsequences: false).map({ Self.escaped(String($0)) }) {
            if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > Self.lineWidth {
                rawLine(line)
                line = word
            } else {
                line += line.isEmpty ? word : " " + word
            }
        }
        rawLine(line)
    }

    /// One line of escaped text; one that starts with . or ' would be a request.
    private mutating func rawLine(_ line: String) {
        text += (line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" : "") + line + "\n"
        afterHeading = false
    }

    /// `.PP` (unless a heading just began one) and a paragraph.
    mutating func paragraph(_ words: String) {
        if !afterHeading { request("PP") }
        text(words)
    }

    /// Lines shown as they are, indented.
    mutating func example(_ lines: [String]) {
        if !afterHeading { request("PP") }
        request("RS", "4")
        request("nf")
        for line in lines { rawLine(Self.escaped(line)) }
        request("fi")
        request("RE")
    }

    /// A key of a settings file: its name as the tag, what it does, then its type, default and range; the keys of
    /// its tables indented under it.
    mutating func key(_ key: ConfigKey) {
        request("TP")
        request("B", key.name)
        text(key.meaning)
        request("br")
        var facts = "Type: " + key.type.rawValue + "."
        if let value = key.defaultValue { facts += " Default: " + value + "." }
        if let range = key.range { facts += " Accepts: " + range + "." }
        text(facts)
        guard !key.subkeys.isEmpty else { return }
        request("RS")
        request("PP")
        text("Each table in \(key.name) holds:")
        for subkey in key.subkeys { self.key(subkey) }
        request("RE")
    }

    /// Backslashes and every character outside printable ASCII as roff escapes.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += String(format: "\\[u%04X]", scalar.value)
            }
        }
        return result
    }
}
