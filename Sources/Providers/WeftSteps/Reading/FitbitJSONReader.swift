import Foundation

/// Reads the Fitbit account archive's `Physical Activity/steps-YYYY-MM-DD.json`: `[{"dateTime": "02/25/23 13:17:00",
/// "value": "0"}, …]`, one element per minute, times in the account's local zone (the configured zone), streamed.
struct FitbitJSONReader {
    private var parser: JSONPullParser
    private let options: StepImportOptions
    private var batch = StepBatch()
    private var zone: ZoneConverter
    private var dates = PatternSet(["MM/dd/yy HH:mm:ss", "MM/dd/yyyy HH:mm:ss", "iso"])

    private static let dateKey = Array("dateTime".utf8)
    private static let valueKey = Array("value".utf8)

    /// Reads one file's minutes into a batch.
    static func read(_ input: ChunkedInput, options: StepImportOptions) throws(StepImportError) -> StepBatch {
        // The archive holds heart_rate-, distance-, calories-… files of the same shape beside steps-….
        let name = (input.file as NSString).lastPathComponent
        if let dash = name.firstIndex(of: "-"), name.hasSuffix(".json"), GoogleFitIntradayCSV.dayInFileName(name) != nil
        {
            let metric = name[..<dash]
            if metric.lowercased() != "steps", metric.allSatisfy({ $0.isLetter || $0 == "_" }) {
                throw .unrecognised(
                    file: input.file,
                    found:
                        "a Fitbit \(StepImportError.printable(String(metric))) export, not steps (steps-YYYY-MM-DD.json)"
                )
            }
        }
        var reader = FitbitJSONReader(parser: JSONPullParser(input), options: options)
        return try reader.run()
    }

    private init(parser: JSONPullParser, options: StepImportOptions) {
        self.parser = parser
        self.options = options
        zone = ZoneConverter(timeZone: options.timeZone)
    }

    private mutating func run() throws(StepImportError) -> StepBatch {
        let file = parser.input.file
        let source = batch.source(named: "Fitbit")
        parser.record = "a Fitbit steps entry"
        try parser.beginArray()
        while try parser.nextElement() {
            let line = parser.line
            guard try parser.peekKind() == .object else {
                throw .unrecognised(file: file, found: "JSON that is neither a Google Fit nor a Fitbit export")
            }
            var date: [UInt8]?
            var value: [UInt8]?
            try parser.beginObject()
            while let key = try parser.nextKey() {
                if key == Self.dateKey, try parser.peekKind() == .string {
                    date = try parser.readString()
                } else if key == Self.valueKey {
                    let kind = try parser.peekKind()
                    guard kind == .string || kind == .number else {
                        throw .unrecognised(
                            file: file,
                            found: "Fitbit JSON whose values are not step counts (heart rate or sleep?)")
                    }
                    value = try parser.readNumberText()
                } else {
                    try parser.skipValue()
                }
            }
            guard let date, let value else {
                if batch.rowCount == 0 {
                    throw .unrecognised(file: file, found: "JSON that is neither a Google Fit nor a Fitbit export")
                }
                batch.rowCount += 1
                bad(line, "the entry has no \(date == nil ? "dateTime" : "value")")
                continue
            }
            batch.rowCount += 1
            if batch.rowCount % 65_536 == 0, let progress = options.progress {
                progress(
                    StepProgress(
                        file: file, rows: batch.rowCount, bytesRead: parser.input.bytesRead,
                        totalBytes: parser.input.totalBytes))
            }
            guard let fields = date.withUnsafeBufferPointer({ dates.match($0) }) else {
                bad(line, "dateTime \"\(String(decoding: date, as: UTF8.self))\" is not a date like MM/dd/yy HH:mm:ss")
                continue
            }
            let start: Double
            if let instant = fields.instant {
                start = instant
            } else if let offset = fields.offset {
                start = Double(fields.wallSeconds - Int64(offset))
            } else {
                start = Double(zone.instant(wallSeconds: fields.wallSeconds))
            }
            guard let steps = ByteNumber.integer(value) else {
                bad(
                    line,
                    "value \"\(String(decoding: value.prefix(40), as: UTF8.self))\" is not a whole number of steps")
                continue
            }
            let end = start + 60
            if let problem = StepLimits.problem(start: start, end: end, steps: Double(steps), field: "value") {
                bad(line, problem)
                continue
            }
            batch.samples.append(StepSample(source: source, start: start, end: end, steps: Double(steps)))
        }
        try parser.finish()
        return batch
    }

    private mutating func bad(_ line: Int, _ message: @autoclosure () -> String) {
        batch.skip(StepIssue(file: parser.input.file, line: line, message: message()))
    }
}
