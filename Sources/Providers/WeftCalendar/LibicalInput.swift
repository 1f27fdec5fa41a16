/// The text libical is given, with the two shapes its parser spends more than linear time on taken out first.
///
/// - A physical line longer than ``longestLine`` bytes is folded (RFC 5545 §3.1: CRLF and a space) into pieces of
///   at most ``foldedPiece`` bytes, cut between UTF-8 characters. libical's string reader searches the rest of a
///   line for its end on every 80 bytes it takes, so one unfolded line of megabytes took minutes; it unfolds the
///   pieces again, so the content is the same.
/// - A component (a VEVENT, a VALARM, …) keeps at most ``mostProperties`` properties, each value of an EXDATE or
///   RDATE list counted; the rest are left out, with a warning. libical removes a property it cannot parse by
///   walking every property of its component, so tens of thousands of bad EXDATEs in one event took minutes.
/// - A file keeps at most ``mostTimeZones`` VTIMEZONEs; the rest are left out, with a warning. libical frees each
///   by searching and shifting its calendar's array of zones, so tens of thousands of them took minutes.
struct LibicalInput {
    /// Physical lines longer than this are folded.
    static let longestLine = 4096
    /// The length of each piece a long line is folded into.
    static let foldedPiece = 1024
    /// The most properties (values of EXDATE and RDATE lists counted each) one component keeps.
    static let mostProperties = 1000
    /// The most VTIMEZONEs one text keeps (real calendars carry one per zone they use).
    static let mostTimeZones = 1000

    /// A component that had more than ``mostProperties`` properties.
    struct Cut: Sendable, Equatable {
        /// Its kind as written (`VEVENT`).
        var component: String
        /// Its UID, when it has one.
        var uid: String?
    }

    /// The text to parse.
    var text: String
    /// The components whose properties were cut, in file order.
    var cuts: [Cut] = []
    /// How many VTIMEZONEs were left out.
    var droppedTimeZones = 0

    /// `text` made safe for libical; the very same string when nothing had to change.
    init(_ text: String) {
        let result =
            text.utf8.withContiguousStorageIfAvailable { Self.prepare(bytes: $0) }
            ?? Self.prepare(bytes: Array(text.utf8))
        self.text = result.bytes.map { String(decoding: $0, as: UTF8.self) } ?? text
        self.cuts = result.cuts
        self.droppedTimeZones = result.droppedTimeZones
    }

    private struct Frame {
        var name: String
        var count = 0
        var uid: String?
        var cut = false
    }

