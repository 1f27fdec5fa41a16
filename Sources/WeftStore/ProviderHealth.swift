import Foundation
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
        var order: [String] = []
        var groups: [String: (count: Int, subjects: [String])] = [:]
        for warning in warnings {
            let (subject, reason) = split(warning)
            if groups[reason] == nil { order.append(reason) }
            var group = groups[reason] ?? (0, [])
            group.count += 1
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
            let tail = rest > 0 ? "; … (\(warnings.count) warnings)" : ""
            if candidate.count + tail.count > limit {
                return cut(text.isEmpty ? part : text, limit - 24) + " … (\(warnings.count) warnings)"
            }
            text = candidate
        }
        return cut(text, limit)
    }

    /// A warning as the file it is about (its last path component) and its reason (the first clause after the file
    /// and any `event UID:`), so warnings that differ only in file or detail fall into one group.
    static func split(_ warning: String) -> (subject: String?, reason: String) {
        var rest = Substring(warning)
        var subject: String?
        if let colon = rest.range(of: ": ") {
            let head = rest[..<colon.lowerBound]
            if !head.isEmpty, !head.contains(" "), head.contains("/") || head.contains(".") {
                subject = head.split(separator: "/").last.map(String.init) ?? String(head)
                rest = rest[colon.upperBound...]
            }
        }
        if rest.hasPrefix("event "), let colon = rest.range(of: ": ") { rest = rest[colon.upperBound...] }
        let end = rest.firstIndex { $0 == "," || $0 == ";" || $0 == ":" || $0 == "\n" } ?? rest.endIndex
        let reason = rest[..<end].trimmingCharacters(in: .whitespaces)
        return (subject, cut(reason.isEmpty ? String(rest) : reason, 80))
    }

    private static func cut(_ text: String, _ limit: Int) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count <= limit ? line : String(line.prefix(max(1, limit - 1))) + "…"
    }
}
