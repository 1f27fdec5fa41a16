import Foundation

/// The `{{=expr}}` maths language: a lenient lexer, a recursive-descent parser and an evaluator in one
/// pass. It only computes numbers; variables are read through the render's lookup.
struct MathExpression {
    /// Nesting deeper than this is a parse error, so a hostile template cannot exhaust the stack.
    static let maximumDepth = 500

    private let tokens: [MathToken]
    private let now: Date
    private let lookup: (String) -> String?
    private var index = 0
    private var depth = 0

    private init(tokens: [MathToken], now: Date, lookup: @escaping (String) -> String?) {
        self.tokens = tokens
        self.now = now
        self.lookup = lookup
    }

    /// The value of `source`, or nil on a parse error (the token's fallback is used then).
    /// Tokens left over after a complete expression are ignored.
    static func evaluate(_ source: String, now: Date, lookup: (String) -> String?) -> Double? {
        guard let tokens = MathLexer.tokens(of: source) else { return nil }
        return withoutActuallyEscaping(lookup) { lookup in
            var parser = MathExpression(tokens: tokens, now: now, lookup: lookup)
            return parser.parseSum()
        }
    }

    /// The canonical key a bare maths identifier reads: `_` is a space, except that names starting with
    /// `__` (the built-ins) are kept as written.
    static func key(forIdentifier name: String) -> String {
        if name.hasPrefix("__") { return TemplateKey.canonical(name) }
        return TemplateKey.canonical(name.replacingOccurrences(of: "_", with: " "))
    }

    // MARK: Grammar, loosest first: sum, product, power (right-associative), sign, primary.

    private var current: MathToken? {
        index < tokens.count ? tokens[index] : nil
    }

    private mutating func advance() {
        index += 1
    }

    private mutating func parseSum() -> Double? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        guard var value = parseProduct() else { return nil }
        while let token = current, token == .plus || token == .minus {
            advance()
            guard let right = parseProduct() else { return nil }
            value = token == .plus ? value + right : value - right
        }
        return value
    }

    private mutating func parseProduct() -> Double? {
        guard var value = parsePower() else { return nil }
        while let token = current, token == .star || token == .slash || token == .percent {
            advance()
            guard let right = parsePower() else { return nil }
            switch token {
            case .star: value *= right
            case .slash: value = right == 0 ? 0 : value / right
            default: value = right == 0 ? 0 : value.truncatingRemainder(dividingBy: right)
            }
        }
        return value
    }

    private mutating func parsePower() -> Double? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        guard let base = parseSign() else { return nil }
        guard current == .caret else { return base }
        advance()
        guard let exponent = parsePower() else { return nil }
        return Foundation.pow(base, exponent)
    }

    /// Signs bind tighter than `^`, so `-2^2` is `(-2)^2`.
    private mutating func parseSign() -> Double? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        switch current {
        case .plus:
            advance()
            return parseSign()
        case .minus:
            advance()
            return parseSign().map { -$0 }
        default:
            return parsePrimary()
        }
    }

    private mutating func parsePrimary() -> Double? {
        switch current {
        case .number(let value):
            advance()
            return value
        case .string:
            advance()
            return 0
        case .leftParenthesis:
            advance()
            guard let value = parseSum(), current == .rightParenthesis else { return nil }
            advance()
            return value
        case .identifier(let name):
            advance()
            if current == .leftParenthesis {
                advance()
                return parseCall(name)
            }
            return identifierValue(name)
        default:
            return nil
        }
    }

    /// Parses the arguments after `(` up to and including `)`, then applies the function.
    private mutating func parseCall(_ name: String) -> Double? {
        let function = name.lowercased()
        var arguments: [Double] = []
        if current == .rightParenthesis {
            advance()
        } else {
            while true {
                let argument: Double
                if function == "var", let key = loneKeyArgument() {
                    argument = variable(key)
                } else {
                    guard let value = parseSum() else { return nil }
                    argument = value
                }
                arguments.append(argument)
                if current == .comma {
                    advance()
                    // A trailing comma closes the call like `)` alone would: `min(1, 2,)` is 1.
                    guard current != .rightParenthesis else {
                        advance()
                        break
                    }
                    continue
                }
                guard current == .rightParenthesis else { return nil }
                advance()
                break
            }
        }
        return apply(function, to: arguments)
    }

    /// Inside `var(…)` a lone string is the key as written and a lone identifier follows the `_` rule
    /// (constants do not apply: `var(e)` reads the variable `e`).
    private mutating func loneKeyArgument() -> String? {
        guard index + 1 < tokens.count,
            tokens[index + 1] == .comma || tokens[index + 1] == .rightParenthesis
        else { return nil }
        switch tokens[index] {
        case .string(let text):
            advance()
            return TemplateKey.canonical(text)
        case .identifier(let name):
            advance()
            return Self.key(forIdentifier: name)
        default:
            return nil
        }
    }

    private func apply(_ function: String, to arguments: [Double]) -> Double {
        func argument(_ position: Int) -> Double? {
            position < arguments.count ? arguments[position] : nil
        }
        switch function {
        case "min":
            return arguments.min() ?? 0
        case "max":
            return arguments.max() ?? 0
        case "clamp":
            guard arguments.count >= 3 else { return 0 }
            let low = Swift.min(arguments[1], arguments[2])
            let high = Swift.max(arguments[1], arguments[2])
            // min/max rather than a range: a NaN bound must not trap.
            return Swift.min(Swift.max(arguments[0], low), high)
        case "ratio":
            // weft's own: x of goal as a fraction held to 0…1, what `bar` and `percent` read as a fraction even
            // past the goal (they take a value above 1 as a percentage already).
            guard arguments.count >= 2, arguments[1] != 0 else { return 0 }
            let fraction = arguments[0] / arguments[1]
            return fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        case "abs":
            return argument(0).map { Swift.abs($0) } ?? 0
        case "floor":
            return argument(0).map { $0.rounded(.down) } ?? 0
        case "ceil":
            return argument(0).map { $0.rounded(.up) } ?? 0
        case "round":
            return argument(0).map { $0.rounded(.toNearestOrAwayFromZero) } ?? 0
        case "pow":
            guard arguments.count >= 2 else { return 0 }
            return Foundation.pow(arguments[0], arguments[1])
        case "sqrt":
            return argument(0).map { $0 < 0 ? 0 : $0.squareRoot() } ?? 0
        case "log":
            return argument(0).map { $0 <= 0 ? 0 : Foundation.log($0) } ?? 0
        case "exp":
            return argument(0).map { Foundation.exp($0) } ?? 0
        case "var":
            return argument(0) ?? 0
        case "now":
            return now.timeIntervalSince1970
        default:
            return 0
        }
    }

    private func identifierValue(_ name: String) -> Double {
        switch name.lowercased() {
        case "pi": return Double.pi
        case "e": return M_E
        default: return variable(Self.key(forIdentifier: name))
        }
    }

    /// A variable read as a number; missing, empty or non-numeric values read as 0.
    private func variable(_ key: String) -> Double {
        guard !key.isEmpty, let raw = lookup(key) else { return 0 }
        return TemplateNumber.parse(raw) ?? 0
    }

    private mutating func enter() -> Bool {
        depth += 1
        return depth <= Self.maximumDepth
    }
}

