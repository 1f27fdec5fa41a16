/// Cuts one large VCALENDAR into several smaller ones that libical can parse on separate cores, and whose trees
/// can be freed one at a time as their events are read.
///
/// Each part repeats the header — the calendar's properties (X-WR-TIMEZONE) and its VTIMEZONEs — and holds a run
/// of whole VEVENTs, in file order, so extracting the parts one after the other gives the same events as the
/// whole. Only plain layouts are cut: one VCALENDAR that ends with END:VCALENDAR, and no VTIMEZONE after the
/// first VEVENT; anything else (and anything small) is parsed whole, exactly as written.
enum CalendarSplitter {
    /// Below this size one parser is quick enough.
    static let minimumSize = 256 * 1024

    /// `text` in up to `parts` pieces (just `[text]` when it is below `minimumSize` or not plainly laid out).
    static func split(_ text: String, parts: Int, minimumSize: Int = minimumSize) -> [String] {
        pieces(text, parts: parts, minimumSize: minimumSize).pieces
    }

    /// `text` in at least `parts` pieces, and more when it is large: each holds about `minimumSize` bytes of
    /// VEVENTs (or four times the header, when that is larger), so each piece's libical tree can be read and freed
    /// while the others wait; just `[text]` when it is below `minimumSize` or not plainly laid out. `header` is the
    /// calendar the pieces share without any VEVENT (its properties and VTIMEZONEs), nil when it was not cut.
    static func bounded(_ text: String, parts: Int, minimumSize: Int = minimumSize) -> (
        header: String?, pieces: [String]
    ) {
        guard text.utf8.count >= minimumSize else { return (nil, [text]) }
        let bytes = Array(text.utf8)
        guard let layout = Layout(bytes) else { return (nil, [text]) }
        let pieceSize = max(minimumSize, 4 * layout.firstEvent)
        let wanted = max(parts, (layout.calendarEnd - layout.firstEvent) / pieceSize + 1)
        return pieces(bytes, layout: layout, parts: wanted)
    }

    private static func pieces(_ text: String, parts: Int, minimumSize: Int) -> (header: String?, pieces: [String]) {
        guard parts > 1, text.utf8.count >= minimumSize else { return (nil, [text]) }
        let bytes = Array(text.utf8)
        guard let layout = Layout(bytes) else { return (nil, [text]) }
        return pieces(bytes, layout: layout, parts: parts)
    }

    private static func pieces(_ bytes: [UInt8], layout: Layout, parts: Int) -> (header: String?, pieces: [String]) {
        guard parts > 1 else { return (nil, [String(decoding: bytes, as: UTF8.self)]) }
        var cuts = [layout.firstEvent]
        for part in 1..<parts {
            let target = layout.firstEvent + (layout.calendarEnd - layout.firstEvent) * part / parts
            // The first VEVENT that starts at or after the target.
            var low = 0
            var high = layout.eventStarts.count
            while low < high {
                let middle = (low + high) / 2
                if layout.eventStarts[middle] < target { low = middle + 1 } else { high = middle }
            }
            if low < layout.eventStarts.count, layout.eventStarts[low] > cuts[cuts.count - 1] {
                cuts.append(layout.eventStarts[low])
            }
        }
        guard cuts.count > 1 else { return (nil, [String(decoding: bytes, as: UTF8.self)]) }
        cuts.append(layout.calendarEnd)
        let header = bytes[0..<layout.firstEvent]
        let footer = Array("END:VCALENDAR\r\n".utf8)
        let pieces = (0..<cuts.count - 1).map { index in
            String(decoding: header + bytes[cuts[index]..<cuts[index + 1]] + footer, as: UTF8.self)
        }
        return (String(decoding: header + footer, as: UTF8.self), pieces)
    }

    /// Where the VEVENTs of a plainly laid-out calendar begin and where END:VCALENDAR is.
    private struct Layout {
        var eventStarts: [Int] = []
        var firstEvent: Int
        var calendarEnd: Int

        init?(_ bytes: [UInt8]) {
            var eventStarts: [Int] = []
            var calendars = 0
            var calendarEnd: Int?
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                if calendarEnd != nil {
                    // Only blank lines may follow END:VCALENDAR.
                    if bytes[lineStart..<lineEnd].contains(where: { $0 != 13 && $0 != 32 && $0 != 9 }) { return nil }
                } else if Self.starts(bytes, at: lineStart, with: "BEGIN:VEVENT") {
                    eventStarts.append(lineStart)
                } else if Self.starts(bytes, at: lineStart, with: "BEGIN:VCALENDAR") {
                    calendars += 1
                } else if Self.starts(bytes, at: lineStart, with: "BEGIN:VTIMEZONE") {
                    if !eventStarts.isEmpty { return nil }
                } else if Self.starts(bytes, at: lineStart, with: "END:VCALENDAR") {
                    calendarEnd = lineStart
                }
                lineStart = lineEnd + 1
            }
            guard calendars == 1, let calendarEnd, let first = eventStarts.first else { return nil }
            self.eventStarts = eventStarts
            self.firstEvent = first
            self.calendarEnd = calendarEnd
        }

        /// Whether the line at `index` starts with `prefix`, ignoring ASCII case (property names are case-insensitive).
        private static func starts(_ bytes: [UInt8], at index: Int, with prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let pointer = prefix.utf8Start
            for offset in 0..<count {
                var byte = bytes[index + offset]
                if byte >= 97 && byte <= 122 { byte -= 32 }
                if byte != pointer[offset] { return false }
            }
            return true
        }
    }
}
