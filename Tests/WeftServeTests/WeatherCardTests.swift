import Foundation
import Testing
import WeftProviders

@testable import WeftRefresh
@testable import WeftServe
@testable import WeftWeather

/// The Weather card beyond the next hour, built from the instance's variables: the 24-hour figure, the days ahead,
/// sun, wind, UV and AQI, the alert banner in its severity's colour, and weft's own icons. Each part shows only when
/// its variables are there.
@Suite("weather card")
struct WeatherCardTests {
    static let today = ["location": "Brno", "temp": "21", "condition": "Light rain", "symbol": "cloud.rain.fill"]

    static func html(_ values: [String: String], air: [String: String] = [:]) -> String {
        WeatherCard(
            status: CardTests.status("open-meteo", prefix: "__weather_", validFor: 7200), values: values,
            nowcast: nil, card: CardTests.card(), index: 0, air: air
        ).html()
    }

    /// Hours 0…23 from 10:00, 12° rising by one each hour, with hour 5's temperature missing and a chance every other hour.
    static var hours: [String: String] {
        var values: [String: String] = [:]
        for hour in 0..<24 {
            if hour != 5 { values["hour\(hour)_temp"] = "\(12 + hour)" }
            values["hour\(hour)_precip_chance"] = hour % 2 == 0 ? "\(hour * 4)" : "0"
            values["hour\(hour)_symbol"] = hour < 12 ? "cloud.sun.fill" : "cloud.rain.fill"
            values["hour\(hour)_time"] = String(format: "%02d:00", (10 + hour) % 24)
        }
        return values
    }

    static func count(_ text: String, in html: String) -> Int { html.components(separatedBy: text).count - 1 }

    @Test func withoutTheNewVariablesTheCardIsTodaysCard() {
        let html = Self.html(Self.today.merging(["hourly_strip": "10 85% 33 · 11 — 35"]) { $1 })
        #expect(html.contains("<ol class=\"hours\">") && html.contains("<span class=\"t\">33°</span>"), "\(html)")
        for part in ["class=\"alert", "class=\"hourly\"", "class=\"days\"", "class=\"wx\"", " wide"] {
            #expect(!html.contains(part), "\(part)")
        }
        #expect(html.contains("<svg class=\"wi\" viewBox=\"0 0 32 32\" role=\"img\" aria-label=\"cloud.rain.fill\">"))
    }

