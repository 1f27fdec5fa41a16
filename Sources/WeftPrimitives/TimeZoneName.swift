import Foundation

/// Turns a zone name from a flag, a config, `TZ` or the system into a TimeZone: IANA names and their aliases
/// (`Europe/Berlin`, `US/Pacific`), glibc's `:NAME`, zoneinfo paths (`:/etc/localtime`,
/// `/usr/share/zoneinfo/Europe/Berlin`) and POSIX rule strings (`UTC0`, `<+0530>-5:30`,
/// `CET-1CEST,M3.5.0,M10.5.0/3`). A name it cannot read exactly is refused rather than guessed.
public enum TimeZoneName {
    /// A zone name that names no zone weft can use.
    public struct Unknown: Error, Sendable, Equatable, CustomStringConvertible {
        /// The name as given.
        public let name: String
        /// Why it was refused, when more can be said than "unknown".
        public let reason: String?

        /// An unknown zone name, with what was wrong when known.
        init(name: String, reason: String? = nil) {
            self.name = name
            self.reason = reason
        }

        public var description: String {
            let forms =
                "use an IANA name such as Europe/Berlin, a zoneinfo path such as :/etc/localtime, or a POSIX TZ "
                + "such as UTC0, <+0530>-5:30 or CET-1CEST,M3.5.0,M10.5.0/3"
            return "unknown time zone \"\(name)\"" + (reason.map { " (\($0))" } ?? "") + ": " + forms
        }
    }

    /// The zone `text` names, in any of the forms the type documents. A POSIX string with daylight-saving rules is
    /// the IANA zone whose offsets follow them through the year of `now` and the next (the system's own zone first,
    /// then zones whose abbreviations match).
    public static func zone(_ text: String, now: Date = Date()) throws(Unknown) -> TimeZone {
        let name = text.hasPrefix(":") ? String(text.dropFirst()) : text
        guard !name.isEmpty else { throw Unknown(name: text) }
        if name.hasPrefix("/") {
            guard let zone = fileZone(name) else {
                throw Unknown(name: text, reason: "not a zoneinfo file weft can name")
            }
            return zone
        }
        if let zone = identifiedZone(name) { return zone }
        guard let rule = PosixTZ.parse(name) else { throw Unknown(name: text) }
        guard rule.daylight != nil else {
            if let named = identifiedZone(rule.standardName), isFixed(named, at: rule.standardOffset, now: now) {
                return named
            }
            guard let fixed = TimeZone(secondsFromGMT: rule.standardOffset) else {
                throw Unknown(name: text, reason: "the offset is out of range")
            }
            return fixed
        }
        guard let zone = matchingZone(rule, now: now) else {
            throw Unknown(name: text, reason: "no known time zone follows its daylight-saving rules this year and next")
        }
        return zone
    }

    private static let utc = TimeZone(identifier: "UTC") ?? .gmt

    /// A zone by IANA name, refusing what ICU would read as a custom `GMT+5` zone: in POSIX and in IANA's
    /// `Etc/GMT+5` that sign means five hours west, so only the IANA name is trusted.
    private static func identifiedZone(_ name: String) -> TimeZone? {
        let stripped = ["posix/", "right/"].first { name.hasPrefix($0) }.map { String(name.dropFirst($0.count)) }
        let identifier = stripped ?? name
        // The identifier list is only built for the rare GMT±N name: this runs on every render.
        guard !looksLikeCustomOffset(identifier) || TimeZone.knownTimeZoneIdentifiers.contains(identifier) else {
            return nil
        }
        return TimeZone(identifier: identifier)
    }

    private static func looksLikeCustomOffset(_ name: String) -> Bool {
        let upper = name.uppercased()
        return ["GMT", "UTC", "UT"].contains { prefix in
            upper.hasPrefix(prefix) && upper.dropFirst(prefix.count).first.map { $0 == "+" || $0 == "-" } == true
        }
    }

    /// The zone a zoneinfo file path names: the path itself or a symbolic link on the way to the file, taken after
    /// `zoneinfo/`; `/etc/localtime` that is no link is named by `/etc/timezone`, else is Foundation's current zone.
    private static func fileZone(_ path: String) -> TimeZone? {
        var current = path
        for _ in 0..<16 {
            if let range = current.range(of: "/zoneinfo/", options: .backwards),
                let zone = identifiedZone(String(current[range.upperBound...]))
            {
                return zone
            }
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
            current = target.hasPrefix("/") ? target : PathExpansion.directory(of: current) + "/" + target
        }
        guard path == "/etc/localtime", FileManager.default.fileExists(atPath: path) else { return nil }
        // Foundation's own current zone reads /etc/localtime when it cannot name it otherwise.
        return systemZone() ?? .current
    }

