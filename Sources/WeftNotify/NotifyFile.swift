import Foundation
import WeftCore
import WeftPrimitives
import WeftRender

/// `notify.toml` (beside the providers directory, as `bar.toml`): what the notifier tells, how, and when not.
///
/// Top level: `quiet = "22:00-07:00"` (nothing but alarms is shown then), `late = "10m"` (how late a missed occasion
/// may still fire). One section per kind of occasion (`[alarms]`, `[pre-alerts]`, `[timers]`, `[reminders]`,
/// `[rain]`, `[habits]`, `[goals]`, `[alerts]`), each with `enabled`, `urgency`, `deliver`, `command`, `rate`, `late` and the
/// kind's own options; `[[rule]]` tables for the user's own conditions. Problems name the file and line.
public struct NotifyFile: Sendable {
    /// How an occasion reaches the user.
    public enum Delivery: String, Sendable, CaseIterable {
        /// The desktop's notification server.
        case notification
        /// The section's `command` only.
        case command
        /// Both.
        case both
    }

    /// At most `count` notifications per `period`.
    public struct Rate: Sendable, Equatable {
        /// How many.
        public var count: Int
        /// In how long.
        public var period: Duration
    }

    /// The settings every section and rule share.
    public struct Common: Sendable, Equatable {
        /// Whether it fires at all.
        public var enabled: Bool
        /// The urgency its notifications get, instead of the occasion's own.
        public var urgency: Occasion.Urgency?
        /// How it is delivered.
        public var deliver: Delivery = .notification
        /// The program run for it (argv, no shell), with the notification's fields in its environment.
        public var command: [String]?
        /// Its rate limit.
        public var rate: Rate?
        /// How late it may still fire (else the file's `late`).
        public var late: Duration?
        /// The line of `command`, for the problems of its program.
        public var commandLine: Int?
    }

    /// One kind's section.
    public struct Section: Sendable, Equatable {
        /// The shared settings.
        public var common: Common
        /// The kind's own options as written (arrays joined with commas), for the provider kinds' occasions.
        public var options: [String: String]
        /// Whether the file has the section.
        public var written: Bool
        /// The line of its header, when written.
        public var line: Int?
    }

    /// A `[[rule]]`.
    public struct Rule: Sendable, Equatable {
        /// Its name (`rule 2` when it has none), which its occasions' kind and rate limit count by.
        public var name: String
        /// The condition: a template that holds when it renders to something other than empty, `0` or `false`, or
        /// to a comparison of two numbers that holds (`3 <= 5`).
        public var when: String
        /// The summary template.
        public var title: String
        /// The body template.
        public var body: String
        /// The template naming the occurrence: the rule fires once per distinct rendering (default: once a day).
        public var key: String?
        /// A link template for the `open` action.
        public var link: String?
        /// The buttons.
        public var actions: [Occasion.Action]
        /// The shared settings.
        public var common: Common
        /// The line of its `[[rule]]` header.
        public var line: Int
    }

    /// The file, as given.
    public let file: String
    /// Whether the file exists (without it, every section has its default).
    public let exists: Bool
    /// Quiet hours, in minutes after local midnight: start and end (the end may be the next day).
    public let quiet: QuietHours?
    /// How late an occasion may still fire.
    public let late: Duration
    /// The sections by kind (every kind but `.rule` has one, written or default).
    public let sections: [Occasion.Kind: Section]
    /// The rules, in order.
    public let rules: [Rule]
    /// What is wrong with the file.
    public let problems: [SettingsFileError]

    /// The late window when the file says none.
    public static let defaultLate: Duration = .seconds(600)

    /// The kinds on without a section: what the user set up on purpose (alarms, timers, a calendar's own reminders).
    /// Rain, habit, goal and weather-alert notices nag, so they start when their section is written.
    public static let onByDefault: Set<Occasion.Kind> = [.alarm, .preAlert, .timer, .reminder, .alerts]

    /// The default urgency per kind: an alarm stays until dismissed.
    static func defaultUrgency(_ kind: Occasion.Kind) -> Occasion.Urgency? { kind == .alarm ? .critical : nil }

    /// The kind options each section knows, passed to the provider kinds (unknown keys are errors).
    public static let kindOptions: [Occasion.Kind: [String]] = [
        .alarm: [], .preAlert: [], .timer: [], .reminder: [], .rain: ["lead"], .habit: ["at"], .goal: [],
        .alerts: ["min_severity"],
    ]

