import Foundation
import Testing

@testable import WeftServe

/// The ribbon's geometry: runs, taper, the end of the data, opacity from chance.
@Suite("rain ribbon")
struct RainRibbonTests {
    /// Rain from minute 12 to 44 (chance 0.8), then nothing known after minute 45.
    static func rainIn12() -> (expected: [Double?], chance: [Double?]) {
        var expected = [Double?](repeating: nil, count: 60)
        var chance = [Double?](repeating: nil, count: 60)
        for minute in 0..<46 {
            expected[minute] = (12..<45).contains(minute) ? 1.6 : 0
            chance[minute] = (12..<45).contains(minute) ? 0.8 : 0
        }
        return (expected, chance)
    }

    @Test func oneRunFromItsFirstWetMinuteThatStopsWhereTheDataStops() {
        let (expected, chance) = Self.rainIn12()
        let ribbon = RainRibbon(expected: expected, chance: chance, width: 600, height: 90)
        #expect(ribbon.knownMinutes == 46)
        #expect(ribbon.segments.count == 1)
        let segment = ribbon.segments[0]
        #expect(segment.startMinute == 12 && segment.endMinute == 45)
        #expect(segment.points.first?.x == 120 && segment.points.last?.x == 450)
        // Never drawn beyond the minutes given: no point right of minute 46.
        #expect(segment.points.allSatisfy { $0.x <= ribbon.x(46) })
    }

    @Test func endsTaperToTheBaselineWithoutAVerticalEdge() {
        let (expected, chance) = Self.rainIn12()
        let ribbon = RainRibbon(expected: expected, chance: chance, width: 600, height: 90)
        let points = ribbon.segments[0].points
        // Both ends sit on the baseline, and the point next to each is still close to it (the taper).
        #expect(points.first?.y == 90 && points.last?.y == 90)
        #expect(points[1].y < 90 && points[1].y > 90 - 1.6 / 1.6 * 90 / 2, "the next sample rises only partly")
        let inside = points.filter { $0.x - 120 >= RainRibbon.taper && 450 - $0.x >= RainRibbon.taper }
        #expect(inside.allSatisfy { abs($0.y - (90 - 1.6 / 1.6 * 90)) < 0.001 }, "full height between the tapers")
        for (a, b) in zip(points.dropFirst(), points.dropFirst(2)) where b.x - a.x < 1e-9 {
            Issue.record("two samples at x \(a.x): a vertical edge")
        }
        // Within the taper the height grows steadily.
        let rising = points.prefix { $0.x - 120 <= RainRibbon.taper }.map(\.y)
        #expect(zip(rising, rising.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test func separateRunsAreSeparateSegments() {
        var expected = [Double?](repeating: 0, count: 60)
        for minute in [3, 4, 5, 20, 21, 40] { expected[minute] = 2 }
        let ribbon = RainRibbon(expected: expected, chance: [Double?](repeating: nil, count: 60))
        #expect(ribbon.segments.map(\.startMinute) == [3, 20, 40])
        #expect(ribbon.segments.map(\.endMinute) == [6, 22, 41])
        #expect(ribbon.knownMinutes == 60)
    }

    @Test func lowChanceFadesTheRibbonNotItsColour() {
        var expected = [Double?](repeating: 0, count: 60)
        var chance = [Double?](repeating: 0.1, count: 60)
        expected[10] = 0.5
        chance[10] = 0.1
        expected[11] = 0.5
        chance[11] = 1
        let ribbon = RainRibbon(expected: expected, chance: chance)
        let low = ribbon.opacities[10] ?? 0
        let high = ribbon.opacities[11] ?? 0
        #expect(low < high && low > 0 && high == 1)
        // Unknown chance (MET Norway) is drawn fully opaque.
        let metNorway = RainRibbon(expected: expected, chance: [Double?](repeating: nil, count: 60))
        #expect(metNorway.opacities[10] == 1)
    }

    @Test func drizzleDoesNotFillTheChartAndAHeavyPeakDoes() {
        var expected = [Double?](repeating: 0, count: 60)
        for minute in 10..<30 { expected[minute] = 0.1 }
        let drizzle = RainRibbon(expected: expected, chance: [], width: 600, height: 90)
        #expect((drizzle.segments[0].points.map(\.y).min() ?? 0) > 80)
        for minute in 10..<30 { expected[minute] = 8 }
        let heavy = RainRibbon(expected: expected, chance: [], width: 600, height: 90)
        #expect(heavy.segments[0].points.map(\.y).min() == 0)
    }

    @Test func dryOrUnknownHasNoSegments() {
        let dry = RainRibbon(expected: [Double?](repeating: 0, count: 60), chance: [])
        #expect(dry.segments.isEmpty && dry.knownMinutes == 60)
        let unknown = RainRibbon(expected: [Double?](repeating: nil, count: 60), chance: [])
        #expect(unknown.segments.isEmpty && unknown.knownMinutes == 0)
    }

    @Test func theSVGDrawsEachRunAndMarksTheUnknownTail() {
        let (expected, chance) = Self.rainIn12()
        let ribbon = RainRibbon(expected: expected, chance: chance)
        let svg = RibbonSVG(ribbon: ribbon, id: "rr0", startMinute: 12).html()
        #expect(svg.components(separatedBy: "<path class=\"rain\"").count == 2)
        #expect(svg.contains("data-minutes=\"46\""))
        #expect(svg.contains("data-start-minute=\"12\""))
        #expect(svg.contains("class=\"unknown\" x=\"460\""))
        #expect(!svg.contains("style="), "no inline style: the page's CSP forbids it")
    }

    @Test func numbersHaveOneDecimal() {
        #expect(RainRibbon.number(12) == "12")
        #expect(RainRibbon.number(12.34) == "12.3")
        #expect(RainRibbon.number(-0.06) == "-0.1")
        #expect(RainRibbon.number(.nan) == "0")
    }
}
