import Foundation
import WeftPrimitives

/// Sends a file that is not CSV text to the reader for its content (JSON, an SQLite database), and turns a file no
/// reader understands into one line that says what it is.
enum StepExportRouter {
    /// The batch of a non-CSV file, or nil when the file is text for the CSV readers.
    static func importNonCSV(atPath path: String, options: StepImportOptions) throws(StepImportError) -> StepBatch? {
        let kind = StepFileKind.sniff(try prefix(of: path))
        return try route(kind, file: path, options: options) { () throws(StepImportError) in
            try ChunkedInput(path: path)
        } database: { () throws(StepImportError) in
            try GadgetbridgeDatabaseReader.read(atPath: path, options: options)
        }
    }

    /// The batch of non-CSV bytes, or nil when they are text for the CSV readers.
    static func importNonCSV<Bytes: Collection>(bytes: Bytes, file: String, options: StepImportOptions)
        throws(StepImportError) -> StepBatch? where Bytes.Element == UInt8
    {
        let kind = StepFileKind.sniff(bytes)
        return try route(kind, file: file, options: options) { () throws(StepImportError) in
            ChunkedInput(bytes: bytes, file: file)
        } database: { () throws(StepImportError) in
            throw .unrecognised(file: file, found: "an SQLite database given as bytes (import it from its file)")
        }
    }

    private static func route(
        _ kind: StepFileKind, file: String, options: StepImportOptions,
        input: () throws(StepImportError) -> ChunkedInput, database: () throws(StepImportError) -> StepBatch
    ) throws(StepImportError) -> StepBatch? {
        let format = options.format
        switch kind {
        case .text:
            if let format, format.isJSON {
                throw .unrecognised(file: file, found: "text that is not JSON, which --format \(format.name) needs")
            }
            return nil
        case .sqlite:
            if let format, format != .gadgetbridge {
                throw .unrecognised(
                    file: file,
                    found: "an SQLite database, which --format \(format.name) cannot read "
                        + "(Gadgetbridge's is gadgetbridge)")
            }
            return try database()
        case .json(let object):
            if let format, !format.isJSON {
                throw .unrecognised(file: file, found: "JSON, which the \(format.name) layout (a CSV) cannot read")
            }
            if format == .googleFitJSON, !object {
                throw .unrecognised(
                    file: file, found: "a JSON array; a Google Fit export is an object with \"Data Points\"")
            }
            if format == .fitbitJSON, object {
                throw .unrecognised(file: file, found: "a JSON object; a Fitbit steps export is an array")
            }
            return object
                ? try GoogleFitJSONReader.read(try input(), options: options)
                : try FitbitJSONReader.read(try input(), options: options)
        case .xml:
            throw .unrecognised(file: file, found: "XML that is not a step export weft reads")
        case .other(let description):
            throw .unrecognised(file: file, found: description)
        }
    }

    /// The first `StepFileKind.sniffLength` bytes of a file.
    private static func prefix(of path: String) throws(StepImportError) -> [UInt8] {
        let descriptor = try StepImportError.open(path).descriptor
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: StepFileKind.sniffLength)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress.map { $0 + count }, raw.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: path, reason: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        return Array(bytes.prefix(count))
    }
}