    static let commonKeys = ["enabled", "urgency", "deliver", "command", "rate", "late"]
    static let ruleKeys = commonKeys + ["name", "when", "title", "body", "key", "link", "actions"]
    static let actionIDs = ["snooze", "dismiss", "done", "stop", "open"]

    /// The file's place: `notify.toml` beside the providers directory (`~/.config/weft/notify.toml` by default).
    public static func defaultPath(providersDirectory: String) -> String {
        PathExpansion.directory(of: providersDirectory) + "/notify.toml"
    }

    /// Reads and checks a file; a missing file is every default, one that cannot be read is its only problem.
    public init(contentsOf path: String) {
        guard FileManager.default.fileExists(atPath: path) else {
            self.init(text: "", file: path, exists: false)
            return
        }
        do {
            self.init(text: try String(contentsOfFile: path, encoding: .utf8), file: path)
        } catch {
            self.init(text: "", file: path, exists: false)
            self = NotifyFile(
                copying: self,
                problems: [
                    .unreadable(
                        file: path, what: "the notify file", reason: SettingsFileError.reason(reading: path, error))
                ])
        }
    }

    private init(copying other: NotifyFile, problems: [SettingsFileError]) {
        file = other.file
        exists = other.exists
        quiet = other.quiet
        late = other.late
        sections = other.sections
        rules = other.rules
        self.problems = problems
    }

    /// Parses and checks `text`; `file` names it in messages.
    public init(text: String, file: String, exists: Bool = true) {
        self.file = file
        self.exists = exists
        var reader = NotifyReader(file: file)
        let parsed: TOMLText
        do {
            parsed = try TOMLText(text, file: file)
        } catch {
            if case .malformedTOML(let file, let line, let column, let message) = error {
                reader.problems = [.malformed(file: file, line: line, column: column, message: message)]
            } else {
                reader.problems = [.invalid(file: file, line: 1, message: "\(ErrorText.words(error))")]
            }
            quiet = nil
            late = Self.defaultLate
            sections = Self.defaultSections
            rules = []
            problems = reader.problems
            return
        }
        reader.lines = parsed.lines.map(String.init)
        let read = reader.read(parsed.values)
        quiet = read.quiet
        late = read.late
        sections = read.sections
        rules = read.rules
        problems = reader.problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    static var defaultSections: [Occasion.Kind: Section] {
        var sections: [Occasion.Kind: Section] = [:]
        for kind in Occasion.Kind.allCases where kind != .rule {
            sections[kind] = Section(
                common: Common(enabled: onByDefault.contains(kind), urgency: defaultUrgency(kind)), options: [:],
                written: false)
        }
        return sections
    }

    /// The options every provider kind is asked with: each section's options under `section.key`, and under the
    /// bare `key` too (a kind's own section wins for its occasions; a bare key written in two sections keeps the
    /// first section's value in `Occasion.Kind` order).
    public var providerOptions: [String: String] {
        var options: [String: String] = [:]
        for kind in Occasion.Kind.allCases {
            guard let section = sections[kind] else { continue }
            for (key, value) in section.options {
                options["\(kind.rawValue).\(key)"] = value
                if options[key] == nil { options[key] = value }
            }
        }
        return options
    }

    /// The settings of the section or rule an occasion belongs to.
    public func common(for occasion: Occasion) -> Common {
        if occasion.kind == .rule, let name = occasion.fields["rule"],
            let rule = rules.first(where: { $0.name == name })
        {
            return rule.common
        }
        return sections[occasion.kind]?.common ?? Common(enabled: false)
    }

    /// The ledger's kind of an occasion: its section, or `rule:NAME`.
    public static func ledgerKind(_ occasion: Occasion) -> String {
        occasion.kind == .rule ? "rule:" + (occasion.fields["rule"] ?? "") : occasion.kind.rawValue
    }
}

extension NotifyFile {
    /// Problems that show only when a command runs: a program that is neither in `PATH` nor an executable file
    /// (`weft` is always found: commands run this very binary).
    public func preflight(environment: [String: String]) -> [SettingsFileError] {
        var places: [(label: String, line: Int?, command: [String]?)] = rules.map {
            ("rule \"\($0.name)\"", $0.common.commandLine ?? $0.line, $0.common.command)
        }
        for kind in Occasion.Kind.allCases {
            guard let section = sections[kind], section.written else { continue }
            places.append(("[\(kind.rawValue)]", section.common.commandLine ?? section.line, section.common.command))
        }
        var problems: [SettingsFileError] = []
        for place in places {
            guard let program = place.command?.first, program != "weft",
                Executables.find(program, environment: environment) == nil
            else { continue }
            problems.append(
                .invalid(
                    file: file, line: place.line,
                    message: "\(place.label): command: no program \"\(program)\" "
                        + (program.contains("/") ? "(not an executable file)" : "in PATH")))
        }
        return problems
    }
}

/// Quiet hours: a span of the local day, possibly across midnight.
public struct QuietHours: Sendable, Equatable {
    /// Minutes after local midnight it starts.
    public var start: Int
    /// Minutes after local midnight it ends (before `start`: the next day).
    public var end: Int

