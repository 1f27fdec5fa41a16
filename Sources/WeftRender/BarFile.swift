import Foundation
import WeftCore
import WeftPrimitives

/// A `weft bar` file (`$XDG_CONFIG_HOME/weft/bar.toml`): `[[block]]` tables, each a template with i3bar fields and
/// click actions. Problems name the file and the line of the key (or block) they are about.
public struct BarFile: Sendable {
    /// A mouse button of an i3bar click event, with the block key that holds its action.
    public enum Button: Int, Sendable, CaseIterable {
        case left = 1
        case middle = 2
        case right = 3
        case scrollUp = 4
        case scrollDown = 5
        case scrollLeft = 6
        case scrollRight = 7
        case back = 8
        case forward = 9

        /// What the button is, for the manual.
        var words: String {
            switch self {
            case .left: "left click"
            case .middle: "middle click"
            case .right: "right click"
            case .scrollUp: "scroll up"
            case .scrollDown: "scroll down"
            case .scrollLeft: "scroll left"
            case .scrollRight: "scroll right"
            case .back: "back"
            case .forward: "forward"
            }
        }

        /// The block key of this button's action.
        public var key: String {
            switch self {
            case .left: "on_click"
            case .middle: "on_middle_click"
            case .right: "on_right_click"
            case .scrollUp: "on_scroll_up"
            case .scrollDown: "on_scroll_down"
            case .scrollLeft: "on_scroll_left"
            case .scrollRight: "on_scroll_right"
            case .back: "on_back"
            case .forward: "on_forward"
            }
        }
    }

    /// i3bar's `min_width`: pixels, or a text whose width is the minimum.
    public enum MinWidth: Sendable, Equatable {
        case pixels(Int)
        case text(String)
    }

    /// One `[[block]]`.
    public struct Block: Sendable, Equatable {
        /// The block's name (i3bar's `name`; click events carry it).
        public var name: String
        /// i3bar's `instance`: blocks may share a name when their instances differ (click events carry both).
        public var instance: String?
        /// The template of `full_text`.
        public var template: String
        /// The template of `short_text`, which the bar shows when space is short.
        public var shortTemplate: String?
        /// Whether the templates write Pango markup (`markup = "pango"`): the values they show are then escaped.
        public var pango = false
        /// A template giving the text colour (`#rrggbb` or `#rrggbbaa`); empty means the bar's colour.
        public var color: String?
        /// A template giving the background colour; empty means the bar's.
        public var background: String?
        /// A template giving the border colour; empty means none.
        public var border: String?
        /// The border's widths in pixels: top, right, bottom, left (i3bar's `border_top` and so on).
        public var borderWidths: [Int?] = [nil, nil, nil, nil]
        /// A template; the block is urgent when it renders to neither empty nor `0` (and when a provider fails).
        public var urgent: String?
        /// i3bar's `min_width`.
        public var minWidth: MinWidth?
        /// i3bar's `align`: left, center or right.
        public var align: String?
        /// i3bar's `separator`.
        public var separator: Bool?
        /// i3bar's `separator_block_width`.
        public var separatorBlockWidth: Int?
        /// Render at least this often, whatever the template's time boundaries say.
        public var interval: Duration?
        /// The argv run for each button, without a shell.
        public var actions: [Button: [String]]
        /// The line of the block's `[[block]]` header.
        public var line: Int
    }

    /// The file, as given.
    public let file: String
    /// The blocks, in order.
    public let blocks: [Block]
    /// What is wrong with the file; blocks with problems are left out of `blocks`.
    public let problems: [SettingsFileError]

