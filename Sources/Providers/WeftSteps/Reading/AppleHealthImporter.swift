import Foundation
import WeftPrimitives
import ZIPFoundation

/// Reads Apple Health's export (`export.zip` from Health → profile → Export All Health Data, or the `export.xml`
/// inside it) as a stream: the XML is inflated and parsed chunk by chunk, never held whole, whatever its size.
enum AppleHealthImporter {
    /// The XML's path inside Apple's zip.
    static let entryPath = "apple_health_export/export.xml"
    /// Bytes read (or inflated) per chunk.
    static let chunkSize = 1 << 20

    /// What a file's first bytes say it is.
    enum Container {
        /// A zip archive (`PK\u{3}\u{4}`).
        case zip
        /// An XML document (`<`, after an optional byte-order mark and white space).
        case xml
        /// Anything else (a CSV).
        case other
    }

    /// Looks at the first bytes of a file; throws when it is not a regular file or cannot be read.
    static func container(atPath path: String) throws(StepImportError) -> Container {
        let descriptor = try StepImportError.open(path).descriptor
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 64)
        var got = -1
        while got < 0 {
            got = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno != EINTR { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        }
        return container(of: Array(head.prefix(got)))
    }

    /// What the first bytes of a file say it is.
    static func container(of head: [UInt8]) -> Container {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        while let first = rest.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D {
            rest = rest.dropFirst()
        }
        return rest.first == UInt8(ascii: "<") ? .xml : .other
    }