    /// Parses `HH:MM-HH:MM`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end
        else { return nil }
        self.start = start
        self.end = end
    }

    /// `HH:MM` as minutes after midnight (``TimeOfDayText``, the one reader of a wall-clock time); nil for anything
    /// else.
    static func minutes(_ text: Substring) -> Int? {
        TimeOfDayText.parse(text.trimmingCharacters(in: .whitespaces)).map { $0.hour * 60 + $0.minute }
    }

    /// Whether `date` falls in the quiet hours in `zone`.
    public func contains(_ date: Date, in zone: TimeZone) -> Bool {
        let local = LocalTime.components(of: date, in: zone)
        let minute = local.hour * 60 + local.minute
        return start < end ? (start <= minute && minute < end) : (minute >= start || minute < end)
    }
}

/// Reads the parsed values of a notify file, collecting problems with their lines.
private struct NotifyReader {
    let file: String
    var lines: [String] = []
    var problems: [SettingsFileError] = []

    init(file: String) { self.file = file }

    struct Read {
        var quiet: QuietHours?
        var late = NotifyFile.defaultLate
        var sections = NotifyFile.defaultSections
        var rules: [NotifyFile.Rule] = []
    }

    // MARK: Places

    private func isHeader(_ line: String, _ name: String, array: Bool) -> Bool {
        let compact = line.filter { $0 != " " && $0 != "\t" }
        let quoted = array ? "[[\"\(name)\"]]" : "[\"\(name)\"]"
        return compact.hasPrefix(array ? "[[\(name)]]" : "[\(name)]") || compact.hasPrefix(quoted)
    }

    /// The 1-based line of table `name`'s header (the `index`th `[[name]]` for arrays of tables).
    func header(_ name: String, index: Int? = nil) -> Int? {
        var seen = 0
        for (number, line) in lines.enumerated() where isHeader(line, name, array: index != nil) {
            if index == nil || seen == index { return number + 1 }
            seen += 1
        }
        return nil
    }

    /// The line of `key = …` in the table starting at `header` (0: the top level).
    func line(of key: String, after header: Int?) -> Int? {
        TOMLText.line(of: key, after: header ?? 0, in: lines)
    }

    mutating func fail(_ line: Int?, _ message: String) {
        problems.append(.invalid(file: file, line: line, message: message))
    }

    // MARK: Reading

    mutating func read(_ values: [String: ConfigValue]) -> Read {
        var read = Read()
        for key in values.keys.sorted() {
            let value = values[key] ?? .string("")
            switch key {
            case "quiet":
                guard case .string(let text) = value, let quiet = QuietHours(text) else {
                    fail(
                        line(of: key, after: nil),
                        "quiet must be a span of the day such as \"22:00-07:00\" (HH:MM-HH:MM, start and end differ)")
                    continue
                }
                read.quiet = quiet
            case "late":
                if let late = duration(value, key: key, header: nil) { read.late = late }
            case "rule":
                guard case .array(let elements) = value,
                    elements.allSatisfy({ if case .table = $0 { true } else { false } })
                else {
                    fail(line(of: key, after: nil), "rules are written as [[rule]] tables")
                    continue
                }
                for (index, element) in elements.enumerated() {
                    guard case .table(let table) = element else { continue }
                    if let rule = rule(table, index: index) { read.rules.append(rule) }
                }
            default:
                guard let kind = Occasion.Kind(rawValue: key), kind != .rule else {
                    let known =
                        ["quiet", "late"] + Occasion.Kind.allCases.filter { $0 != .rule }.map { "[\($0.rawValue)]" }
                    fail(
                        header(key) ?? line(of: key, after: nil),
                        "unknown key \"\(key)\"; a notify file knows \(known.joined(separator: ", ")) and [[rule]]")
                    continue
                }
                guard case .table(let table) = value else {
                    fail(line(of: key, after: nil), "\(key) must be a table: [\(key)]")
                    continue
                }
                read.sections[kind] = section(kind, table)
            }
        }
        var names: [String: Int] = [:]
        for rule in read.rules {
            if let first = names[rule.name] {
                fail(
                    rule.line, "a second rule named \"\(rule.name)\" (the first is on line \(first)); names must differ"
                )
            } else {
                names[rule.name] = rule.line
            }
        }
        return read
    }

