import Foundation
import Testing
import WeftPrimitives

/// The one JSON writer: escaping, numbers, and keys in a fixed order.
@Suite("JSON text")
struct JSONTextTests {
    /// The text parsed back by Foundation's reader.
    func parsed(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test func controlCharactersQuotesAndBackslashesAreEscaped() throws {
        let text = "a\"b\\c\nd\re\tf\u{08}g\u{0C}h\u{01}i\u{1F}j\u{7F}k/l"
        let line = JSONText.line(.string(text))
        #expect(line == #""a\"b\\c\nd\re\tf\bg\fh\u0001i\u001fj"# + "\u{7F}" + #"k/l""#)
        #expect(try parsed(line) as? String == text)
    }

    @Test func unicodeIsWrittenAsItIs() throws {
        let text = "café ☕ 日本 \u{1F600} \u{2028} e\u{301}"
        let line = JSONText.line(.string(text))
        #expect(line == "\"" + text + "\"")
        #expect(try parsed(line) as? String == text)
    }

    @Test func numbers() throws {
        let cases: [(JSONValue, String)] = [
            (.int(0), "0"), (.int(-42), "-42"), (.int(Int64.max), "9223372036854775807"),
            (.int(Int64.min), "-9223372036854775808"), (.double(3.0), "3"), (.double(-0.0), "0"), (.double(0.1), "0.1"),
            (.double(-2.5), "-2.5"), (.double(1e-7), "1e-07"), (.double(1e300), "1e+300"),
            (.double(9_007_199_254_740_993.0), "9007199254740992"),
            (.double(1e18), "1000000000000000000"), (.double(.nan), "null"),
            (.double(.infinity), "null"), (.double(nil), "null"),
        ]
        for (value, expected) in cases {
            let line = JSONText.line(value)
            #expect(line == expected)
            _ = try parsed(line)
        }
        #expect(try parsed(JSONText.line(.double(1e-7))) as? Double == 1e-7)
        #expect(try parsed(JSONText.line(.double(0.1))) as? Double == 0.1)
    }

    @Test func builtObjectsKeepTheirOrderAndIndentByTwoSpaces() {
        let value: JSONValue = .object([
            "title": .string("x"), "start": .int(1), "all_day": .bool(false), "none": .null,
            "list": .array([.int(1), .object(["b": .bool(true)])]), "empty": .array([]), "nothing": .object([]),
        ])
        #expect(
            JSONText.text(value) == """
                {
                  "title" : "x",
                  "start" : 1,
                  "all_day" : false,
                  "none" : null,
                  "list" : [
                    1,
                    {
                      "b" : true
                    }
                  ],
                  "empty" : [],
                  "nothing" : {}
                }
                """)
        #expect(
            JSONText.line(value)
                == #"{"title":"x","start":1,"all_day":false,"none":null,"list":[1,{"b":true}],"empty":[],"nothing":{}}"#
        )
    }

    struct Record: Encodable {
        var zeta = 1
        var alpha = "a"
        var Beta = true
        var when = Date(timeIntervalSince1970: 1_773_135_000)
        var missing: String?
        var nested = ["b": 2, "a": 1, "é": 3, "_": 0]
        var list: [Int?] = [1, nil]
    }

    @Test func codableKeysAreInByteOrderOnEveryRun() throws {
        let text = try JSONText.line(Record())
        #expect(
            text
                == #"{"Beta":true,"alpha":"a","list":[1,null],"nested":{"_":0,"a":1,"b":2,"é":3},"when":"2026-03-10T09:30:00Z","zeta":1}"#
        )
        // A dictionary of many keys hashes differently each run; its text must not.
        let many = Dictionary(uniqueKeysWithValues: (0..<200).map { ("key\($0)", $0) })
        let first = try JSONText.text(many)
        for _ in 0..<5 { #expect(try JSONText.text(Dictionary(uniqueKeysWithValues: many.map { ($0, $1) })) == first) }
        let keys = try #require(
            first.split(separator: "\n").dropFirst().dropLast().map { $0.split(separator: "\"")[1] })
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
