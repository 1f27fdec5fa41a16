import Crypto
import Foundation
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftWeather

@Suite struct WeatherConfigTests {
    func config(_ text: String, file: String = "/etc/weft/providers/weather.toml") throws -> ProviderConfig {
        try ProviderConfig(text: text, file: file)
    }

    func makeError(_ kind: any ProviderKind.Type, _ text: String, file: String = "/etc/weft/providers/weather.toml")
        throws -> ConfigError?
    {
        let parsed = try config(text, file: file)
        do {
            _ = try kind.make(parsed)
            return nil
        } catch {
            return error
        }
    }

    @Test func aValidOpenMeteoConfigMakesAProvider() throws {
        let provider = try OpenMeteoKind.make(
            try config(
                """
                type = "open-meteo"
                name = "Berlin"
                latitude = 52.52
                longitude = 13.405
                units = "fahrenheit"
                base_url = "http://127.0.0.1:8080"
                """))
        #expect(provider.instance == "weather")
        #expect(provider.prefix == "__weather_")
        let weather = try #require(provider as? WeatherProvider<OpenMeteoAPI>)
        #expect(weather.api.settings.units == .fahrenheit)
        #expect(weather.api.settings.name == "Berlin")
        #expect(
            try weather.api.requests(now: Date()).first?.url.hasPrefix("http://127.0.0.1:8080/v1/forecast?") == true)
        #expect(OpenMeteoKind.type == "open-meteo")
        #expect(
            WeatherKinds.all.map { $0.type } == [
                "open-meteo", "met-norway", "pirate-weather", "weatherkit",
            ])
    }

    @Test func commonKeyErrorsNameFileLineAndKey() throws {
        let missing = try makeError(OpenMeteoKind.self, "type = \"open-meteo\"\nlongitude = 13.4\n")
        #expect(
            missing
                == .missingKey(
                    file: "/etc/weft/providers/weather.toml", key: "latitude",
                    expected: "degrees north, e.g. latitude = 52.52"))

        let outOfRange = try makeError(OpenMeteoKind.self, "type = \"open-meteo\"\nlatitude = 95\nlongitude = 13.4\n")
        #expect(
            outOfRange?.description
                == #"/etc/weft/providers/weather.toml:2: key "latitude": must be between -90 and 90"#)

        let units = try makeError(
            OpenMeteoKind.self, "type = \"open-meteo\"\nlatitude = 52\nlongitude = 13\nunits = \"kelvin\"\n")
        #expect(
            units?.description.hasPrefix(#"/etc/weft/providers/weather.toml:4: key "units": "kelvin" is not a unit"#)
                == true)

        let typo = try makeError(OpenMeteoKind.self, "type = \"open-meteo\"\nlatitude = 52\nlongitud = 13\n")
        #expect(typo?.description.hasPrefix(#"/etc/weft/providers/weather.toml:3: unknown key "longitud""#) == true)

        let wrongType = try makeError(OpenMeteoKind.self, "type = \"open-meteo\"\nlatitude = \"52N\"\nlongitude = 13\n")
        #expect(
            wrongType
                == .wrongType(
                    file: "/etc/weft/providers/weather.toml", line: 2, key: "latitude", expected: "a number",
                    found: "a string"))

        let scheme = try makeError(
            OpenMeteoKind.self, "type = \"open-meteo\"\nlatitude = 52\nlongitude = 13\nbase_url = \"ftp://x\"\n")
        #expect(scheme?.description.contains("must start with http:// or https://") == true)

        let prefix = try makeError(
            OpenMeteoKind.self, "type = \"open-meteo\"\nlatitude = 52\nlongitude = 13\nprefix = \"__Wx_\"\n")
        #expect(prefix?.description.hasPrefix(#"/etc/weft/providers/weather.toml:4: key "prefix""#) == true)

        // A key of another API is unknown here.
        let foreign = try makeError(
            OpenMeteoKind.self, "type = \"open-meteo\"\nlatitude = 52\nlongitude = 13\napi_key_env = \"X\"\n")
        #expect(foreign?.description.contains(#"unknown key "api_key_env""#) == true)
    }

    @Test func metNorwayNeedsAContact() throws {
        let error = try makeError(METNorwayKind.self, "type = \"met-norway\"\nlatitude = 59.91\nlongitude = 10.75\n")
        #expect(
            error?.description.hasPrefix(#"/etc/weft/providers/weather.toml: missing required key "contact""#) == true)
        let provider = try METNorwayKind.make(
            try config(
                "type = \"met-norway\"\nlatitude = 59.91\nlongitude = 10.75\ncontact = \"me@example.org\"\nprefix = \"__oslo_\"\n"
            ))
        #expect(provider.prefix == "__oslo_")
    }

    @Test func pirateWeatherKeyFromAFileNextToTheConfig() throws {
        let home = try TemporaryHome("weather")
        let directory = URL(fileURLWithPath: home.root)
        try "  KEY-from-file\n".write(
            to: directory.appendingPathComponent("pirate.key"), atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("rain.toml").path
        let text = "type = \"pirate-weather\"\nlatitude = 40.7\nlongitude = -74\napi_key_file = \"pirate.key\"\n"
        let provider = try PirateWeatherKind.make(try config(text, file: file))
        let weather = try #require(provider as? WeatherProvider<PirateWeatherAPI>)
        #expect(weather.api.apiKey == "KEY-from-file")
        #expect(provider.instance == "rain")

        let missingFile = try makeError(
            PirateWeatherKind.self, text.replacingOccurrences(of: "pirate.key", with: "nope.key"), file: file)
        #expect(
            missingFile?.description.hasPrefix(
                "\(file):4: key \"api_key_file\": cannot read \(directory.path)/nope.key") == true)

        let neither = try makeError(
            PirateWeatherKind.self, "type = \"pirate-weather\"\nlatitude = 40.7\nlongitude = -74\n")
        #expect(neither?.description.contains(#"missing required key "api_key_file""#) == true)

        let both = try makeError(
            PirateWeatherKind.self, text + "api_key_env = \"PIRATE_KEY\"\n", file: file)
        #expect(both?.description.contains("give either api_key_file or api_key_env, not both") == true)

        let unsetVariable = try makeError(
            PirateWeatherKind.self,
            "type = \"pirate-weather\"\nlatitude = 40.7\nlongitude = -74\napi_key_env = \"WEFT_TEST_UNSET_\(UUID().uuidString.prefix(8))\"\n"
        )
        #expect(unsetVariable?.description.contains("is not set or empty") == true)
    }

    @Test func weatherKitKeyFileIsParsedAtMakeTime() throws {
        let home = try TemporaryHome("weather")
        let directory = URL(fileURLWithPath: home.root)
        let keyFile = directory.appendingPathComponent("AuthKey_ABC.p8")
        try P256.Signing.PrivateKey().pemRepresentation.write(to: keyFile, atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("wk.toml").path
        let text = """
            type = "weatherkit"
            latitude = 40.713
            longitude = -74.006
            team_id = "TEAM123456"
            service_id = "org.example.weft"
            key_id = "ABC"
            private_key_file = "\(keyFile.path)"
            """
        let provider = try WeatherKitKind.make(try config(text, file: file))
        let weather = try #require(provider as? WeatherProvider<WeatherKitAPI>)
        #expect(weather.api.signer?.teamID == "TEAM123456")

        try "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".write(
            to: keyFile, atomically: true, encoding: .utf8)
        let bad = try makeError(WeatherKitKind.self, text, file: file)
        #expect(
            bad?.description.hasPrefix(
                "\(file):7: key \"private_key_file\": \(keyFile.path): its key is not a P-256 (ES256) private key")
                == true, "\(String(describing: bad))")

        let noTeam = try makeError(
            WeatherKitKind.self, text.replacingOccurrences(of: "team_id = \"TEAM123456\"\n", with: ""), file: file)
        #expect(noTeam?.description.contains(#"missing required key "team_id""#) == true)
    }
}
