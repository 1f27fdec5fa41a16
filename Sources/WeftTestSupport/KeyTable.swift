import Foundation

/// The key tables at the head of a provider's `*Variables.swift` file, read from the source itself: the
/// documentation is the one list of a provider's keys, and tests check what the provider derives against it.
///
/// A table is a Markdown table in `///` lines under a `## ` heading. Its first column holds one or more keys in
/// backticks, without the prefix; `<name>` in a key stands for a part that varies (a habit's slug). Rows under a
/// heading that starts with "Bookkeeping" are the keys the resolver adds for every provider: a provider may derive
/// them too (to give its own value) but need not.
public struct KeyTable: Sendable {
    /// One row of a table.
    struct Row: Sendable, Equatable {
        /// The keys of the first column, without prefix, placeholders unexpanded.
        var keys: [String]
        /// The second and third columns.
        var meaning: String
        var example: String
        /// Whether the row is under a "Bookkeeping" heading.
        var bookkeeping: Bool
    }

    /// The source file the table was read from.
    let file: String
    /// Every row, in order.
    let rows: [Row]

    /// Reads the tables of the one file named `name` under the package's `Sources` (found wherever it was moved).
    public init(sourceFile name: String, testFile: String = #filePath) throws(KeyTableError) {
        let path = try Self.locate(name, from: testFile)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path) }
        self.init(parsing: text, file: path)
    }

    /// Reads the tables of a source text.
    public init(parsing text: String, file: String) {
        self.file = file
        var rows: [Row] = []
        var bookkeeping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("///") else { continue }
            let content = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if content.hasPrefix("## ") {
                bookkeeping = content.dropFirst(3).hasPrefix("Bookkeeping")
                continue
            }
            guard content.hasPrefix("|") else { continue }
            let cells = content.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            // The header row and the `|---|` line under it.
            guard cells.count >= 3, cells[0] != "key", !cells[0].hasPrefix("---") else { continue }
            rows.append(
                Row(keys: Self.quoted(cells[0]), meaning: cells[1], example: cells[2], bookkeeping: bookkeeping))
        }
        self.rows = rows
    }

    /// What disagrees between the tables and the keys a provider derived, one message each; empty when they match.
    ///
    /// Every row needs a key, a meaning and an example. Every key of a non-bookkeeping row must be derived, and every
    /// derived key must be documented. A `<name>` placeholder is expanded with each of `placeholders[name]` (the
    /// slugs a fixture really has), so the match is exact; a placeholder without values is reported.
    public func mismatches(
        derived: some Sequence<String>, prefix: String, placeholders: [String: [String]] = [:]
    ) -> [String] {
        var problems: [String] = []
        if rows.isEmpty { problems.append("\(file): no key table") }
        var required: Set<String> = []
        var optional: Set<String> = []
        var seen: Set<String> = []
        for row in rows {
            if row.keys.isEmpty || row.meaning.isEmpty || row.example.isEmpty {
                problems.append("\(file): a row needs a key in backticks, a meaning and an example: \(row)")
            }
            for key in row.keys {
                if !seen.insert(key).inserted { problems.append("\(key) is documented twice") }
                let expanded = Self.expand(key, placeholders, problems: &problems)
                if row.bookkeeping { optional.formUnion(expanded) } else { required.formUnion(expanded) }
            }
        }
        var found: Set<String> = []
        for key in derived {
            guard key.hasPrefix(prefix) else {
                problems.append("\(key) does not start with the prefix \(prefix)")
                continue
            }
            let bare = String(key.dropFirst(prefix.count))
            found.insert(bare)
            if !required.contains(bare), !optional.contains(bare) {
                problems.append("\(key) is derived, not documented")
            }
        }
        for key in required.subtracting(found).sorted() {
            problems.append("\(prefix)\(key) is documented, not derived")
        }
        return problems
    }

    /// The texts in backticks.
    static func quoted(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 && !part.isEmpty ? String(part) : nil
        }
    }

    /// `key` with each `<name>` replaced by each of its values.
    static func expand(_ key: String, _ placeholders: [String: [String]], problems: inout [String]) -> [String] {
        guard let open = key.firstIndex(of: "<"), let close = key[open...].firstIndex(of: ">") else { return [key] }
        let name = String(key[key.index(after: open)..<close])
        guard let values = placeholders[name], !values.isEmpty else {
            problems.append("no values given for <\(name)> in \(key)")
            return []
        }
        return values.flatMap { value in
            expand(key.replacingCharacters(in: open...close, with: value), placeholders, problems: &problems)
        }
    }

    /// The one file named `name` under `Sources` of the package holding `testFile`.
    static func locate(_ name: String, from testFile: String) throws(KeyTableError) -> String {
        var directory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            guard directory.path != "/" else { throw .noPackage(testFile) }
            directory = directory.deletingLastPathComponent()
        }
        let sources = directory.appendingPathComponent("Sources")
        let found = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
            .filter { ($0 as NSString).lastPathComponent == name }
        guard found.count == 1, let only = found.first else { throw .notOneFile(name, found) }
        return sources.appendingPathComponent(only).path
    }
}

/// Why a key table could not be read.
public enum KeyTableError: Error, CustomStringConvertible {
    /// No `Package.swift` above the test file.
    case noPackage(String)
    /// Not exactly one source file has the name.
    case notOneFile(String, [String])
    /// The file could not be read as UTF-8.
    case unreadable(String)

    public var description: String {
        switch self {
        case .noPackage(let file): "no Package.swift in any folder above \(file)"
        case .notOneFile(let name, let found):
            "expected one \(name) under Sources, found \(found.isEmpty ? "none" : found.joined(separator: ", "))"
        case .unreadable(let path): "cannot read \(path) as UTF-8"
        }
    }
}