    mutating func duration(_ value: ConfigValue, key: String, header: Int?) -> Duration? {
        guard case .string(let text) = value, let duration = DurationText.parse(text) else {
            fail(line(of: key, after: header), "\(key) must be a duration such as \"10m\" or \"1h30m\"")
            return nil
        }
        return duration
    }

    mutating func section(_ kind: Occasion.Kind, _ table: [String: ConfigValue]) -> NotifyFile.Section {
        let start = header(kind.rawValue)
        let label = "[\(kind.rawValue)]"
        var common = NotifyFile.Common(enabled: true, urgency: NotifyFile.defaultUrgency(kind))
        var options: [String: String] = [:]
        let known = NotifyFile.kindOptions[kind] ?? []
        for key in table.keys.sorted() {
            let value = table[key] ?? .string("")
            if NotifyFile.commonKeys.contains(key) {
                readCommon(&common, key, value, header: start, label: label)
            } else if known.contains(key) {
                if let text = optionText(value) {
                    if let problem = Self.optionProblem(key, text) {
                        fail(line(of: key, after: start), "\(label) \(key) = \"\(text)\" is not \(problem)")
                    }
                    options[key] = text
                } else {
                    fail(line(of: key, after: start), "\(label) \(key) must be a string, a number or an array of them")
                }
            } else {
                fail(
                    line(of: key, after: start) ?? start,
                    "\(label): unknown key \"\(key)\"; it knows "
                        + (NotifyFile.commonKeys + known).joined(separator: ", "))
            }
        }
        requireCommand(common, header: start, label: label)
        return NotifyFile.Section(common: common, options: options, written: true, line: start)
    }

    /// What a kind option must be, when its value is not that (`lead` a duration, `at` a time of day).
    static func optionProblem(_ key: String, _ text: String) -> String? {
        switch key {
        case "lead": DurationText.parse(text) == nil ? "a duration such as \"15m\"" : nil
        case "at": TimeOfDayText.parse(text) == nil ? "a time of day such as \"20:00\"" : nil
        case "min_severity": OccasionQuery.severities.contains(text) ? nil : OccasionQuery.severityExpected
        default: nil
        }
    }

