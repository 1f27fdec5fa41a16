import WeftCommandLine
import WeftPrimitives

/// The parts `weft steps import` and `weft habit import` say alike, in the reader's language.
enum ImportSummary {
    /// The first ten skipped rows, each on its own line, then how many more there were.
    static func skipped<Issue>(_ issues: [Issue], count: Int, in catalog: Catalog) {
        for issue in issues.prefix(10) { Stderr.line("weft: " + catalog.text("skipped {row}", ["row": "\(issue)"])) }
        let more = count - min(issues.count, 10)
        if more > 0 {
            Stderr.line(
                "weft: "
                    + catalog.plural(
                        "… and {count} more bad row", "… and {count} more bad rows", count: more, ["count": "\(more)"]))
        }
    }

    /// `imported 5 rows`.
    static func rows(_ count: Int, in catalog: Catalog) -> String {
        catalog.plural("imported {count} row", "imported {count} rows", count: count, ["count": "\(count)"])
    }

    /// `from 2 files`.
    static func files(_ count: Int, in catalog: Catalog) -> String {
        catalog.plural("from {count} file", "from {count} files", count: count, ["count": "\(count)"])
    }
}
