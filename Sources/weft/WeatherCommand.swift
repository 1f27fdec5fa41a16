import ArgumentParser

struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Look at the cached next-hour rain, or normalise a saved API response.",
        discussion: """
            Weather instances are provider files with type = "open-meteo", "met-norway", "pirate-weather" or \
            "weatherkit"; `weft refresh` fetches them and their `__weather_*` variables render at read time.

            Examples:
              weft weather nowcast
              weft weather nowcast --json | jq '.minutes[0]'
              weft weather parse --type open-meteo saved.json \\
                --now 2026-03-10T09:30:00Z --json
            """,
        subcommands: [WeatherNowcastCommand.self, WeatherParseCommand.self])
}
