import Foundation
import Testing
import WeftTestSupport

/// The steps CSV reader streams its file: an import's memory follows the samples it keeps, not the file's size.
@Suite("steps CSV streaming memory")
struct StepsCSVStreamingMemoryTests {
    /// `rows` rows of an Apple Health CSV as exporters write it (quoted fields, a long device description), two
    /// sources a minute apart from 2025-01-01; about 300 bytes a row, against 32 a kept sample.
    static func export(rows: Int) -> String {
        let device =
            "\"<<HKDevice: 0x283a>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5, "
            + "software:17.2>\""
        var text = "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"
        text.reserveCapacity(rows * 320)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        let start = 1_735_689_600  // 2025-01-01T00:00:00Z
        for row in 0..<rows {
            let from = formatter.string(from: Date(timeIntervalSince1970: Double(start + row / 2 * 90)))
            let to = formatter.string(from: Date(timeIntervalSince1970: Double(start + row / 2 * 90 + 60)))
            let source = row % 2 == 0 ? "\"Anna’s iPhone\"" : "\"Anna’s Apple Watch\""
            text += "\(source),\"17.2\",\(device),\"HKQuantityTypeIdentifierStepCount\",\"count\",\"\(to)\","
            text += "\"\(from)\",\"\(to)\",\"\(40 + row % 9)\"\n"
        }
        return text
    }

    @Test func importPeakDoesNotGrowWithTheFileSize() async throws {
        var peaks: [Int] = []
        var sizes: [Int] = []
        for rows in [50_000, 200_000] {
            let box = try Sandbox()
            let text = Self.export(rows: rows)
            sizes.append(text.utf8.count)
            try box.write("export.csv", text)
            let (imported, peak) = await box.weftWithPeak(
                ["steps", "import", box.path("export.csv")] + Fixed.clock, timeout: .seconds(300))
            #expect(imported.exitCode == 0, "\(imported)")
            #expect(imported.stderr.contains("imported \(rows) rows"), "\(imported)")
            peaks.append(peak ?? .max)
        }
        // The second file is about 46 MB larger; its 150,000 more samples take about 5 MB. Reading the whole file
        // grew the peak by the file's size.
        #expect(sizes[1] - sizes[0] > 40_000_000)
        #expect(peaks[1] < peaks[0] + 20_000, "peaks \(peaks) KiB for files of \(sizes) bytes")
    }
}
