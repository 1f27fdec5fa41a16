import Foundation

/// An attribute of a start tag as ``HealthXMLScanner`` read it: its name and its value with the predefined entities
/// replaced, both valid only during the call that receives them.
struct ScannedAttribute {
    /// The attribute's name.
    var name: UnsafeBufferPointer<UInt8>
    /// Its value, unescaped.
    var value: UnsafeBufferPointer<UInt8>
}

/// A fast reader for the XML Apple writes: start tags, end tags, white space between them, an XML declaration and an
/// internal DTD of `CDATA` attributes without defaults. It gives up at anything else (comments or CDATA in the body,
/// text, entities other than the five predefined ones, character references, carriage returns, a tag that is not
/// complete at the end, a tag longer than ``StartTagLimit/maximumBytes``): the import then reads the file again with
/// libxml2, so what the scanner accepts is only ever what libxml2 would read the same way, and every error message
/// comes from libxml2. libxml2's SAX parser was over half of an import's CPU time.
final class HealthXMLScanner {
    private let collector: HealthRecordCollector
    /// Bytes of a construct cut by the end of a chunk, with the chunks after it until it is complete.
    private var pending: [UInt8] = []
    /// Bytes before `pending` (or before the current chunk), to know the document's first byte.
    private var offset = 0
    private var line = 1
    /// Open elements' names, innermost last; `depth` of them are in use.
    private var stack: [[UInt8]] = []
    private var depth = 0
    private var sawRoot = false
    private var rootClosed = false
    private var sawDoctype = false
    /// The XML declaration and DTD, checked by libxml2 before the root element is read.
    private var prolog: [UInt8] = []
    private var attributes: [ScannedAttribute] = []
    private var scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1024)
    /// True once the scanner met something it leaves to libxml2.
    private(set) var gaveUp = false

    init(collector: HealthRecordCollector) {
        self.collector = collector
        collector.lineSource = { [unowned self] in self.line }
    }

    deinit {
        collector.lineSource = nil
        scratch.deallocate()
    }

    /// Reads the next chunk; false once the scanner has given up (or the collector stopped it).
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !gaveUp else { return false }
        let chunk = bytes.bindMemory(to: UInt8.self)
        if pending.isEmpty {
            let used = scan(chunk)
            if !gaveUp, used < chunk.count { pending.append(contentsOf: chunk[used...]) }
            offset += used
        } else {
            pending.append(contentsOf: chunk)
            let used = pending.withUnsafeBufferPointer { scan($0) }
            if !gaveUp { pending.removeFirst(used) }
            offset += used
        }
        if pending.count > StartTagLimit.maximumBytes + 16 { gaveUp = true }
        return !gaveUp
    }

    /// Ends the document: true when it was read whole (the root element closed, nothing but white space after it).
    func finish() -> Bool {
        if !gaveUp, !pending.isEmpty || !rootClosed { gaveUp = true }
        return !gaveUp
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }
    private static func isName(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// What one step of the scan found.
    private enum Step {
        /// Read up to this index.
        case read(Int)
        /// The construct at the index runs past the end of the bytes.
        case incomplete
        /// Left to libxml2.
        case giveUp
    }

    /// Scans whole constructs; the index of the first byte not used.
    private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x09 {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<") else {
                gaveUp = true
                return index
            }
            let step: Step
            if index + 1 >= count {
                step = .incomplete
            } else {
                switch bytes[index + 1] {
                case UInt8(ascii: "/"): step = endTag(bytes, at: index)
                case UInt8(ascii: "?"): step = declaration(bytes, at: index)
                case UInt8(ascii: "!"): step = doctype(bytes, at: index)
                default: step = startTag(bytes, at: index)
                }
            }
            switch step {
            case .read(let next): index = next
            case .incomplete: return index
            case .giveUp:
                gaveUp = true
                return index
            }
        }
        return index
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>` at the document's first byte, as Apple writes it; any other
    /// declaration or processing instruction is left to libxml2.
    private func declaration(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Step {
        guard offset + start == 0 else { return .giveUp }
        let accepted = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\" encoding=\"utf-8\"?>"]
        for text in accepted {
            let utf8 = Array(text.utf8)
            let available = min(utf8.count, bytes.count - start)
            guard bytes[start..<start + available].elementsEqual(utf8[..<available]) else { continue }
            if available < utf8.count { return .incomplete }
            prolog.append(contentsOf: utf8)
            return .read(start + utf8.count)
        }
        return .giveUp
    }

    /// `<!DOCTYPE Name [ … ]>` before the root: comments, element declarations and attribute lists whose every
    /// attribute is `CDATA #REQUIRED` or `#IMPLIED` (so libxml2 would add no default and normalise no value).
    private func doctype(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Step {
        let opening = Array("<!DOCTYPE".utf8)
        guard !sawRoot, !sawDoctype else { return .giveUp }
        let count = bytes.count
        guard count - start >= opening.count else { return .incomplete }
        guard bytes[start..<start + opening.count].elementsEqual(opening) else { return .giveUp }
        var index = start + opening.count
        var lines = 0
        func skipSpace() {
            while index < count, Self.isSpace(bytes[index]) {
                if bytes[index] == 0x0A { lines += 1 }
                index += 1
            }
        }
        skipSpace()
        while index < count, Self.isName(bytes[index]) { index += 1 }
        skipSpace()
        guard index < count else { return .incomplete }
        guard bytes[index] == UInt8(ascii: "[") else { return .giveUp }
        index += 1
        while true {
            skipSpace()
            guard index < count else { return .incomplete }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                skipSpace()
                guard index < count else { return .incomplete }
                guard bytes[index] == UInt8(ascii: ">") else { return .giveUp }
                index += 1
                break
            }
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                return index + 1 < count ? .giveUp : .incomplete
            }
            guard bytes[index + 1] == UInt8(ascii: "!") else { return .giveUp }
            let rest = UnsafeBufferPointer(rebasing: bytes[index...])
            if rest.starts(with: "<!--".utf8) {
                guard let end = Self.find(Array("-->".utf8), in: bytes, from: index + 4) else { return .incomplete }
                lines += bytes[index..<end].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                index = end + 3
                continue
            }
            let element = rest.starts(with: "<!ELEMENT".utf8)
            let list = rest.starts(with: "<!ATTLIST".utf8)
            guard element || list else { return rest.count < 9 ? .incomplete : .giveUp }
            var end = index
            while end < count, bytes[end] != UInt8(ascii: ">") {
                let byte = bytes[end]
                // Quotes (defaults, fixed values), parameter entities and anything outside ASCII are libxml2's.
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "%") || byte >= 0x80
                    || byte == 0x0D
                {
                    return .giveUp
                }
                if byte == 0x0A { lines += 1 }
                end += 1
            }
            guard end < count else { return .incomplete }
            if list, !Self.plainAttributeList(UnsafeBufferPointer(rebasing: bytes[(index + 9)..<end])) {
                return .giveUp
            }
            index = end + 1
        }
        // libxml2 checks the declarations themselves: the prolog with an empty root must parse without error.
        var prolog = self.prolog
        prolog.append(contentsOf: bytes[start..<index])
        prolog.append(contentsOf: "<HealthData/>".utf8)
        guard Self.parsesCleanly(prolog) else { return .giveUp }
        sawDoctype = true
        line += lines
        return .read(index)
    }

    /// An attribute-list declaration's body: the element's name, then `name CDATA #REQUIRED|#IMPLIED` triples.
    private static func plainAttributeList(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        let words = body.split(whereSeparator: { isSpace($0) })
        guard words.count % 3 == 1 else { return false }
        for index in stride(from: 1, to: words.count, by: 3) {
            guard words[index + 1].elementsEqual("CDATA".utf8),
                words[index + 2].elementsEqual("#REQUIRED".utf8) || words[index + 2].elementsEqual("#IMPLIED".utf8)
            else { return false }
        }
        return true
    }

    private static func parsesCleanly(_ document: [UInt8]) -> Bool {
        let probe = HealthRecordCollector(file: "", progress: nil)
        guard let parser = try? HealthXMLParser(collector: probe) else { return false }
        return document.withUnsafeBytes { parser.feed($0, last: true) } == nil
    }

    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// A name from `start`: the index after it, nil when it runs to the end, or -1 when it is not a plain ASCII name
    /// (prefixed names and anything else are libxml2's).
    private static func name(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        guard isNameStart(bytes[start]) else { return -1 }
        var index = start + 1
        while index < bytes.count, isName(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        return index
    }

    private func endTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Step {
        guard let after = Self.name(bytes, at: start + 2) else { return .incomplete }
        guard after > 0, depth > 0 else { return .giveUp }
        var index = after
        var lines = 0
        while index < bytes.count, Self.isSpace(bytes[index]) {
            if bytes[index] == 0x0A { lines += 1 }
            index += 1
        }
        guard index < bytes.count else { return .incomplete }
        guard bytes[index] == UInt8(ascii: ">"), bytes[(start + 2)..<after].elementsEqual(stack[depth - 1]) else {
            return .giveUp
        }
        depth -= 1
        if depth == 0 { rootClosed = true }
        line += lines
        return .read(index + 1)
    }

    private func startTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Step {
        guard !rootClosed else { return .giveUp }
        if !sawRoot, !sawDoctype, !prolog.isEmpty {
            // An XML declaration without a DTD: libxml2 has not checked it yet.
            guard Self.parsesCleanly(prolog + Array("<HealthData/>".utf8)) else { return .giveUp }
        }
        let count = bytes.count
        guard let nameEnd = Self.name(bytes, at: start + 1) else { return .incomplete }
        guard nameEnd > 0 else { return .giveUp }
        attributes.removeAll(keepingCapacity: true)
        // Values with entities are unescaped into `scratch`, which must hold them all for this tag.
        if scratch.count < min(count - start, StartTagLimit.maximumBytes + 16) {
            scratch.deallocate()
            scratch = .allocate(capacity: min(count - start, StartTagLimit.maximumBytes + 16) * 2)
        }
        var used = 0
        var index = nameEnd
        var lines = 0
        var empty = false
        while true {
            var spaced = false
            while index < count, Self.isSpace(bytes[index]) {
                if bytes[index] == 0x0A { lines += 1 }
                spaced = true
                index += 1
            }
            guard index < count else { return .incomplete }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < count else { return .incomplete }
                guard bytes[index + 1] == UInt8(ascii: ">") else { return .giveUp }
                empty = true
                index += 2
                break
            }
            guard spaced, let attributeEnd = Self.name(bytes, at: index) else {
                return spaced ? .incomplete : .giveUp
            }
            guard attributeEnd > 0, index - start < StartTagLimit.maximumBytes else { return .giveUp }
            let attributeName = UnsafeBufferPointer(rebasing: bytes[index..<attributeEnd])
            if attributeName.elementsEqual("xmlns".utf8) { return .giveUp }
            index = attributeEnd
            while index < count, Self.isSpace(bytes[index]) {
                if bytes[index] == 0x0A { lines += 1 }
                index += 1
            }
            guard index < count else { return .incomplete }
            guard bytes[index] == UInt8(ascii: "=") else { return .giveUp }
            index += 1
            while index < count, Self.isSpace(bytes[index]) {
                if bytes[index] == 0x0A { lines += 1 }
                index += 1
            }
            guard index < count else { return .incomplete }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return .giveUp }
            index += 1
            let valueStart = index
            var escaped = false
            while index < count, bytes[index] != quote {
                let byte = bytes[index]
                if byte < 0x20 || byte == UInt8(ascii: "<") { return .giveUp }
                if byte == UInt8(ascii: "&") { escaped = true }
                if byte >= 0x80 {
                    guard let next = Self.utf8Character(bytes, at: index) else { return .giveUp }
                    if next < 0 { return .incomplete }
                    index = next
                    continue
                }
                index += 1
            }
            guard index < count else { return .incomplete }
            var value = UnsafeBufferPointer(rebasing: bytes[valueStart..<index])
            index += 1
            if escaped {
                guard let unescaped = unescape(value, into: used) else { return .giveUp }
                used += unescaped.count
                value = unescaped
            }
            for other in attributes where other.name.count == attributeName.count {
                if other.name.elementsEqual(attributeName) { return .giveUp }
            }
            attributes.append(ScannedAttribute(name: attributeName, value: value))
        }
        let name = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<nameEnd])
        line += lines
        sawRoot = true
        if !empty {
            if stack.count == depth { stack.append([]) }
            stack[depth].removeAll(keepingCapacity: true)
            stack[depth].append(contentsOf: name)
            depth += 1
        } else if depth == 0 {
            rootClosed = true
        }
        guard collector.start(name: name, attributes: attributes) else { return .giveUp }
        return .read(index)
    }

    /// One UTF-8 character from a lead byte at `index`: the index after it, -1 when it runs past the end, nil when
    /// it is not valid UTF-8 or not a character XML allows.
    private static func utf8Character(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, scalar) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, scalar) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, scalar) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return -1 }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar), scalar != 0xFFFE,
            scalar != 0xFFFF
        else { return nil }
        return index + length
    }

    private static let entities: [(name: [UInt8], byte: UInt8)] = [
        (Array("lt;".utf8), UInt8(ascii: "<")), (Array("gt;".utf8), UInt8(ascii: ">")),
        (Array("amp;".utf8), UInt8(ascii: "&")), (Array("quot;".utf8), UInt8(ascii: "\"")),
        (Array("apos;".utf8), UInt8(ascii: "'")),
    ]

    /// A value with the five predefined entities replaced, written into `scratch` from `at`; nil for any other
    /// reference (character references and declared entities are libxml2's).
    private func unescape(_ value: UnsafeBufferPointer<UInt8>, into at: Int) -> UnsafeBufferPointer<UInt8>? {
        var out = at
        var index = 0
        while index < value.count {
            let byte = value[index]
            guard out < scratch.count else { return nil }
            guard byte == UInt8(ascii: "&") else {
                scratch[out] = byte
                out += 1
                index += 1
                continue
            }
            let rest = UnsafeBufferPointer(rebasing: value[(index + 1)...])
            guard let entity = Self.entities.first(where: { rest.starts(with: $0.name) }) else { return nil }
            scratch[out] = entity.byte
            out += 1
            index += 1 + entity.name.count
        }
        return UnsafeBufferPointer(rebasing: scratch[at..<out])
    }
}
