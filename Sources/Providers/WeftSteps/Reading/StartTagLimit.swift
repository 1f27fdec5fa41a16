import Foundation

/// Watches the XML of an Apple Health export on its way to libxml2 and stops at a start tag longer than
/// ``maximumBytes`` before the parser has it whole: libxml2 checks each attribute of a tag against the ones before,
/// so one element with 300,000 attributes costs it minutes, while Apple's tags are a few hundred bytes.
///
/// A small state machine carried from chunk to chunk: text, a tag and its quoted values (a `>` inside quotes does
/// not end it), comments, CDATA and processing instructions (whose `<` starts no tag); it counts lines for the error.
struct StartTagLimit {
    /// The longest start tag read, `<` to `>`: far above any tag of an Apple Health export.
    static let maximumBytes = 64 * 1024

    private enum State {
        case text
        /// After `<`.
        case open
        /// After `<!`.
        case bang
        /// After `<!-`.
        case bangDash
        /// Inside `<!-- … -->`, counting the dashes just read.
        case comment(dashes: Int)
        /// Inside `<![CDATA[ … ]]>`, counting the brackets just read.
        case cdata(brackets: Int)
        /// Inside `<? … ?>`, after a `?` or not.
        case instruction(question: Bool)
        /// Inside a start tag, outside quotes.
        case tag
        /// Inside a quoted attribute value.
        case quoted(UInt8)
    }

    private var state = State.text
    /// Line breaks in the chunks before the current one.
    private var newlinesBefore = 0
    /// The line of a tag that began in an earlier chunk.
    private var tagLine = 1
    private var tagBytes = 0

    /// Reads the next chunk; the line where a too-long start tag begins, or nil while every tag is within the limit.
    ///
    /// Text and quoted values, most of a document, are skipped with `memchr`; line breaks are counted once per
    /// chunk, so the guard costs a small share of what libxml2 spends on the same bytes.
    mutating func tooLongTag(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let raw = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        // Where in this chunk the current tag began, when it began here.
        var tagStart: Int?
        func line(at offset: Int) -> Int { newlinesBefore + Self.newlines(base, upTo: offset) + 1 }
        var index = 0
        while index < count {
            switch state {
            case .text:
                guard let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else {
                    index = count
                    continue
                }
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                state = .open
                continue
            case .quoted(let quote):
                guard let found = memchr(base + index, Int32(quote), count - index) else {
                    tagBytes += count - index
                    index = count
                    if tagBytes > Self.maximumBytes { return tagStart.map(line(at:)) ?? tagLine }
                    continue
                }
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                tagBytes += end - index + 1
                index = end + 1
                state = .tag
                if tagBytes > Self.maximumBytes { return tagStart.map(line(at:)) ?? tagLine }
                continue
            case .tag:
                // Attribute names and the blanks between them, most of an export's tags, in one tight loop.
                var end = index
                while end < count {
                    let byte = base[end]
                    if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { break }
                    end += 1
                }
                tagBytes += end - index
                index = end
                if tagBytes > Self.maximumBytes { return tagStart.map(line(at:)) ?? tagLine }
                guard index < count else { continue }
                tagBytes += 1
                state = base[index] == UInt8(ascii: ">") ? .text : .quoted(base[index])
                index += 1
                if tagBytes > Self.maximumBytes { return tagStart.map(line(at:)) ?? tagLine }
                continue
            default: break
            }
            let byte = base[index]
            index += 1
            switch state {
            case .open:
                switch byte {
                case UInt8(ascii: "!"): state = .bang
                case UInt8(ascii: "?"): state = .instruction(question: false)
                case UInt8(ascii: "<"): state = .open
                case UInt8(ascii: "/"): state = .text
                default:
                    state = .tag
                    tagStart = max(index - 2, 0)
                    tagBytes = 2
                }
            case .bang:
                switch byte {
                case UInt8(ascii: "-"): state = .bangDash
                case UInt8(ascii: "["): state = .cdata(brackets: 0)
                // A declaration (`<!DOCTYPE`, `<!ATTLIST` in Apple's internal subset): its text is read as text.
                default: state = .text
                }
            case .bangDash:
                state = byte == UInt8(ascii: "-") ? .comment(dashes: 0) : .text
            case .comment(let dashes):
                if byte == UInt8(ascii: "-") {
                    state = .comment(dashes: dashes + 1)
                } else {
                    state = byte == UInt8(ascii: ">") && dashes >= 2 ? .text : .comment(dashes: 0)
                }
            case .cdata(let brackets):
                if byte == UInt8(ascii: "]") {
                    state = .cdata(brackets: brackets + 1)
                } else {
                    state = byte == UInt8(ascii: ">") && brackets >= 2 ? .text : .cdata(brackets: 0)
                }
            case .instruction(let question):
                if byte == UInt8(ascii: ">") && question {
                    state = .text
                } else {
                    state = .instruction(question: byte == UInt8(ascii: "?"))
                }
            case .text, .quoted, .tag: break
            }
        }
        // A tag still open goes on in the next chunk: its line is known now, while this chunk is at hand.
        // The chunk's line breaks are counted once, in two parts when a tag began in it.
        var split: Int?
        switch state {
        case .tag, .quoted: split = tagStart
        default: break
        }
        let before = Self.newlines(base, upTo: split ?? 0)
        if split != nil { tagLine = newlinesBefore + before + 1 }
        newlinesBefore += before + Self.newlines(base + (split ?? 0), upTo: count - (split ?? 0))
        return nil
    }

    /// Line breaks among the first `count` bytes, found with `memchr` (a byte-wise loop cost 6% of an import).
    private static func newlines(_ base: UnsafePointer<UInt8>, upTo count: Int) -> Int {
        var found = 0
        var index = 0
        while index < count, let hit = memchr(base + index, 0x0A, count - index) {
            found += 1
            index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return found
    }
}
