import Foundation
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftSteps

/// The fast scanner of export.xml against libxml2: on every real export fixture both give the same samples, sources
/// and bad records, and the scanner reads the real ones whole; anything unusual is read by libxml2, with the same
/// result as libxml2 alone.
@Suite struct HealthXMLScannerTests {
    static let realExports = [
        "apple_health_export/export.xml", "apple_health_export/export_newer.xml",
        "apple_health_export/export_steps_only.xml", "apple_health_export/levi_2016_records.xml",
        "apple_health/garmin_connect_day_totals_export.xml",
    ]

    /// Both readers' results for one file: the batch or the error's text.
    func compare(_ path: String) throws -> (scanned: Bool, same: Bool) {
        let options = StepImportOptions(timeZone: zone("Europe/Berlin"))
        let fast = Result { () throws(StepImportError) in
            try AppleHealthImporter.readXML(atPath: path, options: options, reader: .scannerFirst)
        }
        let slow = Result { () throws(StepImportError) in
            try AppleHealthImporter.readXML(atPath: path, options: options, reader: .libXML2)
        }
        switch (fast, slow) {
        case (.success(let fast), .success(let slow)):
            let same =
                fast.batch.samples == slow.batch.samples && fast.batch.activity == slow.batch.activity
                && fast.batch.sources == slow.batch.sources && fast.batch.issues == slow.batch.issues
                && fast.batch.issueCount == slow.batch.issueCount && fast.batch.rowCount == slow.batch.rowCount
            return (fast.scanned, same)
        case (.failure(let fast), .failure(let slow)):
            return (false, "\(fast)" == "\(slow)")
        default:
            return (false, false)
        }
    }

    @Test(arguments: realExports)
    func realExportsAreScannedWholeWithLibXML2sSamples(_ fixture: String) throws {
        let result = try compare(Fixture.path(fixture))
        #expect(result.same)
        #expect(result.scanned, "a real export should not need libxml2")
    }

    /// A cut-off export and a clinical document (another root) get libxml2's messages.
    @Test(arguments: ["apple_health_export/export_truncated.xml", "apple_health_export/export_cda.xml"])
    func filesThatAreNotWholeExportsAreLeftToLibXML2(_ fixture: String) throws {
        let result = try compare(Fixture.path(fixture))
        #expect(result.same)
        #expect(!result.scanned)
    }

    static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna&apos;s &lt;Watch&gt;" unit="count" value="120" startDate="2024-03-09 08:00:00 +0100" endDate="2024-03-09 08:05:00 +0100"/>"#
    static let head = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    static let doctype = "<!DOCTYPE HealthData [\n<!-- v14 -->\n<!ATTLIST Record\n  type CDATA #REQUIRED\n>\n]>\n"

    /// Documents the scanner reads itself, and ones it leaves to libxml2 (each reads as libxml2 alone reads it).
    static let documents: [(body: String, scanned: Bool)] = [
        (head + doctype + "<HealthData locale=\"en\">\n " + record + "\n</HealthData>\n", true),
        ("<HealthData>" + record + "<Record type='HKQuantityTypeIdentifierStepCount' value=\"1\"/></HealthData>", true),
        (head + "<HealthData>\n<!-- a comment -->\n" + record + "</HealthData>", false),
        (head + "<HealthData>\r\n" + record + "\r\n</HealthData>", false),
        (
            head + "<!DOCTYPE HealthData [<!ENTITY w \"Watch\">]><HealthData>"
                + record.replacingOccurrences(of: "&lt;Watch&gt;", with: "&w;") + "</HealthData>", false
        ),
        (
            head + "<!DOCTYPE HealthData [<!ATTLIST Record unit CDATA \"count\">]><HealthData>"
                + record.replacingOccurrences(of: " unit=\"count\"", with: "") + "</HealthData>", false
        ),
        (head + "<HealthData>" + record.replacingOccurrences(of: "120", with: "1&#50;0") + "</HealthData>", false),
        (head + "<HealthData><![CDATA[x]]>" + record + "</HealthData>", false),
        (head + "<HealthData>" + record + "</HealthData><Record/>", false),
        (head + "<HealthData>" + record + "</Health>", false),
        (
            head + "<HealthData>" + record.replacingOccurrences(of: "unit=", with: "value=\"2\" unit=")
                + "</HealthData>",
            false
        ),
        (head + "<HealthData>" + record.replacingOccurrences(of: "Anna", with: "An\u{FFFF}a") + "</HealthData>", false),
        (head + "<Other>" + record + "</Other>", false),
        ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><HealthData>" + record + "</HealthData>", false),
        (head + "<HealthData>" + record, false),
    ]

    @Test(arguments: documents.indices)
    func unusualXMLIsReadByLibXML2(_ index: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-scan-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xml").path
        try Data(Self.documents[index].body.utf8).write(to: URL(fileURLWithPath: path))
        let result = try compare(path)
        #expect(result.same)
        #expect(result.scanned == Self.documents[index].scanned)
    }

    /// A construct cut anywhere by the end of a chunk is read once the next chunk completes it.
    @Test(arguments: [1, 2, 3, 7, 64])
    func chunksOfAnySizeGiveTheSameSamples(_ size: Int) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixture.path(Self.realExports[0]))))
        func scan(_ size: Int) -> HealthRecordCollector? {
            let collector = HealthRecordCollector(file: "export.xml", progress: nil)
            let scanner = HealthXMLScanner(collector: collector)
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                let fed = bytes[start..<end].withUnsafeBytes { scanner.feed($0) }
                if !fed { return nil }
                start = end
            }
            return scanner.finish() ? collector : nil
        }
        let whole = try #require(scan(bytes.count))
        let cut = try #require(scan(size))
        #expect(cut.batch.samples == whole.batch.samples)
        #expect(cut.batch.activity == whole.batch.activity)
        #expect(cut.records == whole.records)
    }
}
