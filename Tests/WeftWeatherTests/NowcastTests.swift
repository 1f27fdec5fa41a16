import Foundation
import Testing
import WeftCore

@testable import WeftWeather

/// The VARIABLES.md rules on hand-built series (one value per minute unless a step says otherwise).
@Suite struct NowcastTests {
    let start = Pinned.date("2026-03-10T09:30:00Z")

    func series(_ values: [(intensity: Double, chance: Double?)], step: Int = 60) -> MinuteSeries {
        MinuteSeries(
            forecastStart: start,
            points: values.enumerated().map { index, value in
                MinutePoint(
                    date: start.addingTimeInterval(Double(index * step)), intensity: value.intensity,
                    chance: value.chance, step: step)
            })
    }

    func minutes(_ count: Int, _ value: (Double, Double?)) -> [(intensity: Double, chance: Double?)] {
        Array(repeating: (value.0, value.1), count: count)
    }

    @Test func noWetMinuteButAFairChanceSaysSo() {
        // 0.01 mm/h at 40 % is 0.004 mm/h expected: under the wet threshold.
        let nowcast = Nowcast(series: series(minutes(60, (0.01, 0.4))), now: start)
        #expect(nowcast.startMinute == nil)
        #expect(nowcast.summary(current: nil) == "No rain next hour · 40% chance of rain")
        let unlikely = Nowcast(series: series(minutes(60, (0.01, 0.3))), now: start)
        #expect(unlikely.summary(current: nil) == "No rain next hour")
        #expect(unlikely.secondary(current: nil) == nil)
    }

    @Test func rainLaterAtFortyPercentGetsTheIntensityLabel() {
        let nowcast = Nowcast(series: series(minutes(20, (0, 0)) + minutes(40, (0.8, 0.4))), now: start)
        #expect(nowcast.summary(current: nil) == "Rain in 20m · Light rain")
    }

    @Test func rainAllHourHasNoEnd() {
        let nowcast = Nowcast(series: series(minutes(60, (5, 1))), now: start)
        #expect(nowcast.endMinute == 59)
        // WidgetWeaver said `Ends in 59m` here.
        #expect(nowcast.summary(current: nil) == "Rain now · Heavy rain")
    }

    @Test func rainOnlyInTheFirstMinutesIsEndingNow() {
        let nowcast = Nowcast(series: series(minutes(2, (1, 1)) + minutes(58, (0, 1))), now: start)
        #expect(nowcast.summary(current: nil) == "Rain now · Ending now")
    }

    @Test func rainEndIsTheLastWetMinute() {
        let nowcast = Nowcast(
            series: series(minutes(11, (1, 1)) + minutes(29, (0, 1)) + minutes(11, (1, 1)) + minutes(9, (0, 1))),
            now: start)
        #expect(nowcast.startMinute == 0)
        #expect(nowcast.endMinute == 50)
        #expect(nowcast.secondary(current: nil) == "Ends in 50m")
    }

    @Test func theWetThresholdAppliesToTheExpectedValue() {
        let below = Nowcast(series: series(minutes(60, (0.0098, 0.5))), now: start)
        #expect(below.startMinute == nil)
        #expect(below.seriesText.hasPrefix("0.00,"))
        let at = Nowcast(series: series(minutes(60, (0.01, 0.5))), now: start)
        #expect(at.startMinute == 0)
        #expect(at.summary(current: nil) == "Rain now · Light drizzle")
    }

    @Test func fiveMinuteStepsFillTheirMinutesAndAreReanchored() {
        // Like MET: the series starts 3 minutes before now; a rate holds for its 5 minutes.
        let values: [(intensity: Double, chance: Double?)] = minutes(4, (0, nil)) + minutes(20, (2.5, nil))
        let nowcast = Nowcast(series: series(values, step: 300), now: start.addingTimeInterval(3 * 60 + 59))
        // Provider minutes 3…19 are dry, 20 on wet; minute 0 is provider minute 3.
        #expect(nowcast.startMinute == 17)
        #expect(nowcast.expectedByMinute[16] == 0)
        #expect(nowcast.expectedByMinute[17] == 2.5)
        #expect(nowcast.lastKnownMinute == 59)
        #expect(nowcast.peakChance == nil)
        #expect(nowcast.summary(current: nil) == "Rain in 17m · Moderate rain")
    }

    @Test func aStaleSeriesIsUnavailableUnlessItRainsNow() {
        let data = series(minutes(60, (0, 0.1)))
        let stale = Nowcast(series: data, now: start.addingTimeInterval(3600))
        #expect(!stale.isAvailable)
        #expect(stale.summary(current: nil) == "Next-hour rain unavailable")
        let raining = CurrentConditions(
            temperature: 12, apparentTemperature: nil, humidity: nil, condition: .rain, isDay: true,
            precipitationIntensity: 4.2)
        #expect(stale.summary(current: raining) == "Rain now · Heavy rain")
        let cloudy = CurrentConditions(
            temperature: 12, apparentTemperature: nil, humidity: nil, condition: .cloudy, isDay: true,
            precipitationIntensity: nil)
        #expect(stale.summary(current: cloudy) == "Next-hour rain unavailable")
        #expect(Nowcast(series: nil, now: start).headline(current: nil) == "Next-hour rain unavailable")
        // One minute in, the last minute is unknown but now is still covered.
        let late = Nowcast(series: data, now: start.addingTimeInterval(60))
        #expect(late.isAvailable)
        #expect(late.expectedByMinute[59] == nil)
    }

    @Test func intensityLabels() {
        let cases: [(Double, String)] = [
            (0, "No rain"), (0.0049, "No rain"), (0.005, "Light drizzle"), (0.05, "Drizzle"), (0.25, "Light rain"),
            (1.19, "Light rain"), (1.2, "Moderate rain"), (3.5, "Heavy rain"), (9.99, "Heavy rain"),
            (10, "Very heavy rain"),
        ]
        for (value, label) in cases {
            #expect(Nowcast.intensityLabel(value) == label, "\(value)")
        }
    }

    @Test func sparkUsesAFixedScale() {
        let values: [(intensity: Double, chance: Double?)] =
            [(0, 1), (0.02, 1), (0.1, 1), (0.5, 1), (2, 1), (3, 1), (5, 1), (12, 1)]
        let nowcast = Nowcast(series: series(values), now: start)
        #expect(nowcast.spark == "▁▂▃▄▅▆▇█" + String(repeating: " ", count: 52))
    }
}