    private static func prepare<Bytes: RandomAccessCollection<UInt8>>(
        bytes: Bytes
    ) -> (bytes: [UInt8]?, cuts: [Cut], droppedTimeZones: Int) where Bytes.Index == Int {
        var out: [UInt8]?
        var copied = bytes.startIndex
        var stack: [Frame] = []
        var cuts: [Cut] = []
        var dropping = false
        var listProperty = false
        var timeZones = 0
        var droppedTimeZones = 0
        /// Inside a VTIMEZONE left out: the depth of the stack below it, every line dropped until its END.
        var skippingBelow: Int?

        /// Starts the copy at the first change, with everything before `end` unchanged.
        func takeUnchanged(upTo end: Int) {
            if out == nil {
                out = []
                out?.reserveCapacity(bytes.count + bytes.count / 64)
            }
            out?.append(contentsOf: bytes[copied..<end])
            copied = end
        }

        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            var lineEnd = lineStart
            while lineEnd < bytes.endIndex, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let next = lineEnd < bytes.endIndex ? lineEnd + 1 : lineEnd
            defer { lineStart = next }
            let first = bytes[lineStart]
            var keep = true
            if let below = skippingBelow {
                keep = false
                if let name = word(after: "BEGIN:", in: bytes, lineStart, lineEnd) {
                    stack.append(Frame(name: name))
                } else if word(after: "END:", in: bytes, lineStart, lineEnd) != nil {
                    _ = stack.popLast()
                    if stack.count <= below { skippingBelow = nil }
                }
            } else if first == 0x20 || first == 0x09 {
                // A continuation of the line before: it goes where that line went, and its list values count.
                if dropping {
                    keep = false
                } else if listProperty, !stack.isEmpty {
                    stack[stack.count - 1].count += commas(bytes, lineStart, lineEnd)
                }
            } else if let name = word(after: "BEGIN:", in: bytes, lineStart, lineEnd) {
                if name == "VTIMEZONE" {
                    timeZones += 1
                    if timeZones > mostTimeZones {
                        droppedTimeZones += 1
                        skippingBelow = stack.count
                        keep = false
                    }
                }
                stack.append(Frame(name: name))
                dropping = false
                listProperty = false
            } else if word(after: "END:", in: bytes, lineStart, lineEnd) != nil {
                if let frame = stack.popLast(), frame.cut {
                    cuts.append(Cut(component: frame.name, uid: frame.uid))
                }
                dropping = false
                listProperty = false
            } else if !stack.isEmpty {
                let top = stack.count - 1
                listProperty =
                    starts(bytes, lineStart, lineEnd, with: "EXDATE")
                    || starts(bytes, lineStart, lineEnd, with: "RDATE")
                stack[top].count += 1 + (listProperty ? commas(bytes, lineStart, lineEnd) : 0)
                let isUID = starts(bytes, lineStart, lineEnd, with: "UID")
                if isUID, stack[top].uid == nil {
                    // The event's identity is kept whatever else is cut.
                    var end = lineEnd
                    if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
                    if let colon = bytes[lineStart..<end].firstIndex(of: UInt8(ascii: ":")) {
                        stack[top].uid = String(decoding: bytes[(colon + 1)..<end].prefix(200), as: UTF8.self)
                    }
                    dropping = false
                } else if stack[top].count > mostProperties {
                    stack[top].cut = true
                    dropping = true
                    keep = false
                } else {
                    dropping = false
                }
            }
            if !keep {
                takeUnchanged(upTo: lineStart)
                copied = next
            } else if lineEnd - lineStart > longestLine {
                takeUnchanged(upTo: lineStart)
                var pieceStart = lineStart
                while lineEnd - pieceStart > foldedPiece {
                    var cut = pieceStart + foldedPiece
                    // Never between the bytes of one character (continuation bytes are 10xxxxxx).
                    while cut > pieceStart + 1, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
                    out?.append(contentsOf: bytes[pieceStart..<cut])
                    out?.append(contentsOf: [0x0D, 0x0A, 0x20])
                    pieceStart = cut
                }
                copied = pieceStart
            }
        }
        // Components never closed still had their properties cut.
        cuts += stack.filter(\.cut).map { Cut(component: $0.name, uid: $0.uid) }
        guard out != nil else { return (nil, cuts, droppedTimeZones) }
        takeUnchanged(upTo: bytes.endIndex)
        return (out, cuts, droppedTimeZones)
    }

    /// The component name after `prefix` (`BEGIN:`, any case) on the line, upper-cased; nil when it does not start so.
    private static func word<Bytes: RandomAccessCollection<UInt8>>(
        after prefix: StaticString, in bytes: Bytes, _ start: Int, _ end: Int
    ) -> String? where Bytes.Index == Int {
        guard starts(bytes, start, end, with: prefix, exact: true) else { return nil }
        var stop = end
        if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
        let from = start + prefix.utf8CodeUnitCount
        return String(decoding: bytes[from..<max(from, min(stop, from + 64))], as: UTF8.self).uppercased()
    }

    /// Whether the line starts with `name` (any case) followed by `:` or `;`, or with `name` itself when `exact`.
    private static func starts<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, _ start: Int, _ end: Int, with name: StaticString, exact: Bool = false
    ) -> Bool where Bytes.Index == Int {
        let count = name.utf8CodeUnitCount
        guard end - start >= count + (exact ? 0 : 1) else { return false }
        let pointer = name.utf8Start
        for offset in 0..<count {
            var byte = bytes[start + offset]
            if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
            if byte != pointer[offset] { return false }
        }
        if exact { return true }
        let after = bytes[start + count]
        return after == UInt8(ascii: ":") || after == UInt8(ascii: ";")
    }

    private static func commas<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ end: Int) -> Int
    where Bytes.Index == Int {
        var count = 0
        for index in start..<end where bytes[index] == UInt8(ascii: ",") { count += 1 }
        return count
    }
}
