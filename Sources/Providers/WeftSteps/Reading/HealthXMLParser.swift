import CLibXML2Loader
import Foundation

/// libxml2's SAX2 push parser, fed chunk by chunk, calling a collector for every start tag: the one owner of the
/// parser pointer, which it frees once.
final class HealthXMLParser {
    private let pointer: OpaquePointer
    private let collector: HealthRecordCollector

    /// A parser delivering start tags to `collector`; nil with the reason when libxml2 cannot be loaded.
    init(collector: HealthRecordCollector) throws(HealthXMLParserError) {
        if let failure = cxml_load_error() { throw .unavailable(String(cString: failure)) }
        self.collector = collector
        let user = Unmanaged.passUnretained(collector).toOpaque()
        guard
            let pointer = cxml_parser_create(
                user,
                { user, name, count, attributes in
                    guard let user, let name else { return 0 }
                    let collector = Unmanaged<HealthRecordCollector>.fromOpaque(user).takeUnretainedValue()
                    return collector.start(name: name, count: Int(count), attributes: attributes) ? 0 : 1
                })
        else { throw .unavailable("libxml2 could not create a parser (out of memory?)") }
        self.pointer = pointer
        collector.lineSource = { [pointer] in Int(cxml_parser_line(pointer)) }
    }

    deinit {
        collector.lineSource = nil
        cxml_parser_free(pointer)
    }

    /// Parses the next chunk; `last` ends the document. Returns libxml2's error (message, line) when it stops.
    func feed(_ bytes: UnsafeRawBufferPointer, last: Bool) -> (message: String, line: Int)? {
        var offset = 0
        // xmlParseChunk takes an int size.
        repeat {
            let size = min(bytes.count - offset, 1 << 30)
            let base = bytes.baseAddress.map { $0 + offset }?.assumingMemoryBound(to: CChar.self)
            let isLast = last && offset + size == bytes.count
            if cxml_parser_feed(pointer, base, Int32(clamping: size), isLast ? 1 : 0) != 0 { return error() }
            offset += size
        } while offset < bytes.count
        return nil
    }

    private func error() -> (message: String, line: Int) {
        var line: Int32 = 0
        guard let message = cxml_parser_error(pointer, &line) else { return ("the parser stopped", Int(line)) }
        return (String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines), Int(line))
    }
}

/// libxml2 could not be used.
enum HealthXMLParserError: Error, CustomStringConvertible {
    /// libxml2 is missing or failed to start; the reason says which.
    case unavailable(String)

    var description: String {
        switch self {
        case .unavailable(let reason): "cannot load libxml2: \(reason)"
        }
    }
}
