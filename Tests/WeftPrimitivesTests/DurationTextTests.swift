import Foundation
import Testing
import WeftPrimitives

@Suite struct DurationTextTests {
    @Test(arguments: [
        ("30s", Duration.seconds(30)), ("5m", .seconds(300)), ("1h30m", .seconds(5400)), ("500ms", .milliseconds(500)),
        ("2d", .seconds(172_800)), ("90", .seconds(90)), (" 1.5m ", .seconds(90)), ("0", .zero),
        ("36500d", .seconds(100 * 365 * 86_400)),
    ])
    func parses(_ text: String, _ expected: Duration) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test(arguments: ["", "soon", "5x", "m5", "-3s", "5m 3", "-1", "nan", "inf", "-inf", "infinity"])
    func rejects(_ text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    /// Values beyond 100 years are refused, never trapped on (they used to overflow Int64 milliseconds).
    @Test(arguments: [
        "1e300", "1e300s", "999999999999999999999s", "999999999999999999999", "36501d", "3153600001", "1e16ms",
        "99999999999999999999999999999999d", String(repeating: "9", count: 400), "36500d1ms",
    ])
    func rejectsValuesAboveTheMaximum(_ text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test func secondsFromConfigNumbersAreCheckedToo() {
        #expect(DurationText.duration(seconds: 2.5) == .milliseconds(2500))
        #expect(DurationText.duration(seconds: 0) == .zero)
        #expect(DurationText.duration(seconds: 1e300) == nil)
        #expect(DurationText.duration(seconds: .infinity) == nil)
        #expect(DurationText.duration(seconds: .nan) == nil)
        #expect(DurationText.duration(seconds: -1) == nil)
    }

    @Test func conversionsToSecondsAndMilliseconds() {
        #expect(DurationText.seconds(.milliseconds(1500)) == 1.5)
        #expect(DurationText.seconds(.seconds(-2)) == -2)
        #expect(DurationText.milliseconds(.milliseconds(1500)) == 1500)
        #expect(DurationText.milliseconds(.microseconds(1999)) == 1)
        #expect(DurationText.milliseconds(.milliseconds(-1500)) == -1500)
        #expect(DurationText.milliseconds(.seconds(Int64.max)) == Int64.max, "clamped, not trapped")
        #expect(DurationText.milliseconds(.seconds(Int64.min)) == Int64.min)
        #expect(DurationText.milliseconds(DurationText.maximum) == 100 * 365 * 86_400_000)
    }
}