/// One lexical token of the maths language.
enum MathToken: Equatable {
    case number(Double)
    case identifier(String)
    case string(String)
    case plus, minus, star, slash, percent, caret
    case leftParenthesis, rightParenthesis, comma
}

/// The lenient lexer: numbers are digits with at most one `.` (no exponent), identifiers are ASCII
/// letters, digits and `_` not starting with a digit, strings are double-quoted; any other character
/// is skipped.
enum MathLexer {
    /// All tokens of `source`, or nil when a string is not closed.
    static func tokens(of source: String) -> [MathToken]? {
        let bytes = Array(source.utf8)
        var tokens: [MathToken] = []
        var position = 0

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
        }
        func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }

        while position < bytes.count {
            let byte = bytes[position]
            let next = position + 1 < bytes.count ? bytes[position + 1] : nil
            switch byte {
            case UInt8(ascii: "+"): tokens.append(.plus)
            case UInt8(ascii: "-"): tokens.append(.minus)
            case UInt8(ascii: "*"): tokens.append(.star)
            case UInt8(ascii: "/"): tokens.append(.slash)
            case UInt8(ascii: "%"): tokens.append(.percent)
            case UInt8(ascii: "^"): tokens.append(.caret)
            case UInt8(ascii: "("): tokens.append(.leftParenthesis)
            case UInt8(ascii: ")"): tokens.append(.rightParenthesis)
            case UInt8(ascii: ","): tokens.append(.comma)
            case UInt8(ascii: "\""):
                let start = position + 1
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                tokens.append(.string(text(start..<end)))
                position = end
            case _ where isDigit(byte) || (byte == UInt8(ascii: ".") && next.map(isDigit) == true):
                let start = position
                var seenDot = false
                while position < bytes.count {
                    let current = bytes[position]
                    if isDigit(current) {
                        position += 1
                    } else if current == UInt8(ascii: "."), !seenDot {
                        seenDot = true
                        position += 1
                    } else {
                        break
                    }
                }
                tokens.append(.number(Double(text(start..<position)) ?? 0))
                continue
            case _ where isLetter(byte):
                let start = position
                while position < bytes.count, isLetter(bytes[position]) || isDigit(bytes[position]) {
                    position += 1
                }
                tokens.append(.identifier(text(start..<position)))
                continue
            default:
                // Lenient: a character that cannot start a token is skipped.
                break
            }
            position += 1
        }
        return tokens
    }
}
