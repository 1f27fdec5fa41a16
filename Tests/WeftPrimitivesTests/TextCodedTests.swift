import Foundation
import Testing
import WeftPrimitives

/// A value JSON holds as one string is written and read as that string, not as an object of its fields.
@Suite("text-coded values")
struct TextCodedTests {
    struct Hour: TextCoded, Equatable {
        var hour: Int
        init(hour: Int) { self.hour = hour }
        init?(codedText text: String) {
            guard let hour = Int(text.dropLast()), text.hasSuffix("h") else { return nil }
            self.hour = hour
        }
        var codedText: String { "\(hour)h" }
        static var codedMeaning: String { "an hour like 7h" }
    }

    @Test func isWrittenAndReadAsOneString() throws {
        let json = try JSONEncoder().encode([Hour(hour: 7)])
        #expect(String(decoding: json, as: UTF8.self) == #"["7h"]"#)
        #expect(try JSONDecoder().decode([Hour].self, from: json) == [Hour(hour: 7)])
    }

    @Test func aStringThatDoesNotReadSaysWhatWasExpected() {
        #expect {
            try JSONDecoder().decode([Hour].self, from: Data(#"["seven"]"#.utf8))
        } throws: { error in
            String(describing: error).contains(#""seven" is not an hour like 7h"#)
        }
    }

    @Test func digitsReadOnlyWhenEveryByteIsOne() {
        #expect(ASCIIDigits.value(Array("2026".utf8)[...]) == 2026)
        #expect(ASCIIDigits.value(Array("20a6".utf8)[...]) == nil)
        #expect(ASCIIDigits.value(Array("1234567890123456789".utf8)[...]) == nil)
    }
}
