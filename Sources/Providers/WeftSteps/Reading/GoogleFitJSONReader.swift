/// Reads Google Fit Takeout's `All Data/derived_com.google.step_count.delta_*.json`: `{"Data Source": …,
/// "Data Points": [{"fitValue":[{"value":{"intVal":19}}], "originDataSourceId": …, "endTimeNanos": …,
/// "startTimeNanos": …}, …]}`, streamed point by point. The file's stream (`estimated_steps`, `merge_step_deltas`, a
/// device's `top_level`) is named in `Data Source`, and an import counts one stream (``GoogleFitStream``). In a
/// device's raw stream each point's `originDataSourceId` is its source; a merged stream is one source, as Google
/// already merged its devices' points.
struct GoogleFitJSONReader {
    private var parser: JSONPullParser
    private let options: StepImportOptions
    private var batch = StepBatch()
    private var fallbackSource: Int?
    private var dataSource: String?

    private static let dataSourceKey = Array("Data Source".utf8)
    private static let dataPointsKey = Array("Data Points".utf8)
    private static let startKey = Array("startTimeNanos".utf8)
    private static let endKey = Array("endTimeNanos".utf8)
    private static let originKey = Array("originDataSourceId".utf8)
    private static let typeKey = Array("dataTypeName".utf8)
    private static let fitValueKey = Array("fitValue".utf8)
    private static let valueKey = Array("value".utf8)
    private static let intKey = Array("intVal".utf8)
    private static let floatKey = Array("fpVal".utf8)
    private static let stepType = "com.google.step_count.delta"

    /// Reads one file's points into a batch.
    static func read(_ input: ChunkedInput, options: StepImportOptions) throws(StepImportError) -> StepBatch {
        var reader = GoogleFitJSONReader(parser: JSONPullParser(input), options: options)
        return try reader.run()
    }

    private init(parser: JSONPullParser, options: StepImportOptions) {
        self.parser = parser
        self.options = options
    }

    private mutating func run() throws(StepImportError) -> StepBatch {
        let file = parser.input.file
        var sawPoints = false
        try parser.beginObject()
        while let key = try parser.nextKey() {
            if key == Self.dataSourceKey, try parser.peekKind() == .string {
                // `derived:com.google.heart_rate.bpm:…` is another data type of the same Takeout folder.
                let name = String(decoding: try parser.readString(), as: UTF8.self)
                dataSource = name
                if name.contains("com.google."), !name.contains("com.google.step_count") {
                    let type = name.split(separator: ":").first { $0.hasPrefix("com.google.") } ?? Substring(name)
                    throw .unrecognised(
                        file: file,
                        found: "a Google Fit export of \(StepImportError.printable(String(type))), not of step counts")
                }
            } else if key == Self.dataPointsKey {
                sawPoints = true
                parser.record = "a Google Fit data point"
                try parser.beginArray()
                var points = 0
                while try parser.nextElement() {
                    try readPoint()
                    points += 1
                    if points % 65_536 == 0, let progress = options.progress {
                        progress(
                            StepProgress(
                                file: file, rows: batch.rowCount, bytesRead: parser.input.bytesRead,
                                totalBytes: parser.input.totalBytes))
                    }
                }
                parser.record = "the JSON document"
            } else {
                try parser.skipValue()
            }
        }
        try parser.finish()
        guard sawPoints else {
            throw .unrecognised(
                file: file,
                found: "JSON that is neither a Google Fit nor a Fitbit export (an object without \"Data Points\")")
        }
        let stream = GoogleFitStream(dataSource: dataSource, file: file)
        if stream.kind != .raw { batch = batch.assigned(to: "Google Fit \(stream.name)") }
        batch.googleFitStream = stream
        return batch
    }