    /// Every key a `[[block]]` may hold: what a block is checked against and the manual lists.
    public static let blockKeys: [ConfigKey] =
        [
            ConfigKey("name", .string, "What click events find the block by (required)."),
            ConfigKey("instance", .string, "Blocks may share a name when their instances differ."),
            ConfigKey("template", .string, "The template of the block's text, i3bar's full_text (required)."),
            ConfigKey("short_text", .string, "A template the bar shows instead when space is short."),
            ConfigKey(
                "markup", .string, default: "\"none\"", range: "\"pango\" or \"none\"",
                "With \"pango\" the templates write Pango markup: their own tags are kept, every value a key gives is "
                    + "escaped."),
            ConfigKey(
                "color", .string, default: "the bar's", range: "a template giving #rrggbb or #rrggbbaa",
                "The text colour; empty, or anything else, leaves the bar's own."),
            ConfigKey(
                "background", .string, default: "the bar's", range: "a template giving #rrggbb or #rrggbbaa",
                "The background colour."),
            ConfigKey(
                "border", .string, default: "none", range: "a template giving #rrggbb or #rrggbbaa",
                "The border colour."),
        ]
        + borderWidthKeys.map {
            ConfigKey(
                $0, .integer, default: "the bar's", range: "0–\(BlockReader.mostPixels)",
                "The width of the border's \($0.dropFirst("border_".count)) side in pixels.")
        }
        + [
            ConfigKey(
                "urgent", .string,
                "A template: the block is urgent while it renders to neither empty nor 0 (and while a provider fails)."),
            ConfigKey(
                "min_width", .integerOrString, range: "0–\(BlockReader.mostPixels) pixels, or a text",
                "The block's least width: pixels (an integer), or a text as wide as it should be."),
            ConfigKey(
                "align", .string, default: "\"left\"", range: "\"left\", \"center\" or \"right\"",
                "Where the text sits when min_width makes the block wider."),
            ConfigKey("separator", .boolean, default: "true", "Whether a separator line follows the block."),
            ConfigKey(
                "separator_block_width", .integer, default: "the bar's (9)", range: "0–\(BlockReader.mostPixels)",
                "The gap after the block in pixels."),
            ConfigKey(
                "interval", .duration, default: "when the template's values or times change", range: "at least 100ms",
                "Render the block at least this often."),
        ]
        + Button.allCases.map {
            ConfigKey(
                $0.key, .strings, range: "a program, then its arguments; no shell",
                "The action run on button \($0.rawValue) (\($0.words)).")
        }

    /// The keys of the border's widths, in the order of ``Block/borderWidths``.
    static let borderWidthKeys = ["border_top", "border_right", "border_bottom", "border_left"]

    /// The keys whose templates give a colour.
    static let colorKeys = ["color", "background", "border"]

    /// Reads and checks a bar file; a file that cannot be read or parsed has that as its only problem.
    public init(contentsOf path: String) {
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            self.init(text: text, file: path)
        } catch {
            let reason = SettingsFileError.reason(reading: path, error)
            let hint = "create it or pass --config FILE"
            self.init(file: path, problem: .unreadable(file: path, what: "the bar file", reason: reason, hint: hint))
        }
    }

    private init(file: String, problem: SettingsFileError) {
        self.file = file
        blocks = []
        problems = [problem]
    }

    /// Parses and checks bar-file text; `file` names it in messages.
    public init(text: String, file: String) {
        self.file = file
        // The provider files' loader, so a line that would crash the TOML parser is refused here too.
        let parsed: TOMLText
        do {
            parsed = try TOMLText(text, file: file)
        } catch {
            blocks = []
            if case .malformedTOML(let file, let line, let column, let message) = error {
                problems = [.malformed(file: file, line: line, column: column, message: message)]
            } else {
                problems = [.malformed(file: file, line: 1, column: 1, message: "\(ErrorText.words(error))")]
            }
            return
        }
        let places = Places(parsed)
        var problems: [SettingsFileError] = []
        for key in parsed.values.keys.sorted() where key != "block" {
            problems.append(
                .invalid(
                    file: file, line: places.topLevel(key),
                    message: "unknown key \"\(key)\"; a bar file holds [[block]] tables"))
        }
        var blocks: [Block] = []
        switch parsed.values["block"] {
        case .array(let elements) where !elements.isEmpty:
            var names: [BlockIdentity: Int] = [:]
            for (index, element) in elements.enumerated() {
                guard case .table(let values) = element else {
                    problems.append(.invalid(file: file, line: nil, message: "block \(index + 1) is not a table"))
                    continue
                }
                var reader = BlockReader(file: file, index: index, values: values, places: places)
                if let block = reader.block() {
                    let identity = BlockIdentity(name: block.name, instance: block.instance)
                    if let first = names[identity] {
                        let named =
                            "named \"\(block.name)\"" + (block.instance.map { " with instance \"\($0)\"" } ?? "")
                        reader.problems.append(
                            .invalid(
                                file: file, line: places.key("name", block: index) ?? block.line,
                                message: "a second block \(named) (the first is on line \(first)); names, or "
                                    + "instances of one name, must differ: clicks find blocks by name and instance"))
                    } else {
                        names[identity] = block.line
                        blocks.append(block)
                    }
                }
                problems += reader.problems
            }
        case .some(let value) where !(value.isArrayOfTables):
            problems.append(
                .invalid(
                    file: file, line: places.topLevel("block"),
                    message: "\"block\" must be written as [[block]] tables, found \(value.typeName)"))
        default:
            problems.append(
                .invalid(
                    file: file, line: nil,
                    message: "no [[block]] tables; add one with name = \"…\" and template = \"…\""))
        }
        self.blocks = blocks
        self.problems = problems
    }

    /// The templates of the blocks, each placed on the line of its key: what a template check reads.
    public var templates: [PlacedTemplate] {
        blocks.flatMap { block in
            let keys: [(String, String?)] = [
                ("template", block.template), ("short_text", block.shortTemplate), ("color", block.color),
                ("background", block.background), ("border", block.border), ("urgent", block.urgent),
            ]
            return keys.compactMap { key, text in
                text.map {
                    PlacedTemplate(
                        file: file, line: Places.line(of: key, after: block.line, in: file) ?? block.line,
                        what: "block \"\(block.name)\": \(key)", text: $0)
                }
            }
        }
    }

    /// Problems that only show when the actions run: a program that is neither in `PATH` nor an executable file.
    /// `weft` is always found (actions run this very binary).
    public func preflight(environment: [String: String]) -> [SettingsFileError] {
        var problems: [SettingsFileError] = []
        for block in blocks {
            for button in Button.allCases {
                guard let program = block.actions[button]?.first, program != "weft" else { continue }
                if Executables.find(program, environment: environment) == nil {
                    problems.append(
                        .invalid(
                            file: file, line: Places.line(of: button.key, after: block.line, in: file),
                            message: "block \"\(block.name)\": \(button.key): no program \"\(program)\" "
                                + (program.contains("/") ? "(not an executable file)" : "in PATH")))
                }
            }
        }
        return problems
    }
}