    private func optionText(_ value: ConfigValue) -> String? {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .double(let number): NumberText.plain(number)
        case .bool(let flag): flag ? "true" : "false"
        case .array(let elements):
            elements.map(optionText).contains(nil) ? nil : elements.compactMap(optionText).joined(separator: ",")
        default: nil
        }
    }

    mutating func readCommon(
        _ common: inout NotifyFile.Common, _ key: String, _ value: ConfigValue, header: Int?, label: String
    ) {
        let place = line(of: key, after: header) ?? header
        switch key {
        case "enabled":
            if case .bool(let flag) = value {
                common.enabled = flag
            } else {
                fail(place, "\(label) enabled must be true or false")
            }
        case "urgency":
            if case .string(let text) = value, let urgency = Occasion.Urgency(rawValue: text) {
                common.urgency = urgency
            } else {
                fail(place, "\(label) urgency must be \"low\", \"normal\" or \"critical\"")
            }
        case "deliver":
            if case .string(let text) = value, let deliver = NotifyFile.Delivery(rawValue: text) {
                common.deliver = deliver
            } else {
                fail(place, "\(label) deliver must be \"notification\", \"command\" or \"both\"")
            }
        case "command":
            if case .array(let elements) = value, !elements.isEmpty,
                case let argv = elements.compactMap({ if case .string(let text) = $0 { text } else { nil } }),
                argv.count == elements.count, !argv[0].isEmpty
            {
                common.command = argv
                common.commandLine = place
            } else {
                fail(
                    place,
                    "\(label) command must be a non-empty array of strings (a program and its arguments, no shell)")
            }
        case "rate":
            if case .string(let text) = value, let rate = Self.rate(text) {
                common.rate = rate
            } else {
                fail(place, "\(label) rate must be a count per duration such as \"3/1h\" or \"1/1d\"")
            }
        case "late":
            if case .string(let text) = value, let late = DurationText.parse(text) {
                common.late = late
            } else {
                fail(place, "\(label) late must be a duration such as \"10m\"")
            }
        default: break
        }
    }

    /// `deliver = "command"` or `"both"` needs a command to run.
    mutating func requireCommand(_ common: NotifyFile.Common, header: Int?, label: String) {
        guard common.deliver != .notification, common.command == nil else { return }
        fail(
            line(of: "deliver", after: header) ?? header,
            "\(label): deliver = \"\(common.deliver.rawValue)\" needs command = [\"program\", …]")
    }

    static func rate(_ text: String) -> NotifyFile.Rate? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let count = Int(parts[0].trimmingCharacters(in: .whitespaces)), count > 0,
            let period = DurationText.parse(String(parts[1])), period > .zero
        else { return nil }
        return NotifyFile.Rate(count: count, period: period)
    }

    mutating func rule(_ table: [String: ConfigValue], index: Int) -> NotifyFile.Rule? {
        let start = header("rule", index: index)
        let before = problems.count
        var name = "rule \(index + 1)"
        if case .string(let text) = table["name"], !text.isEmpty { name = text }
        let label = "rule \"\(name)\""
        var common = NotifyFile.Common(enabled: true)
        for key in table.keys.sorted() where !NotifyFile.ruleKeys.contains(key) {
            fail(
                line(of: key, after: start) ?? start,
                "\(label): unknown key \"\(key)\"; a rule knows " + NotifyFile.ruleKeys.joined(separator: ", "))
        }
        func text(_ key: String, required: Bool) -> String? {
            switch table[key] {
            case .none:
                if required { fail(start, "\(label): missing \(key) = \"…\"") }
                return nil
            case .string(let text):
                if let problem = TemplateCheck.problem(text) {
                    fail(line(of: key, after: start) ?? start, "\(label): \(key): \(problem)")
                }
                return text
            case .some(let other):
                fail(line(of: key, after: start) ?? start, "\(label): \(key) must be a string, found \(other.typeName)")
                return nil
            }
        }
        let when = text("when", required: true)
        let title = text("title", required: true)
        let body = text("body", required: false)
        let key = text("key", required: false)
        let link = text("link", required: false)
        for commonKey in NotifyFile.commonKeys {
            if let value = table[commonKey] { readCommon(&common, commonKey, value, header: start, label: label) }
        }
        var actions: [Occasion.Action] = []
        if let value = table["actions"] {
            if case .array(let elements) = value,
                case let ids = elements.compactMap({ if case .string(let text) = $0 { text } else { nil } }),
                ids.count == elements.count, ids.allSatisfy(NotifyFile.actionIDs.contains)
            {
                actions = ids.map { Occasion.Action(id: $0, label: ActionLabels.label($0)) }
            } else {
                fail(
                    line(of: "actions", after: start) ?? start,
                    "\(label): actions must be an array of "
                        + NotifyFile.actionIDs.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        }
        requireCommand(common, header: start, label: label)
        guard problems.count == before, let when, let title else { return nil }
        return NotifyFile.Rule(
            name: name, when: when, title: title, body: body ?? "", key: key, link: link, actions: actions,
            common: common, line: start ?? 0)
    }
}

/// The buttons' default labels.
enum ActionLabels {
    static func label(_ id: String) -> String {
        switch id {
        case "snooze": "Snooze"
        case "dismiss": "Dismiss"
        case "done": "Done"
        case "stop": "Stop"
        case "restart": "Restart"
        case "open": "Open"
        default: id
        }
    }
}

extension NotifyFile {
    /// The templates of the rules (`when`, `title`, `body`, `key`, `link`), each placed on the line of its key:
    /// what a template check reads.
    public var templates: [PlacedTemplate] {
        let lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false)
        return rules.flatMap { rule in
            let keys: [(String, String?)] = [
                ("when", rule.when), ("title", rule.title), ("body", rule.body.isEmpty ? nil : rule.body),
                ("key", rule.key), ("link", rule.link),
            ]
            return keys.compactMap { key, text in
                text.map {
                    PlacedTemplate(
                        file: file, line: TOMLText.line(of: key, after: rule.line, in: lines) ?? rule.line,
                        what: "rule \"\(rule.name)\": \(key)", text: $0)
                }
            }
        }
    }
}
