import Foundation
import Testing

@testable import WeftSteps

@Suite struct CSVReaderTests {
    private func rows(_ text: String, delimiter: UInt8? = nil) -> [(line: Int, fields: [String])] {
        var reader = CSVReader(bytes: Array(text.utf8), delimiter: delimiter)
        var result: [(Int, [String])] = []
        while reader.next() { result.append((reader.line, reader.strings)) }
        return result
    }

    @Test func rfc4180QuotesKeepDelimitersNewlinesAndDoubledQuotes() {
        let result = rows("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"two\nlines\",z\nlast,row\n")
        #expect(result.map(\.fields) == [["a", "b"], ["x, y", "say \"hi\""], ["two\nlines", "z"], ["last", "row"]])
        // The row after a quoted newline starts on line 5, not 4.
        #expect(result.map(\.line) == [1, 2, 3, 5])
    }

    @Test func backslashEscapedQuotesAreUnescaped() {
        let result = rows("name,value\n\"Ann \\\"Walks\\\" iPhone\",25\n\"C:\\\\\",3\n")
        #expect(result[1].fields == ["Ann \"Walks\" iPhone", "25"])
        // An escaped backslash right before the closing quote does not escape the quote.
        #expect(result[2].fields == ["C:\\", "3"])
    }

    @Test func bomCRLFAndTrailingCommaAreHandled() {
        let text = "\u{FEFF}a,b,\r\n1,2,\r\n\"3\",4,\r\n"
        let result = rows(text)
        #expect(result.map(\.fields) == [["a", "b", ""], ["1", "2", ""], ["3", "4", ""]])
    }

    /// A file is read in 1 MiB chunks: rows cut by a chunk's end (inside a quoted field, between a quote and its
    /// escape, in the middle of a CRLF, a row longer than a chunk) read as they do from memory.
    @Test func aFileReadInChunksGivesTheSameRowsAsMemory() throws {
        var text = "\u{FEFF}name,note,value\r\n"
        var index = 0
        let pieces = [
            "plain,row,1", "\"quoted, comma\",\"say \"\"hi\"\"\",2", "\"two\nlines\",\"back\\\\slash \\\"q\\\"\",3",
            "\"after\"tail,x,4", "\"cr\r\",y,5", "", "é☕,ü,6",
        ]
        while text.utf8.count < 3 << 20 {
            text += pieces[index % pieces.count] + (index % 3 == 0 ? "\r\n" : "\n")
            if index == 5_000 { text += "long," + String(repeating: "z", count: 1_500_000) + ",7\n" }
            index += 1
        }
        text += "\"unterminated,8\nstill"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("csv-chunks-\(UUID().uuidString).csv")
            .path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var memory = CSVReader(bytes: Array(text.utf8))
        var file = try CSVReader(contentsOfFile: path)
        var count = 0
        while memory.next() {
            let more = file.next()
            #expect(more)
            #expect(file.strings == memory.strings, "row \(count)")
            #expect(file.line == memory.line && file.hasUnterminatedQuote == memory.hasUnterminatedQuote)
            #expect(file.endsWithoutNewline == memory.endsWithoutNewline)
            count += 1
        }
        let after = file.next()
        #expect(!after)
        #expect(file.bytesRead == text.utf8.count && file.failure == nil)
        #expect(count > 90_000)
    }

    @Test func semicolonDelimiterIsDetected() {
        var reader = CSVReader(bytes: Array("Fecha/Hora;Peso (kg);Pasos\n01/05/2026;90,5;8123\n".utf8))
        #expect(reader.delimiter == UInt8(ascii: ";"))
        _ = reader.next()
        _ = reader.next()
        #expect(reader.strings == ["01/05/2026", "90,5", "8123"])
    }

    @Test func lastLineWithoutNewlineAndBlankLines() {
        let result = rows("a\n\nb")
        #expect(result.map(\.fields) == [["a"], [""], ["b"]])
        #expect(result.map(\.line) == [1, 2, 3])
    }

    @Test func numbersWithThousandsSeparatorsAndDecimalCommas() {
        func parse(_ text: String, decimalComma: Bool = false) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { ByteNumber.parse($0, decimalComma: decimalComma) }
        }
        #expect(parse("10,234") == 10234)
        #expect(parse("4622.58") == 4622.58)
        #expect(parse("90,5", decimalComma: true) == 90.5)
        #expect(parse("1.234,5", decimalComma: true) == 1234.5)
        #expect(parse("10234,0", decimalComma: true) == 10234)
        #expect(parse("12a") == nil)
        #expect(parse("") == nil)
    }

    @Test func datePatternsParseTheExportLayouts() throws {
        func fields(_ layout: String, _ text: String) throws -> DateFields? {
            let pattern = try DatePattern(layout)
            return Array(text.utf8).withUnsafeBufferPointer { pattern.match($0) }
        }
        let apple = try #require(try fields("yyyy-MM-dd HH:mm:ss Z", "2024-01-05 08:12:33 +0100"))
        #expect(apple.wallSeconds - Int64(apple.offset ?? 0) == 1_704_438_753)
        let fitbit = try #require(try fields("M/d/yyyy h:mm:ss a", "4/13/2016 12:00:00 AM"))
        #expect((fitbit.month, fitbit.day, fitbit.hour) == (4, 13, 0))
        let pm = try #require(try fields("M/d/yyyy h:mm:ss a", "4/13/2016 12:30:00 PM"))
        #expect((pm.hour, pm.minute) == (12, 30))
        let qs = try #require(try fields("dd/MMM/yyyy H:mm:ss", "15/Jan/2024 8:00:00"))
        #expect((qs.year, qs.month, qs.day, qs.hour) == (2024, 1, 15, 8))
        let fit = try #require(try fields("HH:mm:ss.SZ", "08:45:00.000+05:30"))
        #expect(fit.offset == 19_800)
        #expect(try fields("yyyy-MM-dd", "2024-02-30") == nil)
        #expect(throws: StepImportError.self) { try DatePattern("yyyy-MM-dd QQ") }
    }
}

@Suite struct UnterminatedQuoteTests {
    @Test func anUnclosedQuoteIsReportedOnItsLine() throws {
        let text = """
            TIMESTAMP,DEVICE_ID,USER_ID,RAW_INTENSITY,STEPS,RAW_KIND,HEART_RATE
            1704067200,1,1,10,5,1,255
            1704067260,"1,1,10,5,1,255
            1704067320,1,1,10,5,1,255

            """
        let batch = try importText(text, lenient: true)
        #expect(batch.samples.count == 1)
        #expect(batch.issues.map(\.description) == ["test.csv:3: a quoted field is never closed (missing \")"])
    }
}
