/// A gettext `Plural-Forms` rule: the C expression of `n` a catalog's header gives (`plural=(n != 1);`), parsed once
/// and evaluated per count, so a new language brings its rule in its own `.po` file instead of in code.
///
/// The grammar is the one gettext accepts: integers, `n`, parentheses, `!`, `* / %`, `+ -`, `< <= > >=`,
/// `== !=`, `&&`, `||` and `? :`. An expression longer than 500 characters or nested deeper than 50 is refused.
struct PluralRule: Sendable {
    /// How many forms the rule chooses between.
    let count: Int
    private let expression: Node

    /// English, German, French… as written without a header: the second form for every n but 1.
    static let germanic = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    private init(count: Int, expression: Node) {
        self.count = count
        self.expression = expression
    }

    /// The rule of a catalog header's `Plural-Forms:` line; nil when it has none or it does not parse.
    init?(header: String) {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) else {
            return nil
        }
        var count: Int?
        var plural: String?
        for part in line.dropFirst("Plural-Forms:".count).split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].filter { $0 != " " }
            if key == "nplurals" { count = Int(pair[1].filter { $0 != " " }) }
            if key == "plural" { plural = String(pair[1]) }
        }
        guard let count, count >= 1, count <= 10, let plural, plural.count <= 500 else { return nil }
        var parser = Parser(plural)
        guard let node = parser.parse() else { return nil }
        self.init(count: count, expression: node)
    }

    /// The index of the form for `n`, within 0..<count.
    func form(for n: Int) -> Int {
        let value = Self.evaluate(expression, n: n.magnitude > UInt(Int.max) ? Int.max : abs(n))
        return value >= 0 && value < count ? value : 0
    }

    private indirect enum Node: Sendable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case ternary(Node, Node, Node)
    }

    private static func evaluate(_ node: Node, n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return evaluate(inner, n: n) == 0 ? 1 : 0
        case .ternary(let condition, let yes, let no):
            return evaluate(condition, n: n) != 0 ? evaluate(yes, n: n) : evaluate(no, n: n)
        case .binary(let op, let left, let right):
            let a = evaluate(left, n: n)
            if op == "&&" { return a != 0 && evaluate(right, n: n) != 0 ? 1 : 0 }
            if op == "||" { return a != 0 || evaluate(right, n: n) != 0 ? 1 : 0 }
            let b = evaluate(right, n: n)
            switch op {
            case "*": return a.multipliedReportingOverflow(by: b).partialValue
            case "/": return b == 0 ? 0 : a.dividedReportingOverflow(by: b).partialValue
            case "%": return b == 0 ? 0 : a.remainderReportingOverflow(dividingBy: b).partialValue
            case "+": return a.addingReportingOverflow(b).partialValue
            case "-": return a.subtractingReportingOverflow(b).partialValue
            case "<": return a < b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "==": return a == b ? 1 : 0
            default: return a != b ? 1 : 0
            }
        }
    }

    /// A recursive-descent parser over the expression's bytes, one function per precedence level.
    private struct Parser {
        private let bytes: [UInt8]
        private var index = 0
        private var depth = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        mutating func parse() -> Node? {
            guard let node = ternary() else { return nil }
            skipSpaces()
            return index == bytes.count ? node : nil
        }

        private mutating func ternary() -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 50, let condition = binary(level: 0) else { return nil }
            guard take("?") else { return condition }
            guard let yes = ternary(), take(":"), let no = ternary() else { return nil }
            return .ternary(condition, yes, no)
        }

        private static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
        ]

        private mutating func binary(level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { peek($0) }) {
                _ = take(op)
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 50 else { return nil }
            skipSpaces()
            if peek("!"), !peek("!=") {
                index += 1
                return unary().map { .not($0) }
            }
            if take("(") {
                guard let inner = ternary(), take(")") else { return nil }
                return inner
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "n") {
                index += 1
                return .n
            }
            var value = 0
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"),
                index - start < 9
            {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? .number(value) : nil
        }

        private mutating func skipSpaces() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        private mutating func peek(_ token: String) -> Bool {
            skipSpaces()
            let token = Array(token.utf8)
            guard index + token.count <= bytes.count else { return false }
            guard Array(bytes[index..<(index + token.count)]) == token else { return false }
            // `<` is not the start of `<=`, `|` alone is no operator.
            if token.count == 1, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "="),
                [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "=")].contains(token[0])
            {
                return false
            }
            return true
        }

        private mutating func take(_ token: String) -> Bool {
            guard peek(token) else { return false }
            index += token.utf8.count
            return true
        }
    }
}
