import Foundation

/// Turns the `<Record>` start tags of an Apple Health `export.xml` into samples: steps, walking and running distance,
/// flights climbed and active energy, each converted to one unit; the other record types are counted and skipped.
///
/// A class because libxml2 calls it back through a pointer while it parses.
final class HealthRecordCollector {
    /// What was read so far.
    private(set) var batch = StepBatch()
    /// Every `<Record>` seen, of any type (for messages about where an export stopped).
    private(set) var records = 0
    /// The root element's name when it is not `HealthData`: the parse was stopped there.
    private(set) var foreignRoot: String?
    /// The parser's current line, for bad records.
    var lineSource: (() -> Int)?

    private let file: String
    private let progress: ((Int) -> Void)?
    private var sawRoot = false
    /// True once the root element was `HealthData`.
    private(set) var sawHealthData = false
    private var dates = PatternSet(["yyyy-MM-dd HH:mm:ss Z", "iso"])
    private var sources = SourceLookup()

    /// A collector naming `file` in its bad records; `progress` is called with the record count every 65,536 records.
    init(file: String, progress: ((Int) -> Void)?) {
        self.file = file
        self.progress = progress
    }

    /// One start tag from libxml2; false stops the parser (the document is not an Apple Health export).
    func start(name: UnsafePointer<UInt8>, count: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?)
        -> Bool
    {
        if !sawRoot { return root(UnsafeBufferPointer(start: name, count: strlen(name))) }
        guard strcmp(name, "Record") == 0, let attributes else { return true }
        beginRecord()
        var fields = RecordFields()
        for index in 0..<count {
            let base = index * 5
            guard let attributeName = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4]
            else { continue }
            let value = UnsafeBufferPointer(start: start, count: end - start)
            guard fields.set(Self.field(attributeName), value) else { return true }
        }
        finishRecord(fields)
        return true
    }

    /// One start tag from ``HealthXMLScanner``: its name and its attributes' names and (unescaped) values.
    func start(name: UnsafeBufferPointer<UInt8>, attributes: [ScannedAttribute]) -> Bool {
        if !sawRoot { return root(name) }
        guard name.elementsEqual(Self.recordName) else { return true }
        beginRecord()
        var fields = RecordFields()
        for attribute in attributes {
            guard fields.set(Self.field(attribute.name), attribute.value) else { return true }
        }
        finishRecord(fields)
        return true
    }

    private static let recordName = Array("Record".utf8)
    private static let healthDataName = Array("HealthData".utf8)

    private func root(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        sawRoot = true
        guard name.elementsEqual(Self.healthDataName) else {
            foreignRoot = String(decoding: name, as: UTF8.self)
            return false
        }
        sawHealthData = true
        return true
    }

    private func beginRecord() {
        records += 1
        if records & 0xFFFF == 0 { progress?(records) }
    }

    private func finishRecord(_ fields: RecordFields) {
        guard let metric = fields.metric else { return }
        batch.rowCount += 1
        add(fields, metric: metric)
    }

    private struct RecordFields {
        var metric: ActivityMetric?
        var source: UnsafeBufferPointer<UInt8>?
        var device: UnsafeBufferPointer<UInt8>?
        var unit: UnsafeBufferPointer<UInt8>?
        var start: UnsafeBufferPointer<UInt8>?
        var end: UnsafeBufferPointer<UInt8>?
        var value: UnsafeBufferPointer<UInt8>?

        /// Keeps one attribute; false when it is a `type` weft does not keep (the record is skipped).
        mutating func set(_ field: Field?, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            switch field {
            case .type?:
                guard let metric = HealthRecordCollector.metric(bytes) else { return false }
                self.metric = metric
            case .sourceName?: source = bytes
            case .device?: device = bytes
            case .unit?: unit = bytes
            case .startDate?: start = bytes
            case .endDate?: end = bytes
            case .value?: value = bytes
            case nil: break
            }
            return true
        }
    }

    private enum Field {
        case type, sourceName, device, unit, startDate, endDate, value
    }

    private static func field(_ name: UnsafePointer<UInt8>) -> Field? {
        switch name[0] {
        case UInt8(ascii: "t"): return strcmp(name, "type") == 0 ? .type : nil
        case UInt8(ascii: "s"):
            if strcmp(name, "sourceName") == 0 { return .sourceName }
            return strcmp(name, "startDate") == 0 ? .startDate : nil
        case UInt8(ascii: "d"): return strcmp(name, "device") == 0 ? .device : nil
        case UInt8(ascii: "u"): return strcmp(name, "unit") == 0 ? .unit : nil
        case UInt8(ascii: "e"): return strcmp(name, "endDate") == 0 ? .endDate : nil
        case UInt8(ascii: "v"): return strcmp(name, "value") == 0 ? .value : nil
        default: return nil
        }
    }

    private static let fieldNames: [(name: [UInt8], field: Field)] = [
        (Array("type".utf8), .type), (Array("sourceName".utf8), .sourceName), (Array("device".utf8), .device),
        (Array("unit".utf8), .unit), (Array("startDate".utf8), .startDate), (Array("endDate".utf8), .endDate),
        (Array("value".utf8), .value),
    ]

    private static func field(_ name: UnsafeBufferPointer<UInt8>) -> Field? {
        for entry in fieldNames where entry.name.count == name.count && name.elementsEqual(entry.name) {
            return entry.field
        }
        return nil
    }

    private static let typePrefix = Array("HKQuantityTypeIdentifier".utf8)
    private static let typeNames: [(name: [UInt8], metric: ActivityMetric)] = [
        (Array("StepCount".utf8), .steps), (Array("DistanceWalkingRunning".utf8), .distance),
        (Array("FlightsClimbed".utf8), .flights), (Array("ActiveEnergyBurned".utf8), .energy),
    ]

    /// The metric of a record type, nil for the types weft does not keep.
    private static func metric(_ type: UnsafeBufferPointer<UInt8>) -> ActivityMetric? {
        guard type.count > typePrefix.count, type.starts(with: typePrefix) else { return nil }
        let rest = UnsafeBufferPointer(rebasing: type[typePrefix.count...])
        for entry in typeNames where rest.elementsEqual(entry.name) { return entry.metric }
        return nil
    }

    /// The factor from a record's unit to the metric's unit (m, count, kcal); nil for a unit that does not fit.
    private static func factor(_ unit: String, metric: ActivityMetric) -> Double? {
        switch metric {
        case .steps, .flights: return unit == "count" ? 1 : nil
        case .distance:
            switch unit {
            case "m": return 1
            case "km": return 1000
            case "cm": return 0.01
            case "mi": return 1609.344
            case "yd": return 0.9144
            case "ft": return 0.3048
            default: return nil
            }
        case .energy:
            switch unit {
            case "kcal", "Cal": return 1
            case "cal": return 0.001
            case "kJ": return 1 / 4.184
            case "J": return 1 / 4184
            default: return nil
            }
        }
    }

    /// The factors of the first units seen, by metric: an export uses a handful, so a lookup builds no String. The
    /// list stops growing at ``unitCacheLimit`` entries, so a file of thousands of distinct (bad) units costs a
    /// bounded scan per record, not one growing with the units before it.
    private var unitCache: [(unit: [UInt8], metric: ActivityMetric, factor: Double?)] = []
    private static let unitCacheLimit = 16

    private func add(_ fields: RecordFields, metric: ActivityMetric) {
        guard let startText = fields.start, let start = instant(startText) else {
            return bad(attribute: "startDate", fields.start, expected: "a date like 2024-03-09 08:14:02 +0100")
        }
        guard let endText = fields.end, let end = instant(endText) else {
            return bad(attribute: "endDate", fields.end, expected: "a date like 2024-03-09 08:14:02 +0100")
        }
        guard let valueText = fields.value, let raw = ByteNumber.parse(valueText), raw.isFinite else {
            return bad(attribute: "value", fields.value, expected: "a number")
        }
        guard let factor = factor(fields.unit, metric: metric) else {
            return bad(attribute: "unit", fields.unit, expected: "a \(metric.name) unit")
        }
        let amount = raw * factor
        guard amount >= 0 else { return bad(attribute: "value", valueText, expected: "a value that is not negative") }
        if let problem = StepLimits.problem(
            start: start, end: end, steps: amount, field: "value", metric: metric)
        {
            return reject(problem)
        }
        let source = sourceIndex(fields.source, device: fields.device)
        let sample = StepSample(source: source, start: start, end: end, steps: amount)
        if metric == .steps { batch.samples.append(sample) } else { batch.activity[metric, default: []].append(sample) }
    }

    private func factor(_ unit: UnsafeBufferPointer<UInt8>?, metric: ActivityMetric) -> Double? {
        let bytes = unit ?? UnsafeBufferPointer(start: nil, count: 0)
        for entry in unitCache where entry.metric == metric && bytes.elementsEqual(entry.unit) { return entry.factor }
        // A real unit is a few bytes; a longer one is none of them.
        guard bytes.count <= 8 else { return nil }
        let found = Self.factor(String(decoding: bytes, as: UTF8.self), metric: metric)
        if unitCache.count < Self.unitCacheLimit { unitCache.append((Array(bytes), metric, found)) }
        return found
    }

    private func instant(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let fields = dates.match(bytes) else { return nil }
        if let instant = fields.instant { return instant }
        // Apple writes every date with its offset; one without is not a date of this export.
        guard let offset = fields.offset else { return nil }
        return Double(fields.wallSeconds - Int64(offset)) + fields.fraction
    }

    private func sourceIndex(_ name: UnsafeBufferPointer<UInt8>?, device: UnsafeBufferPointer<UInt8>?) -> Int {
        sources.index(
            name ?? UnsafeBufferPointer(start: nil, count: 0), in: &batch,
            name: { $0.isEmpty ? "Apple Health" : String(decoding: $0, as: UTF8.self) },
            device: { device.map { String(decoding: $0, as: UTF8.self) } ?? "" })
    }

    private func bad(attribute: String, _ bytes: UnsafeBufferPointer<UInt8>?, expected: @autoclosure () -> String) {
        reject("\(attribute) \(bytes.map { "\"\(Self.text($0))\"" } ?? "missing") is not \(expected())")
    }

    private func reject(_ message: @autoclosure () -> String) {
        batch.skip(StepIssue(file: file, line: lineSource?() ?? 0, message: "record \(records): \(message())"))
    }

    /// At most 40 characters of an attribute, with control characters shown as `?`, so a damaged file cannot put
    /// binary bytes on the terminal.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let shown = String(decoding: bytes.prefix(40), as: UTF8.self)
        let cleaned = String(shown.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return bytes.count > 40 ? cleaned + "…" : cleaned
    }
}
