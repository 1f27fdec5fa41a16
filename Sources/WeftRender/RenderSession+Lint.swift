import WeftTemplate

extension RenderSession {
    /// The template lint of what this session can answer: a key is known when a render would find a value for it
    /// (a provider's snapshot, `--vars`, a stored variable, a time built-in), or when it falls under the prefix of
    /// a configured provider that has no snapshot yet (its keys cannot be told until it refreshes). Every
    /// configured provider answers its `error` and `warnings` keys.
    public func lint(configuredPrefixes: [String]) -> TemplateLint {
        let all = resolver.allVariables()
        let prefixes = configuredPrefixes.filter { !$0.isEmpty }
        let unseen = prefixes.filter { prefix in !all.keys.contains { $0.hasPrefix(prefix) } }
        let health = prefixes.flatMap { [$0 + "error", $0 + "warnings"] }
        let resolver = resolver
        return TemplateLint(knownKeys: Array(all.keys) + health) { key in
            all[key] != nil || health.contains(key) || unseen.contains { key.hasPrefix($0) }
                || resolver.value(key) != nil
        }
    }
}

/// A template written in a settings file, with its place: what `weft check` and `weft bar --check` lint.
public struct PlacedTemplate: Sendable, Equatable {
    /// The file it is written in.
    public var file: String
    /// The line of its key.
    public var line: Int
    /// What it is, for messages: `block "water": template`, `rule "rain": body`.
    public var what: String
    /// The template.
    public var text: String

    /// Creates a placed template.
    public init(file: String, line: Int, what: String, text: String) {
        self.file = file
        self.line = line
        self.what = what
        self.text = text
    }

    /// `FILE:LINE: warning: WHAT: column N: message` for each problem `lint` finds.
    public func warnings(_ lint: TemplateLint) -> [String] {
        lint.problems(in: text).map { "\(file):\(line): warning: \(what): \($0)" }
    }
}