    private mutating func readPoint() throws(StepImportError) {
        let line = parser.line
        var start: [UInt8]?
        var end: [UInt8]?
        var steps: [UInt8]?
        var origin: [UInt8]?
        var type: [UInt8]?
        try parser.beginObject()
        while let key = try parser.nextKey() {
            switch key {
            case Self.startKey: start = try parser.readNumberText()
            case Self.endKey: end = try parser.readNumberText()
            case Self.originKey: origin = try stringOrSkip()
            case Self.typeKey: type = try stringOrSkip()
            case Self.fitValueKey:
                if try parser.peekKind() == .array { steps = try firstValue() } else { try parser.skipValue() }
            default: try parser.skipValue()
            }
        }
        if let type, String(decoding: type, as: UTF8.self) != Self.stepType { return }
        batch.rowCount += 1
        guard let startNanos = try nanos(start, "startTimeNanos", line),
            let endNanos = try nanos(end, "endTimeNanos", line)
        else { return }
        guard let text = steps else { return bad(line, "the data point has no fitValue[0].value.intVal") }
        guard let value = ByteNumber.integer(text) else {
            return bad(line, "fitValue intVal \(Self.shown(text)) is not a whole number")
        }
        let count = Double(value)
        guard endNanos >= startNanos else { return bad(line, "endTimeNanos is before startTimeNanos") }
        if let problem = StepLimits.problem(start: startNanos, end: endNanos, steps: count, field: "fitValue intVal") {
            return bad(line, problem)
        }
        let source: Int
        if let origin, !origin.isEmpty {
            source = batch.source(named: String(decoding: origin, as: UTF8.self))
        } else {
            source = fallbackSource ?? batch.source(named: "Google Fit")
            fallbackSource = source
        }
        batch.samples.append(StepSample(source: source, start: startNanos, end: endNanos, steps: count))
    }

    private mutating func stringOrSkip() throws(StepImportError) -> [UInt8]? {
        guard try parser.peekKind() == .string else {
            try parser.skipValue()
            return nil
        }
        return try parser.readString()
    }

    /// `fitValue[0].value.intVal` (or `fpVal`); the other elements are skipped.
    private mutating func firstValue() throws(StepImportError) -> [UInt8]? {
        var found: [UInt8]?
        var first = true
        try parser.beginArray()
        while try parser.nextElement() {
            guard first, try parser.peekKind() == .object else {
                try parser.skipValue()
                continue
            }
            first = false
            try parser.beginObject()
            while let key = try parser.nextKey() {
                guard key == Self.valueKey, try parser.peekKind() == .object else {
                    try parser.skipValue()
                    continue
                }
                try parser.beginObject()
                while let inner = try parser.nextKey() {
                    if inner == Self.intKey || inner == Self.floatKey {
                        found = try parser.readNumberText()
                    } else {
                        try parser.skipValue()
                    }
                }
            }
        }
        return found
    }

    /// Seconds since 1970 of a nanosecond field, or nil after reporting why not.
    private mutating func nanos(_ text: [UInt8]?, _ name: String, _ line: Int) throws(StepImportError) -> Double? {
        guard let text else {
            bad(line, "the data point has no \(name)")
            return nil
        }
        guard let value = ByteNumber.integer(text) else {
            bad(line, "\(name) \(Self.shown(text)) is not a whole number of nanoseconds")
            return nil
        }
        guard let seconds = StepLimits.seconds(nanoseconds: value) else {
            bad(line, "\(name) \(value) is outside 1990–2100 (is it in nanoseconds?)")
            return nil
        }
        return seconds
    }

    private mutating func bad(_ line: Int, _ message: @autoclosure () -> String) {
        batch.skip(StepIssue(file: parser.input.file, line: line, message: message()))
    }

    private static func shown(_ bytes: [UInt8]) -> String { "\"\(String(decoding: bytes.prefix(40), as: UTF8.self))\"" }
}

extension ByteNumber {
    /// A plain integer from an array of bytes.
    static func integer(_ bytes: [UInt8]) -> Int64? {
        bytes.withUnsafeBufferPointer { integer($0) }
    }
}