    /// Reads a zip archive's `apple_health_export/export.xml` (or its only `export.xml`).
    static func importZip(atPath path: String, options: StepImportOptions) throws(StepImportError) -> StepBatch {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw .damagedArchive(file: path, reason: zipProblem(error))
        }
        let entry =
            archive[entryPath]
            ?? archive.first { $0.type == .file && ($0.path as NSString).lastPathComponent == "export.xml" }
        guard let entry else { throw .notAppleHealthArchive(file: path) }
        let total = Int(clamping: entry.uncompressedSize)
        let budget = options.maxUnzippedBytes
        // The size the archive declares is refused at once; the bytes really inflated are counted too, since a
        // hostile archive can declare anything.
        if total > budget { throw .unzipsTooLarge(file: path, limit: budget) }
        let (descriptor, _) = try StepImportError.open(path)
        defer { close(descriptor) }
        let member: ZipMember
        do {
            member = try ZipMember(named: entry.path, descriptor: descriptor)
        } catch {
            throw .damagedArchive(file: path, reason: error.reason)
        }
        return try parse(file: path, totalBytes: total, options: options, reader: .scannerFirst) {
            feed throws(StepImportError) in
            do {
                try member.inflate(descriptor: descriptor, budget: budget) { bytes in try feed(bytes) }
            } catch let error as StepImportError {
                throw error
            } catch ZipMember.Problem.tooLarge {
                throw .unzipsTooLarge(file: path, limit: budget)
            } catch let error as ZipMember.Problem {
                throw .damagedArchive(file: path, reason: "its export.xml cannot be unpacked: \(error.reason)")
            } catch {
                throw .damagedArchive(file: path, reason: "its export.xml cannot be unpacked")
            }
        }.batch
    }

    /// What is wrong with a zip, in words: the zip library's errors are type and case names.
    private static func zipProblem(_ error: any Error) -> String {
        switch error {
        case Archive.ArchiveError.missingEndOfCentralDirectoryRecord:
            "the zip is cut off (no end-of-archive record)"
        case Data.DataError.unreadableFile: "the zip is cut off or cannot be read to its end"
        default: "the zip is damaged"
        }
    }

    /// Reads an `export.xml` from disk in chunks.
    static func importXML(atPath path: String, options: StepImportOptions) throws(StepImportError) -> StepBatch {
        try readXML(atPath: path, options: options, reader: .scannerFirst).batch
    }

    /// Which parser reads the XML.
    enum XMLReader {
        /// ``HealthXMLScanner``, and libxml2 when the scanner gives up (what an import does).
        case scannerFirst
        /// libxml2 alone (what tests compare the scanner with).
        case libXML2
    }

    /// An `export.xml` read by `reader`; `scanned` is true when ``HealthXMLScanner`` read it whole.
    static func readXML(atPath path: String, options: StepImportOptions, reader: XMLReader)
        throws(StepImportError) -> (batch: StepBatch, scanned: Bool)
    {
        let (descriptor, total) = try StepImportError.open(path)
        defer { close(descriptor) }
        return try parse(file: path, totalBytes: total, options: options, reader: reader) {
            feed throws(StepImportError) in
            // Each read starts at the beginning: a file the fast scanner leaves to libxml2 is read again.
            guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                throw .unreadable(file: path, reason: String(cString: strerror(errno)))
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
            defer { buffer.deallocate() }
            while true {
                let got = read(descriptor, buffer.baseAddress, chunkSize)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw .unreadable(file: path, reason: String(cString: strerror(errno)))
                }
                if got == 0 { return }
                try feed(UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            }
        }
    }

    /// Parses the XML that `produce` hands over chunk by chunk; a document that stops short or is not well-formed
    /// yields nothing (its error says where it stopped), so a broken export never replaces good history.
    ///
    /// ``HealthXMLScanner`` reads it first; when it meets anything but the plain XML Apple writes, `produce` is
    /// called again and libxml2 reads the document from its start (and says what is wrong with it, if anything).
    private static func parse(
        file: String, totalBytes: Int, options: StepImportOptions, reader: XMLReader,
        produce: (_ feed: (UnsafeRawBufferPointer) throws(StepImportError) -> Void) throws(StepImportError) -> Void
    ) throws(StepImportError) -> (batch: StepBatch, scanned: Bool) {
        let bytesRead = ByteCounter()
        let progress = options.progress
        func collector() -> HealthRecordCollector {
            HealthRecordCollector(file: file) { records in
                progress?(StepProgress(file: file, rows: records, bytesRead: bytesRead.count, totalBytes: totalBytes))
            }
        }
        if reader == .scannerFirst {
            let fast = collector()
            let scanner = HealthXMLScanner(collector: fast)
            try produce { bytes throws(StepImportError) in
                guard scanner.feed(bytes) else { return }
                bytesRead.count += bytes.count
            }
            if scanner.finish() {
                progress?(
                    StepProgress(file: file, rows: fast.records, bytesRead: bytesRead.count, totalBytes: totalBytes))
                return (fast.batch, true)
            }
            bytesRead.count = 0
        }
        let batch = try parseWithLibXML(
            file: file, totalBytes: totalBytes, collector: collector(), bytesRead: bytesRead, progress: progress,
            produce: produce)
        return (batch, false)
    }

    private static func parseWithLibXML(
        file: String, totalBytes: Int, collector: HealthRecordCollector, bytesRead: ByteCounter,
        progress: (@Sendable (StepProgress) -> Void)?,
        produce: (_ feed: (UnsafeRawBufferPointer) throws(StepImportError) -> Void) throws(StepImportError) -> Void
    ) throws(StepImportError) -> StepBatch {
        let parser: HealthXMLParser
        do {
            parser = try HealthXMLParser(collector: collector)
        } catch {
            switch error {
            case .unavailable(let reason): throw .unreadable(file: file, reason: "cannot load libxml2: \(reason)")
            }
        }
        func stopped(_ failure: (message: String, line: Int), atEnd: Bool) -> StepImportError {
            if let root = collector.foreignRoot { return .notAppleHealthXML(file: file, root: root) }
            if atEnd {
                return .truncatedExport(
                    file: file, records: collector.records, byteOffset: bytesRead.count, reason: failure.message)
            }
            return .malformedExport(
                file: file, line: failure.line, records: collector.records, byteOffset: bytesRead.count,
                reason: failure.message)
        }
        var tags = StartTagLimit()
        try produce { bytes throws(StepImportError) in
            // Refused before libxml2 gets the chunk: the parser's cost for such a tag is what is refused.
            if let line = tags.tooLongTag(in: bytes) {
                throw .tagTooLong(file: file, line: line, limit: StartTagLimit.maximumBytes)
            }
            bytesRead.count += bytes.count
            if let failure = parser.feed(bytes, last: false) { throw stopped(failure, atEnd: false) }
        }
        if let failure = parser.feed(UnsafeRawBufferPointer(start: nil, count: 0), last: true) {
            throw stopped(failure, atEnd: true)
        }
        if let root = collector.foreignRoot { throw .notAppleHealthXML(file: file, root: root) }
        guard collector.sawHealthData else { throw .notAppleHealthXML(file: file, root: "") }
        progress?(
            StepProgress(file: file, rows: collector.records, bytesRead: bytesRead.count, totalBytes: totalBytes))
        return collector.batch
    }
}

/// Bytes handed to the parser so far, shared with the progress callback.
private final class ByteCounter {
    var count = 0
}