    @Test func theNext24HoursAreALineOverChanceBarsWithReadingsAndIconsEveryThirdHour() throws {
        let html = Self.html(Self.today.merging(Self.hours) { $1 }.merging(["hourly_strip": "10 85% 33"]) { $1 })
        #expect(!html.contains("<ol class=\"hours\">"), "the figure replaces the six-hour row")
        #expect(html.contains("class=\"card weather ok wide\""))
        #expect(html.contains("aria-label=\"temperature and chance of precipitation, the next 24 hours\""))
        // Hour 5 has no temperature: the line breaks there, into hours 0–4 and 6–23.
        let lines = html.matches(of: /<path class="templine" d="([^"]*)"\/>/).map { String($0.output.1) }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("M12 84L36 ") == true, "12°, the lowest, is at the bottom: \(lines)")
        #expect(lines.last?.hasSuffix("L564 44") == true, "35°, the highest, is at the top: \(lines)")
        #expect(lines.first.map { Self.count("L", in: $0) } == 4 && lines.last.map { Self.count("L", in: $0) } == 17)
        // A bar for every hour with a chance above zero: hours 2, 4, … 22 (8 % … 88 %).
        #expect(Self.count("<rect class=\"pop\"", in: html) == 11)
        #expect(!html.contains("<title>now:"), "no bar for no chance")
        #expect(html.contains("<title>14:00: 16% chance of precipitation</title>"), "the bar's hour in its tip")
        // Every third hour: a reading, an icon and the hour's local time.
        #expect(Self.count("<circle class=\"dot\"", in: html) == 8)
        #expect(html.contains(">12°</text>") && html.contains(">33°</text>") && !html.contains(">13°</text>"))
        #expect(Self.count("aria-label=\"cloud.sun.fill\" x=", in: html) == 4)
        #expect(Self.count("aria-label=\"cloud.rain.fill\" x=", in: html) == 4)
        let labels = html.matches(of: /text-anchor="middle">([^<]*)<\/text>/).map { String($0.output.1) }
        #expect(
            labels.filter { !$0.hasSuffix("°") }
                == ["now", "13:00", "16:00", "19:00", "22:00", "01:00", "04:00", "07:00"], "\(labels)")
    }

    @Test func fewerThanTwoHoursWithATemperatureDrawNoFigure() {
        let html = Self.html(Self.today.merging(["hour0_temp": "12", "hour1_precip_chance": "40"]) { $1 })
        #expect(!html.contains("class=\"hourly\""))
    }

    @Test func theDaysAheadShowWeekdayIconHighLowAndChance() {
        var values = Self.today
        for day in 0..<7 {
            values["day\(day)_high"] = "\(10 + day)"
            values["day\(day)_low"] = "\(day - 3)"
            values["day\(day)_weekday_short"] = ["Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Mon"][day]
            values["day\(day)_weekday"] =
                ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Monday"][day]
            values["day\(day)_precip_chance"] = "\(day * 15)"
            values["day\(day)_precip_mm"] = day == 2 ? "3.4" : "0"
            values["day\(day)_condition"] = "Rain"
            if day != 4 { values["day\(day)_symbol"] = "cloud.rain.fill" }
        }
        let html = Self.html(values)
        #expect(html.contains("class=\"card weather ok wide\""))
        #expect(Self.count("<li title=", in: html) == 7)
        #expect(
            html.contains(
                "<li title=\"Today · Rain\"><span class=\"wd\">Today</span><span class=\"di\"><svg class=\"wi\""),
            "\(html)")
        #expect(html.contains("<b>10°</b> <span class=\"muted\">-3°</span></span><span class=\"pc\"></span>"))
        #expect(html.contains("<li title=\"Thu · Rain · 3.4 mm\"><span class=\"wd\">Thu</span>"))
        #expect(html.contains("<b>12°</b> <span class=\"muted\">-1°</span></span><span class=\"pc\">30%</span>"))
        #expect(html.contains("<span class=\"wd\">Sat</span><span class=\"di\"></span>"), "no symbol, no icon")
    }

    @Test func sunWindUVAndAirQualityEachShowWhenTheirVariablesAreThere() {
        let values = Self.today.merging([
            "sunrise": "06:41", "sunset": "17:52", "daylight": "11:11", "wind_speed": "19", "wind_gust": "41",
            "wind_direction": "270", "wind_compass": "W", "wind_beaufort": "3", "uv_index": "6", "uv_level": "high",
        ]) { $1 }
        let html = Self.html(values, air: ["aqi": "42", "aqi_level": "good"])
        #expect(html.contains("<li class=\"sunrise\"><span class=\"k\">Sunrise</span> <b>06:41</b></li>"), "\(html)")
        #expect(html.contains("<b>17:52</b> <small>11:11 of daylight</small>"))
        // From the west (270°): the arrow, drawn pointing up, turns to point east, where the wind blows.
        #expect(html.contains("transform=\"rotate(90 8 8)\""))
        #expect(html.contains("<b>19</b> <small>W · gusts 41 · Bft 3</small>"))
        #expect(html.contains("<li class=\"uv uv-high\"><span class=\"k\">UV</span> <b>6</b> <small>high</small>"))
        #expect(html.contains("<li class=\"aqi\"><span class=\"k\">AQI</span> <b>42</b> <small>good</small>"))
        #expect(!html.contains(" wide"), "details alone keep the card one column wide")
        let bare = Self.html(Self.today.merging(["sunset": "17:52", "uv_index": "11", "uv_level": "nuclear"]) { $1 })
        #expect(!bare.contains("Sunrise") && !bare.contains("Wind") && !bare.contains("AQI"))
        #expect(bare.contains("<li class=\"uv\"><span class=\"k\">UV</span> <b>11</b> <small>nuclear</small>"))
        let north = Self.html(
            Self.today.merging(["wind_speed": "5", "wind_unit": "km/h", "wind_direction": "0"]) { $1 })
        #expect(north.contains("transform=\"rotate(180 8 8)\""), "from the north it blows south")
        #expect(north.contains("<b>5 km/h</b></li>"), "\(north)")
        let polar = Self.html(Self.today.merging(["sun_polar": "night", "daylight": "0:00", "sun_up": "0"]) { $1 })
        #expect(
            polar.contains(
                "<li class=\"sun\"><span class=\"k\">Sun</span> <b>polar night</b> <small>0:00 of daylight</small>"),
            "\(polar)")
    }

    /// The AQI item reads the board's first air-quality instance (by name); without one there is none.
    @Test func theAQIItemReadsTheBoardsFirstAirQualityInstance() {
        let statuses = [
            EscapingTests.status("home", type: "open-meteo", prefix: "__weather_"),
            EscapingTests.status("town", type: "air-quality", prefix: "__town_"),
            EscapingTests.status("city", type: "air-quality", prefix: "__air_"),
        ]
        let variables = [
            "__weather_temp": "21", "__air_aqi": "42", "__air_aqi_level": "good", "__town_aqi": "77",
            "__town_aqi_level": "moderate",
        ]
        func board(_ statuses: [ProviderStatus]) -> String {
            Dashboard(
                statuses: statuses, variables: variables, snapshots: [:], registry: BuiltinProviders.registry,
                stored: [], now: CardTests.now, zone: .gmt, csrfToken: "t"
            ).board()
        }
        #expect(
            board(statuses).contains(
                "<li class=\"aqi\"><span class=\"k\">AQI</span> <b>42</b> <small>good</small></li>"))
        #expect(!board([statuses[0]]).contains("class=\"aqi\""))
    }

    @Test(arguments: [("minor", "minor"), ("moderate", "moderate"), ("Severe", "severe"), ("extreme", "extreme")])
    func anAlertIsABannerInItsSeveritysColour(severity: String, css: String) {
        let html = Self.html(
            Self.today.merging([
                "alert_count": "1", "alert_title": "Wind warning", "alert_severity": severity,
                "alert_until": "18:00", "alert_regions": "Brno-město",
                "alert_url": "https://www.chmi.cz/varovani",
            ]) { $1 })
        #expect(
            html.contains(
                "<div class=\"alert \(css)\" role=\"alert\"><strong>Wind warning</strong> "
                    + "<span class=\"span\">until 18:00</span>"
                    + "<a href=\"https://www.chmi.cz/varovani\" rel=\"noopener noreferrer\">details</a>"
                    + "<small>Brno-město</small></div>"), "\(html)")
    }

    @Test func anUnknownSeverityIsNeutralFurtherAlertsAreCountedAndOnlyWebLinksAreLinked() {
        let html = Self.html(
            Self.today.merging([
                "alert_count": "3", "alert_title": "<b>Flood</b>", "alert_severity": "catastrophic",
                "alert_until": "Wed 18:00", "alert_url": "javascript:alert(1)",
            ]) { $1 })
        #expect(
            html.contains(
                "<div class=\"alert unknown\" role=\"alert\"><strong>&lt;b&gt;Flood&lt;/b&gt;</strong> "
                    + "<span class=\"span\">until Wed 18:00</span> <span class=\"more\">+2 more</span></div>"),
            "\(html)")
        #expect(!html.contains("javascript:"))
        let none = Self.html(Self.today.merging(["alert_count": "0"]) { $1 })
        #expect(!none.contains("class=\"alert"), "no alert in force, no banner")
    }

    /// Every symbol a condition can have, day and night, has an icon drawn by weft.
    @Test func everyConditionsSymbolHasAnIcon() {
        for condition in WeatherCondition.allCases {
            for isDay in [true, false] {
                guard let symbol = condition.symbol(isDay: isDay) else { continue }
                let icon = WeatherIcon(symbol: symbol)
                #expect(icon != nil && icon?.shapes.isEmpty == false, "\(symbol)")
            }
        }
        #expect(WeatherIcon(symbol: "questionmark") == nil)
    }
}
