import Foundation

/// Apple Health records converted to CSV (`sourceName,…,startDate,endDate,value`), step-count rows only.
enum AppleHealthCSV: CSVLayout {
    static let name = "apple-health"

    static func matches(_ header: StepHeader) -> Bool {
        header.has("startDate", "endDate", "value")
            && (header.index("sourceName") != nil || header.index("type") != nil)
    }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let deviceColumn = rows.header.index("device")
        let typeColumn = rows.header.index("type")
        let startColumn = try rows.require("startDate")
        let endColumn = try rows.require("endDate")
        let valueColumn = try rows.require("value")
        var dates = PatternSet(["yyyy-MM-dd HH:mm:ss Z", "iso"])
        let sources = rows.sources(column: rows.header.index("sourceName"), fallback: "Apple Health")
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            if let typeColumn, !isStepType(reader.bytes(typeColumn)) { continue }
            rows.batch.rowCount += 1
            let source = rows.source(reader, sources) { deviceColumn.map { reader.string($0) } ?? "" }
            guard let start = rows.instant(reader, startColumn, "startDate", &dates),
                let end = rows.instant(reader, endColumn, "endDate", &dates),
                let steps = rows.number(reader, valueColumn, "value")
            else { continue }
            rows.addSample(source: source, start: start, end: end, steps: steps, field: "value", line: reader.line)
        }
    }

    private static let stepTypeLong = Array("HKQuantityTypeIdentifierStepCount".utf8)
    private static let stepTypeShort = Array("StepCount".utf8)

    private static func isStepType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        equal(bytes, stepTypeLong) || equal(bytes, stepTypeShort)
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]) -> Bool {
        guard bytes.count == literal.count else { return false }
        return literal.withUnsafeBufferPointer { stored in
            guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, stored.count) == 0
        }
    }
}
