import Foundation
import Testing
import WeftTestSupport

/// Re-importing an export into a cache that already holds a long history: only the months the export covers are
/// read and written, so the import's memory follows the export, not the history kept.
@Suite("steps re-import memory")
struct StepsReimportMemoryTests {
    /// Two sources (a phone and a watch) recording the same minutes, 500 samples each per day from 06:00 UTC, on the
    /// `days` days before 2026-03-10, in the applehealth2csv layout.
    static func export(daysBefore days: Range<Int>) -> String {
        let end = 1_773_100_800  // 2026-03-10T00:00:00Z
        var text = "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        for back in days.reversed() {
            let day = end - (back + 1) * 86_400
            for minute in 0..<500 {
                let start = day + 6 * 3_600 + minute * 120
                let from = formatter.string(from: Date(timeIntervalSince1970: Double(start)))
                let to = formatter.string(from: Date(timeIntervalSince1970: Double(start + 60)))
                for (source, value) in [("Phone", 40 + minute % 7), ("Watch", 42 + minute % 5)] {
                    text += "\(source),1,,HKQuantityTypeIdentifierStepCount,count,\(to),\(from),\(to),\(value)\n"
                }
            }
        }
        return text
    }

    @Test func reImportPeakDoesNotGrowWithTheHistoryKept() async throws {
        var peaks: [Int] = []
        // 100 days (100,000 samples) against 400 days (400,000 samples) of history, then the last 20 days again.
        for days in [100, 400] {
            let box = try Sandbox()
            try box.write("history.csv", Self.export(daysBefore: 0..<days))
            let filled = await box.weft(
                arguments: ["steps", "import", box.path("history.csv")] + Fixed.clock, timeout: .seconds(300))
            #expect(filled.exitCode == 0, "\(filled)")
            try box.write("export.csv", Self.export(daysBefore: 0..<20))
            let (again, peak) = await box.weftWithPeak(
                ["steps", "import", box.path("export.csv")] + Fixed.clock, timeout: .seconds(120))
            #expect(again.exitCode == 0, "\(again)")
            #expect(again.stderr.contains("into steps: \(days) days"), "\(again)")
            peaks.append(peak ?? .max)
        }
        // Reading the whole archive held 300,000 samples more in the second run (about 17 MB with their records).
        #expect(peaks[1] < peaks[0] + 4_000, "peaks \(peaks) KiB")
    }
}
