import Foundation
import WeftPrimitives

/// Sunrise, sunset and the evening golden hour of one local day at one place, by NOAA's solar position algorithm
/// (the equations of NOAA's Solar Calculator spreadsheet, after Meeus): for APIs that give no sun times (MET Norway)
/// and for the polar days and nights no API describes well.
struct SolarDay: Sendable, Equatable {
    /// What the sun does on the day.
    enum Kind: Sendable, Equatable {
        /// It rises and sets.
        case normal(sunrise: Date, sunset: Date)
        /// It stays above the horizon all day (midnight sun).
        case polarDay
        /// It stays below the horizon all day.
        case polarNight
    }

    /// The day's sun.
    var kind: Kind
    /// When the sun sinks to 6° above the horizon in the afternoon (the evening golden hour begins); nil when it
    /// never reaches 6° or never sinks below it.
    var goldenHourStart: Date?

    /// The sun's apparent altitude at sunrise and sunset: the upper limb on the horizon, with standard refraction.
    static let horizon = -0.833
    /// The altitude below which the evening light counts as golden hour.
    static let goldenAltitude = 6.0

    /// The sun of local day `day` (days since 1970) in `zone` at `latitude`/`longitude` (degrees, east positive).
    init(day: Int64, latitude: Double, longitude: Double, zone: TimeZone) {
        let noon = Self.solarNoon(
            near: LocalDay.instant(day: day, secondsIntoDay: 43_200, in: zone), longitude: longitude)
        func crossing(_ altitude: Double, rising: Bool) -> Date? {
            // Two passes: the sun's declination is taken again at the first estimate (it moves up to 0.4° a day).
            var estimate = noon
            for _ in 0..<2 {
                let declination = Self.position(at: estimate).declination
                guard let angle = Self.hourAngle(altitude: altitude, latitude: latitude, declination: declination)
                else { return nil }
                estimate = noon.addingTimeInterval((rising ? -angle : angle) * 240)
            }
            return estimate
        }
        let declination = Self.position(at: noon).declination
        let noonAltitude = 90 - abs(latitude - declination)
        if let sunrise = crossing(Self.horizon, rising: true), let sunset = crossing(Self.horizon, rising: false) {
            kind = .normal(sunrise: sunrise, sunset: sunset)
        } else {
            kind = noonAltitude > Self.horizon ? .polarDay : .polarNight
        }
        goldenHourStart = crossing(Self.goldenAltitude, rising: false)
    }

    /// Whether the sun is above the horizon at `date` at the place.
    static func isUp(at date: Date, latitude: Double, longitude: Double) -> Bool {
        altitude(at: date, latitude: latitude, longitude: longitude) > horizon
    }

    /// The sun's altitude in degrees at `date` (without refraction).
    static func altitude(at date: Date, latitude: Double, longitude: Double) -> Double {
        let position = position(at: date)
        let minutes = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 60
        var trueSolar = (minutes + position.equationOfTime + 4 * longitude).truncatingRemainder(dividingBy: 1440)
        if trueSolar < 0 { trueSolar += 1440 }
        let hourAngle = radians(trueSolar / 4 - 180)
        let lat = radians(latitude)
        let dec = radians(position.declination)
        let sine = sin(lat) * sin(dec) + cos(lat) * cos(dec) * cos(hourAngle)
        return degrees(asin(min(1, max(-1, sine))))
    }

    /// The solar noon nearest `date`.
    private static func solarNoon(near date: Date, longitude: Double) -> Date {
        let equation = position(at: date).equationOfTime
        let midnight = (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        var noon = midnight + (720 - 4 * longitude - equation) * 60
        while noon - date.timeIntervalSince1970 > 43_200 { noon -= 86_400 }
        while date.timeIntervalSince1970 - noon > 43_200 { noon += 86_400 }
        return Date(timeIntervalSince1970: noon)
    }

    /// The hour angle (degrees) at which the sun stands at `altitude`; nil when it never does that day.
    private static func hourAngle(altitude: Double, latitude: Double, declination: Double) -> Double? {
        let lat = radians(latitude)
        let dec = radians(declination)
        let cosine = (sin(radians(altitude)) - sin(lat) * sin(dec)) / (cos(lat) * cos(dec))
        guard cosine.isFinite, (-1...1).contains(cosine) else { return nil }
        return degrees(acos(cosine))
    }

    /// The sun's declination (degrees) and the equation of time (minutes) at `date`.
    private static func position(at date: Date) -> (declination: Double, equationOfTime: Double) {
        let julianDay = date.timeIntervalSince1970 / 86_400 + 2_440_587.5
        let t = (julianDay - 2_451_545) / 36_525
        let meanLongitude = (280.46646 + t * (36_000.76983 + t * 0.000_303_2)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.529_11 + t * (35_999.050_29 - 0.000_153_7 * t)
        let eccentricity = 0.016_708_634 - t * (0.000_042_037 + 0.000_000_126_7 * t)
        let m = radians(meanAnomaly)
        let center =
            sin(m) * (1.914_602 - t * (0.004_817 + 0.000_014 * t)) + sin(2 * m) * (0.019_993 - 0.000_101 * t)
            + sin(3 * m) * 0.000_289
        let omega = radians(125.04 - 1934.136 * t)
        let apparentLongitude = meanLongitude + center - 0.005_69 - 0.004_78 * sin(omega)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.000_59 - t * 0.001_813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.002_56 * cos(omega))
        let declination = degrees(asin(sin(obliquity) * sin(radians(apparentLongitude))))
        let y = pow(tan(obliquity / 2), 2)
        let l0 = radians(meanLongitude)
        let equation =
            y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m)
        return (declination, 4 * degrees(equation))
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    private static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