/// What a click finds a block by.
private struct BlockIdentity: Hashable {
    var name: String
    var instance: String?
}

extension ConfigValue {
    fileprivate var isArrayOfTables: Bool {
        guard case .array(let elements) = self else { return false }
        return elements.allSatisfy { if case .table = $0 { true } else { false } }
    }
}

/// Where the keys of a bar file are written.
private struct Places {
    let lines: [String]
    let parsed: TOMLText
    /// The 1-based line of each `[[block]]` header.
    let headers: [Int]

    init(_ parsed: TOMLText) {
        lines = parsed.lines.map(String.init)
        self.parsed = parsed
        headers = lines.enumerated().compactMap { index, line in
            Self.isHeader(line, named: "block") ? index + 1 : nil
        }
    }

    private static func isHeader(_ line: String, named name: String) -> Bool {
        let compact = line.filter { $0 != " " && $0 != "\t" }
        return compact.hasPrefix("[[\(name)]]")
    }

    func header(block index: Int) -> Int? { headers.indices.contains(index) ? headers[index] : nil }

    /// The line of `key = …` at the top of the file, before any table header.
    func topLevel(_ key: String) -> Int? {
        for (index, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("[") { return nil }
            if TOMLText.assigns(line, key) { return index + 1 }
        }
        return nil
    }

    /// The line of `key = …` inside block `index`.
    func key(_ key: String, block index: Int) -> Int? {
        guard let start = header(block: index) else { return nil }
        return TOMLText.line(of: key, after: start, in: lines)
    }

    /// The line of element `element` of the array `key` in block `index`, else the line of `key`.
    func element(_ element: Int, of key: String, block index: Int) -> Int? {
        guard let line = self.key(key, block: index) else { return header(block: index) }
        return parsed.line(ofElement: element, inArrayOnLine: line) ?? line
    }

    /// The line of `key` in the block whose header is on `header`, reading `file` again (for preflight problems).
    static func line(of key: String, after header: Int, in file: String) -> Int? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return header }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return TOMLText.line(of: key, after: header, in: lines) ?? header
    }
}

/// Reads one `[[block]]` table, collecting its problems.
private struct BlockReader {
    let file: String
    let index: Int
    let values: [String: ConfigValue]
    let places: Places
    var problems: [SettingsFileError] = []

    init(file: String, index: Int, values: [String: ConfigValue], places: Places) {
        self.file = file
        self.index = index
        self.values = values
        self.places = places
    }

    private var label: String {
        if case .string(let name) = values["name"], !name.isEmpty { return "block \"\(name)\"" }
        return "block \(index + 1)"
    }

    private mutating func fail(_ key: String?, _ message: String) {
        let line = key.flatMap { places.key($0, block: index) } ?? places.header(block: index)
        problems.append(
            .invalid(file: file, line: line, message: "\(label): " + (key.map { "\($0): " } ?? "") + message))
    }

    /// A value as the message shows it: a number or text as written, anything else by its kind.
    private static func shown(_ value: ConfigValue) -> String {
        switch value {
        case .integer(let number): "\(number)"
        case .double(let number): NumberText.plain(number)
        case .string(let text): "\"\(text)\""
        default: value.typeName
        }
    }

