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
    private var line = 1
    private var tagLine = 1
    private var tagBytes = 0

    /// Reads the next chunk; the line where a too-long start tag begins, or nil while every tag is within the limit.
    mutating func tooLongTag(in bytes: UnsafeRawBufferPointer) -> Int? {
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            switch state {
            case .text:
                if byte == UInt8(ascii: "<") { state = .open }
            case .open:
                switch byte {
                case UInt8(ascii: "!"): state = .bang
                case UInt8(ascii: "?"): state = .instruction(question: false)
                case UInt8(ascii: "/"), UInt8(ascii: "<"): state = byte == UInt8(ascii: "<") ? .open : .text
                default:
                    state = .tag
                    tagLine = line
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
            case .tag:
                tagBytes += 1
                if byte == UInt8(ascii: ">") {
                    state = .text
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .quoted(byte)
                }
            case .quoted(let quote):
                tagBytes += 1
                if byte == quote { state = .tag }
            }
            if tagBytes > Self.maximumBytes { return tagLine }
        }
        return nil
    }
}