    /// The system's zone without `TZ`'s influence, when /etc/localtime can be named.
    private static func systemZone() -> TimeZone? {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let range = target.range(of: "/zoneinfo/", options: .backwards),
            let zone = identifiedZone(String(target[range.upperBound...]))
        {
            return zone
        }
        if let text = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8),
            let zone = identifiedZone(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return zone
        }
        return nil
    }

    private static func years(around now: Date) -> ClosedRange<Int> {
        let year = LocalTime.components(of: now, in: utc).year
        return year...(year + 1)
    }

    /// Whether `zone` keeps `offset` all through the year of `now` and the next.
    private static func isFixed(_ zone: TimeZone, at offset: Int, now: Date) -> Bool {
        let span = years(around: now)
        let start = CivilDate.daysFromCivil(year: span.lowerBound, month: 1, day: 1) * 86_400
        let end = CivilDate.daysFromCivil(year: span.upperBound + 1, month: 1, day: 1) * 86_400
        let first = Date(timeIntervalSince1970: TimeInterval(start))
        guard zone.secondsFromGMT(for: first) == offset else { return false }
        guard let next = zone.nextDaylightSavingTimeTransition(after: first) else { return true }
        return next.timeIntervalSince1970 >= TimeInterval(end)
    }

    /// The zone whose offsets follow `rule`. Preferred, in order: the system's zone; the zone named like the rule
    /// (`EST5EDT`, `CET`); a zone whose tzdata file ends in the same POSIX rule, abbreviations included (ICU's own
    /// abbreviations are `GMT+1` and the like, so they cannot be compared); any zone whose offsets follow the rule.
    /// Ties go to the first identifier in sorted order.
    private static func matchingZone(_ rule: PosixTZ, now: Date) -> TimeZone? {
        let transitions = rule.transitions(years: years(around: now))
        guard let first = transitions.first, let last = transitions.last else { return nil }
        // Points to check: each change and the second before it, and the middle of every stretch between.
        var checks: [(instant: Int64, offset: Int)] = [(first.instant - 86_400 * 30, last.offset)]
        for (index, change) in transitions.enumerated() {
            checks.append((change.instant - 1, index == 0 ? last.offset : transitions[index - 1].offset))
            checks.append((change.instant, change.offset))
            let next = index + 1 < transitions.count ? transitions[index + 1].instant : change.instant + 86_400 * 30
            checks.append(((change.instant + next) / 2, change.offset))
        }
        func follows(_ zone: TimeZone) -> Bool {
            checks.allSatisfy {
                zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0.instant))) == $0.offset
            }
        }
        var named = [systemZone()]
        if let daylight = rule.daylight, rule.standardOffset % 3600 == 0 {
            named.append(identifiedZone("\(rule.standardName)\(-rule.standardOffset / 3600)\(daylight.name)"))
        }
        named.append(identifiedZone(rule.standardName))
        for zone in named.compactMap({ $0 }) where follows(zone) { return zone }
        var offsetsOnly: TimeZone?
        for identifier in TimeZone.knownTimeZoneIdentifiers.sorted() {
            guard let zone = TimeZone(identifier: identifier), follows(zone) else { continue }
            if tzdataRule(identifier) == rule { return zone }
            if offsetsOnly == nil { offsetsOnly = zone }
        }
        return offsetsOnly
    }

    /// The POSIX rule at the end of a zone's tzdata (TZif version 2+) file, which it follows after its last listed
    /// transition; nil when the file is missing or has none.
    static func tzdataRule(_ identifier: String, directory: String = "/usr/share/zoneinfo") -> PosixTZ? {
        guard !identifier.contains(".."), let handle = FileHandle(forReadingAtPath: directory + "/" + identifier)
        else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > 2 else { return nil }
        let tail = min(size, 256)
        guard (try? handle.seek(toOffset: size - tail)) != nil, let data = try? handle.readToEnd(),
            data.last == UInt8(ascii: "\n")
        else { return nil }
        let body = data.dropLast()
        guard let newline = body.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
        return PosixTZ.parse(String(decoding: body[(newline + 1)...], as: UTF8.self))
    }
}