    private mutating func string(_ key: String, required: Bool = false) -> String? {
        switch values[key] {
        case .none:
            if required { fail(nil, "missing \(key) = \"…\"") }
            return nil
        case .string(let text): return text
        case .some(let other):
            fail(key, "must be a string, found \(other.typeName)")
            return nil
        }
    }

    /// The widest a width in pixels may be: wider than any screen, small enough for every bar's integers.
    static let mostPixels = 10000

    /// A colour key: a template, or a colour checked here when it holds no `{{…}}` (a template's colour is checked
    /// when it renders).
    private mutating func color(_ key: String) -> String? {
        guard let text = string(key) else { return nil }
        if !text.contains("{{"), !text.isEmpty, !HexColor.isValid(text) {
            fail(key, "must be \(HexColor.expected) (or a template giving one), found \"\(text)\"")
        }
        return text
    }

    mutating func block() -> BarFile.Block? {
        for key in values.keys.sorted() where !BarFile.blockKeysForReader.contains(key) {
            fail(key, "unknown key; a block knows " + BarFile.blockKeysForReader.sorted().joined(separator: ", "))
        }
        let name = string("name", required: true)
        if let name, name.isEmpty { fail("name", "must not be empty") }
        let template = string("template", required: true)
        var block = BarFile.Block(
            name: name ?? "", template: template ?? "", color: color("color"), urgent: string("urgent"),
            actions: [:], line: places.header(block: index) ?? 0)
        block.instance = string("instance")
        block.shortTemplate = string("short_text")
        block.background = color("background")
        block.border = color("border")
        switch string("markup") {
        case .none, "none": break
        case "pango": block.pango = true
        case .some(let other): fail("markup", "must be \"pango\" or \"none\", found \"\(other)\"")
        }
        for (side, key) in BarFile.borderWidthKeys.enumerated() {
            switch values[key] {
            case .none: break
            case .integer(let pixels) where (0...Self.mostPixels).contains(pixels): block.borderWidths[side] = pixels
            case .integer(let pixels):
                fail(key, "must be a number of pixels from 0 to \(Self.mostPixels), found \(pixels)")
            case .some(let other): fail(key, "must be a number of pixels, found \(other.typeName)")
            }
        }
        switch values["min_width"] {
        case .none: break
        case .integer(let pixels) where (0...Self.mostPixels).contains(pixels): block.minWidth = .pixels(pixels)
        case .string(let text): block.minWidth = .text(text)
        case .some(let other):
            fail(
                "min_width",
                "must be a whole number of pixels (0 to \(Self.mostPixels)) or a text as wide as the block should be, such as "
                    + "\"00:00\", found \(Self.shown(other))")
        }
        if let align = string("align") {
            if ["left", "center", "right"].contains(align) {
                block.align = align
            } else {
                fail("align", "must be left, center or right, found \"\(align)\"")
            }
        }
        switch values["separator"] {
        case .none: break
        case .bool(let flag): block.separator = flag
        case .some(let other): fail("separator", "must be true or false, found \(other.typeName)")
        }
        switch values["separator_block_width"] {
        case .none: break
        case .integer(let pixels) where (0...Self.mostPixels).contains(pixels): block.separatorBlockWidth = pixels
        case .some(let other):
            fail(
                "separator_block_width",
                "must be a whole number of pixels (0 to \(Self.mostPixels)), found \(Self.shown(other))")
        }
        if let text = string("interval") {
            if let duration = DurationText.parse(text), duration >= .milliseconds(100) {
                block.interval = duration
            } else {
                fail("interval", "\"\(text)\" is not an interval of at least 100ms, such as 1s or 30s")
            }
        }
        for button in BarFile.Button.allCases {
            guard let value = values[button.key] else { continue }
            guard case .array(let elements) = value, !elements.isEmpty else {
                fail(button.key, "must be a non-empty array of strings (a program and its arguments, no shell)")
                continue
            }
            var argv: [String] = []
            for (position, element) in elements.enumerated() {
                if case .string(let text) = element {
                    argv.append(text)
                } else {
                    problems.append(
                        .invalid(
                            file: file, line: places.element(position, of: button.key, block: index),
                            message: "\(label): \(button.key)[\(position)] must be a string, found \(element.typeName)")
                    )
                }
            }
            if argv.count == elements.count {
                if argv[0].isEmpty {
                    fail(button.key, "the program (the first element) must not be empty")
                } else {
                    block.actions[button] = argv
                }
            }
        }
        guard problems.isEmpty, name != nil, template != nil else { return nil }
        return block
    }
}

extension BarFile {
    fileprivate static let blockKeysForReader = Set(blockKeys.map(\.name))
}
