import Foundation
import Testing

@testable import WeftSteps

/// The guard before libxml2: only a start tag (with its quoted values) counts toward the limit, wherever the chunks
/// split it; text, comments, CDATA and declarations do not.
@Suite struct StartTagLimitTests {
    /// The line `StartTagLimit` stops at when `text` is fed `chunk` bytes at a time.
    static func stop(_ text: String, chunk: Int) -> Int? {
        var limit = StartTagLimit()
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            let found = bytes[offset..<end].withUnsafeBytes { limit.tooLongTag(in: $0) }
            if let found { return found }
            offset = end
        }
        return nil
    }

    static let long = String(repeating: "x", count: StartTagLimit.maximumBytes)

    @Test(arguments: [1, 7, 1 << 20])
    func aLongStartTagIsStoppedAtItsLineWhereverTheChunksSplitIt(chunk: Int) {
        let quotedClose = String(repeating: " a=\">\"", count: StartTagLimit.maximumBytes / 6 + 1)
        let document = "<?xml version=\"1.0\"?>\n<HealthData>\n<Record\(quotedClose)/>\n</HealthData>"
        #expect(Self.stop(document, chunk: chunk) == 3)
        #expect(Self.stop("<HealthData>\n\n<Record v='\(Self.long)'/>", chunk: chunk) == 3)
    }

    @Test(arguments: [1, 7, 1 << 20])
    func longTextCommentsCDATAAndDeclarationsAreNotTags(chunk: Int) {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [ <!ATTLIST Record type CDATA #REQUIRED> ]>
            <!-- <Record a="\(Self.long) -->
            <HealthData><![CDATA[<Record a="\(Self.long)]]>\(Self.long)
            <Record type="a>b" value='1'/><Me/></HealthData>
            """
        #expect(Self.stop(document, chunk: chunk) == nil)
    }
}
