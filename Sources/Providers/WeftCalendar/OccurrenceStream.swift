import Foundation

/// The occurrences of a calendar overlapping a window, in the order of ``ICalendar/occurrences(overlapping:_:)``,
/// made one slice of the window at a time as they are read.
///
/// A slice holds the occurrences that start in it (the first also those that began before the window and reach
/// into it), so each occurrence comes once and the slices follow one another in start order; only one slice's
/// occurrences are held at once, and each series is expanded over a slice only (open-ended rules start at the
/// slice, not at DTSTART). A year of a calendar of 100,000 events is listed in the memory of four weeks of it.
public struct OccurrenceStream: Sequence, IteratorProtocol {
    /// The length of a slice: long enough that the look-around of each expansion costs little, short enough that a
    /// slice of a busy calendar stays small.
    static let sliceLength: TimeInterval = 28 * 86_400

    private let calendar: ICalendar
    private let end: Date
    private let sliceLength: TimeInterval
    private var sliceStart: Date
    private var first = true
    private var buffer: [CalendarOccurrence] = []
    private var position = 0
    /// The most occurrences one slice held, and how many instances the rules made in all (what a test reads to see
    /// that memory follows the slice and work the window).
    private(set) var largestSlice = 0
    private(set) var made = 0

    init(calendar: ICalendar, start: Date, end: Date, sliceLength: TimeInterval = Self.sliceLength) {
        self.calendar = calendar
        self.end = end
        self.sliceStart = start
        self.sliceLength = sliceLength
    }

    /// The next occurrence, nil after the last.
    public mutating func next() -> CalendarOccurrence? {
        while position == buffer.count {
            guard sliceStart < end else { return nil }
            let sliceEnd = Swift.min(end, sliceStart.addingTimeInterval(sliceLength))
            let from = sliceStart
            let isFirst = first
            // The last slice's occurrences go first; the new ones are cut, bounded and sorted where they are.
            buffer = []
            var (list, madeNow) = calendar.expanded(overlapping: from, sliceEnd)
            made += madeNow
            list.removeAll { !($0.overlaps(from, sliceEnd) && (isFirst || $0.start >= from)) }
            for index in list.indices { list[index] = calendar.bounded(list[index], windowEnd: end) }
            list.sort(by: CalendarOccurrence.precedes)
            buffer = list
            largestSlice = Swift.max(largestSlice, buffer.count)
            position = 0
            first = false
            sliceStart = sliceEnd
        }
        defer { position += 1 }
        return buffer[position]
    }
}

extension ICalendar {
    /// The occurrences of several calendars overlapping `[start, end)`, by start, then UID, then the calendars'
    /// order (each calendar's own order within that): what sorting all of them together gives, read as a stream.
    public static func occurrenceStream(_ calendars: [ICalendar], overlapping start: Date, _ end: Date)
        -> MergedOccurrences
    {
        MergedOccurrences(streams: calendars.map { $0.occurrenceStream(overlapping: start, end) })
    }
}

/// Several ``OccurrenceStream``s merged by start, then UID; ties go to the earlier stream.
public struct MergedOccurrences: Sequence, IteratorProtocol {
    private var streams: [OccurrenceStream]
    private var heads: [CalendarOccurrence?]

    init(streams: [OccurrenceStream]) {
        self.streams = streams
        self.heads = []
        for index in self.streams.indices { heads.append(self.streams[index].next()) }
    }

    /// The next occurrence of all the calendars, nil after the last.
    public mutating func next() -> CalendarOccurrence? {
        var best: Int?
        for (index, head) in heads.enumerated() {
            guard let head else { continue }
            guard let current = best, let chosen = heads[current] else {
                best = index
                continue
            }
            if head.start < chosen.start || (head.start == chosen.start && head.uid < chosen.uid) { best = index }
        }
        guard let best, let found = heads[best] else { return nil }
        heads[best] = streams[best].next()
        return found
    }
}
