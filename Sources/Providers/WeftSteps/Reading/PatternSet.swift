/// Date layouts tried in order, starting with the one that matched last (files rarely mix layouts, but some do).
struct PatternSet {
    let patterns: [DatePattern]
    var last = 0

    init(_ layouts: [String]) {
        var patterns: [DatePattern] = []
        for layout in layouts {
            if let list = try? DatePattern.list(layout) { patterns += list }
        }
        self.patterns = patterns
    }

    init(patterns: [DatePattern]) { self.patterns = patterns }

    mutating func match(_ bytes: UnsafeBufferPointer<UInt8>) -> DateFields? {
        guard !patterns.isEmpty else { return nil }
        if let fields = patterns[last].match(bytes) { return fields }
        for (index, pattern) in patterns.enumerated() where index != last {
            if let fields = pattern.match(bytes) {
                last = index
                return fields
            }
        }
        return nil
    }

    var expected: String { patterns.prefix(3).map(\.description).joined(separator: " or ") }
}
