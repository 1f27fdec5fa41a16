import Foundation
import Testing
import WeftTestSupport

@testable import WeftSteps

@Suite struct BadRowTests {
    /// A Gadgetbridge file with `good` good rows and the given bad rows after them.
    private func file(good: Int, bad: [String]) -> String {
        var lines = ["TIMESTAMP,DEVICE_ID,USER_ID,RAW_INTENSITY,STEPS,RAW_KIND,HEART_RATE"]
        for index in 0..<good { lines.append("\(1_704_067_200 + index * 60),1,1,10,5,1,255") }
        lines += bad
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func badRowsAreReportedWithFileAndLine() throws {
        let text = """
            sourceName,type,startDate,endDate,value
            Phone,StepCount,2024-01-05 10:00:00 +0100,2024-01-05 10:01:00 +0100,12
            Phone,StepCount,2024-01-05 10:01:00 +0100,2024-01-05 10:02:00 +0100,
            Phone,StepCount,yesterday,2024-01-05 10:03:00 +0100,7
            Phone,StepCount,2024-01-05 10:03:00 +0100,2024-01-05 10:04:00 +0100,lots
            Phone,StepCount,2024-01-05 10:05:00 +0100,2024-01-05 10:04:00 +0100,3

            """
        let batch = try importText(text, file: "steps.csv", lenient: true)
        #expect(batch.samples.count == 1)
        #expect(batch.issues.map(\.line) == [3, 4, 5, 6])
        #expect(batch.issues[0].description == "steps.csv:3: empty value")
        #expect(batch.issues[1].message.contains("\"yesterday\" in startDate is not a date"))
        #expect(batch.issues[2].message == "\"lots\" in value is not a number")
        #expect(batch.issues[3].message == "the sample ends before it starts")
    }

    @Test func onePercentBadRowsIsToleratedButMoreRejectsTheFile() throws {
        let tolerated = try importText(file(good: 198, bad: ["x,1,1,1,5,1,1", "1704067200,1,1,1,many,1,1"]))
        #expect(tolerated.rowCount == 200)
        #expect(tolerated.issues.map(\.line) == [200, 201])
        let tooMany = file(good: 197, bad: ["x,1,1,1,5,1,1", "y,1,1,1,5,1,1", "z,1,1,1,5,1,1"])
        do {
            _ = try importText(tooMany, file: "band.csv")
            Issue.record("a file with 1.5% bad rows was accepted")
        } catch {
            guard case .tooManyBadRows(let name, let bad, let total, let first) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect((name, bad, total) == ("band.csv", 3, 200))
            #expect(first.first?.line == 199)
            #expect(error.description.contains("band.csv: 3 of 200 rows are bad"))
        }
        let lenient = try importText(tooMany, lenient: true)
        #expect(lenient.samples.count == 197)
        #expect(lenient.issues.count == 3)
    }

    @Test func aRowWithTooFewFieldsIsBad() throws {
        let batch = try importText(file(good: 3, bad: ["1704067200,1"]), lenient: true)
        #expect(batch.issues.first?.line == 5)
        #expect(batch.issues.first?.message.contains("no STEPS column") == true)
    }
}

@Suite struct FileReadingTests {
    @Test func aMissingFileNamesThePath() throws {
        let home = try TemporaryHome("steps")
        let path = home.path("missing.csv")
        #expect {
            try StepImporter.importFile(atPath: path, options: StepImportOptions(timeZone: zone("UTC")))
        } throws: { error in
            guard let error = error as? StepImportError, case .unreadable(let file, _) = error else { return false }
            return file == path && error.description.hasPrefix(path)
        }
    }

    @Test func anEmptyFileIsReportedAsEmpty() throws {
        let home = try TemporaryHome("steps")
        let path = home.path("empty.csv")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: StepImportError.empty(file: path)) {
            try StepImporter.importFile(atPath: path, options: StepImportOptions(timeZone: zone("UTC")))
        }
    }
}
