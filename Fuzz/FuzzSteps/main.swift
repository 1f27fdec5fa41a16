import Foundation
import FuzzSupport
import WeftSteps

/// One CSV file per input: read with format detection (the header sniffer), then forced as every format.
enum StepsTarget {
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    // Every named format and two generic mappings, so each row parser sees every input, not only the detected one.
    static let forced: [StepFormat] =
        StepFormat.allNames.compactMap { try? StepFormat(name: $0) } + [
            .generic(GenericMapping(start: "start", end: "end", steps: "steps", source: "source")),
            .generic(GenericMapping(start: "Date", steps: "Steps", dateFormat: "dd.MM.yyyy|yyyy-MM-dd HH:mm")),
        ]

    static func importAndAggregate(_ bytes: UnsafeBufferPointer<UInt8>, format: StepFormat?, lenient: Bool) {
        // The per-day Google Fit format takes its date from the file name.
        let options = StepImportOptions(timeZone: zone, format: format, lenient: lenient)
        guard let batch = try? StepImporter.importData(bytes, file: "2024-03-05.csv", options: options) else {
            return
        }
        _ = StepAggregator.aggregate(batch, options: StepAggregationOptions(timeZone: zone))
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        importAndAggregate(bytes, format: nil, lenient: false)
        for format in forced { importAndAggregate(bytes, format: format, lenient: true) }
    }
}

/// libFuzzer's per-input callback (also the symbol its archive's unused `main` refers to).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    StepsTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
