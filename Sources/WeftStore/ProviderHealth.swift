import Foundation
import WeftCore
import WeftPrimitives

/// A provider's health as its last refresh left it: the one answer `weft status`, `weft vars`, renders, status bars,
/// the dashboard and `/v1/*` all show. None of them re-checks the provider file in its own environment: a refresh
/// under a timer that has `PIRATE_KEY` is not a failure because a shell without it looks at the result.
///
/// Four states, worst first: failed (its file could not be used or its last refresh failed; the last good data is
/// kept), stale (its data is past its validity), ok with warnings (the last refresh succeeded but reported something
/// a user may want to fix, such as a skipped file of a vdir) and ok.
public struct ProviderHealth: Sendable, Equatable {
    /// The four states. The raw values are what `weft status --json` and `/v1/status` print.
    public enum State: String, Sendable, Encodable {
        case ok
        case warning
        case stale
        case failed
    }

    /// The provider instance.
    public var instance: String
    /// Its variable prefix (its `<prefix>error` and `<prefix>warnings` carry what is wrong).
    public var prefix: String
    /// Why the last refresh could not use its provider file, as that refresh recorded it.
    public var configError: String?
    /// The last attempt's error, when it failed.
    public var attemptError: String?
    /// The HTTP status of that failure, if it was one.
    public var httpStatus: Int?
    /// What the last successful refresh reported besides its data, one line each.
    public var warnings: [String]
    /// Until when its snapshot is fresh; nil when it has none.
    public var validUntil: Date?

    /// Creates a health record.
    public init(
        instance: String, prefix: String, configError: String? = nil, attemptError: String? = nil,
        httpStatus: Int? = nil, warnings: [String] = [], validUntil: Date? = nil
    ) {
        self.instance = instance
        self.prefix = prefix
        self.configError = configError
        self.attemptError = attemptError
        self.httpStatus = httpStatus
        self.warnings = warnings
        self.validUntil = validUntil
    }

    /// Why the provider failed: its file's configuration error, else its last attempt's error; nil when it did not.
    public var failure: String? { configError ?? attemptError }

    /// Whether its data is past its validity (a provider without data is not: it has nothing old to show).
    public func isStale(at now: Date) -> Bool { validUntil.map { Validity.isStale(until: $0, at: now) } ?? false }

    /// The state at `now`: failed, else stale, else ok with warnings, else ok.
    public func state(at now: Date) -> State {
        if failure != nil { return .failed }
        if isStale(at: now) || validUntil == nil { return .stale }
        return warnings.isEmpty ? .ok : .warning
    }

    /// The warnings short and counted, for `<prefix>warnings`, a tooltip or a badge; nil when there are none.
    public var warningSummary: String? { Self.summary(of: warnings) }

    /// Warnings as one short line: those that share a reason are counted and name their files (`2 skipped:
    /// a.ics, b.ics`), a single one is shown as it is, and the whole is at most `limit` characters, so a vdir of
    /// thousands of broken files does not make a variable of kilobytes.
    public static func summary(of warnings: [String], limit: Int = 200) -> String? {
        guard !warnings.isEmpty else { return nil }
        if warnings.count == 1 { return cut(warnings[0], limit) }
        let total = count(of: warnings)
        var order: [String] = []
        var groups: [String: (count: Int, subjects: [String])] = [:]
        for warning in warnings {
            let (subject, reason, more) = parse(warning)
            if groups[reason] == nil { order.append(reason) }
            var group = groups[reason] ?? (0, [])
            group.count += more ?? 1
            if let subject, !group.subjects.contains(subject) { group.subjects.append(subject) }
            groups[reason] = group
        }
        var parts: [String] = []
        for reason in order {
            guard let group = groups[reason] else { continue }
            if group.count == 1 {
                parts.append(group.subjects.first.map { "\($0): \(reason)" } ?? reason)
                continue
            }
            var part = "\(group.count) \(reason)"
            if !group.subjects.isEmpty {
                let shown = group.subjects.prefix(3).joined(separator: ", ")
                part += ": " + shown + (group.subjects.count > 3 ? ", …" : "")
            }
            parts.append(part)
        }
        var text = ""
        for (index, part) in parts.enumerated() {
            let candidate = text.isEmpty ? part : text + "; " + part
            let rest = parts.count - index - 1
            let tail = rest > 0 ? "; … (\(total) warnings)" : ""
            if candidate.count + tail.count > limit {
                return cut(text.isEmpty ? part : text, limit - 24) + " … (\(total) warnings)"
            }
            text = candidate
        }
        return cut(text, limit)
    }

    /// How many warnings `warnings` stands for: a collapsed line (``collapsed(_:)``) counts the warnings it replaced.
    public static func count(of warnings: [String]) -> Int {
        warnings.reduce(0) { $0 + (parse($1).more ?? 1) }
    }

    /// Warnings with each run of the same reason about the same file cut to its first, followed by one line
    /// `file: … and 16,399 more: reason` in its place: a calendar of thousands of broken EXDATEs tells so in two
    /// lines, not in thousands. Lines already collapsed add to their group.
    public static func collapsed(_ warnings: [String]) -> [String] {
        WarningLine.collapsed(
            warnings,
            key: { warning -> String in
                let (subject, reason, _) = parse(warning)
                return (subject ?? "") + "\u{0}" + reason
            },
            count: { parse($0).more },
            line: { first, count in
                let tail = WarningLine.more(count, reason: parse(first).reason)
                return head(of: first).map { "\($0): \(tail)" } ?? tail
            })
    }

    /// A warning as its file and reason (see `parts`), and the count of a collapsed line (`… and N more: reason`).
    static func parse(_ warning: String) -> (subject: String?, reason: String, more: Int?) {
        let (subject, rest) = parts(warning)
        if let more = WarningLine.parseMore(rest) { return (subject, more.reason, more.count) }
        return (subject, WarningLine.reason(of: rest), nil)
    }

    /// The file part of a warning (`/path/a.ics` in `/path/a.ics: event x: …`), as `parts` finds it.
    private static func head(of warning: String) -> String? {
        guard let colon = warning.range(of: ": ") else { return nil }
        let head = warning[..<colon.lowerBound]
        guard !head.isEmpty, !head.contains(" "), head.contains("/") || head.contains(".") else { return nil }
        return String(head)
    }

    /// The file a warning is about, and the rest after it and any `event UID:`.
    ///
    /// Searched in UTF-8 (all the markers are ASCII): a refresh may report tens of thousands of warnings.
    private static func parts(_ warning: String) -> (subject: String?, rest: Substring) {
        var rest = Substring(warning)
        var subject: String?
        if let colon = colonSpace(in: rest) {
            let head = rest[..<colon]
            let bytes = head.utf8
            if !head.isEmpty, !bytes.contains(0x20), bytes.contains(0x2F) || bytes.contains(0x2E) {
                subject = head.split(separator: "/").last.map(String.init) ?? String(head)
                rest = rest[rest.utf8.index(colon, offsetBy: 2)...]
            }
        }
        if rest.utf8.starts(with: "event ".utf8), let colon = colonSpace(in: rest) {
            rest = rest[rest.utf8.index(colon, offsetBy: 2)...]
        }
        return (subject, rest)
    }

    /// Where the first `: ` in `text` starts.
    private static func colonSpace(in text: Substring) -> String.Index? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: 0x3A) {
            let after = bytes.index(after: colon)
            if after < bytes.endIndex, bytes[after] == 0x20 { return colon }
            index = after
        }
        return nil
    }

    private static func cut(_ text: String, _ limit: Int) -> String { WarningLine.cut(text, limit) }
}
