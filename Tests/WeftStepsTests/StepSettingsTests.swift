import Foundation
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftSteps

@Suite struct StepSettingsTests {
    private func settings(_ text: String) throws -> StepSettings {
        try StepSettings(config: ProviderConfig(text: "type = \"steps\"\n" + text, file: "providers/steps.toml"))
    }

    @Test func defaultsFollowTheSpec() throws {
        let value = try settings("files = [\"~/StepCount.csv\"]\n")
        #expect(value.files == [PathExpansion.home() + "/StepCount.csv"])
        #expect(value.goals == StepGoals(weekday: 10000, weekend: 10000, weekendDays: [1, 7]))
        #expect(value.streakRule == .fair)
        #expect(value.averageRule == .daysWithData)
        #expect(value.dedup == .priority)
        #expect(value.format == nil)
        #expect(value.importOptions(timeZone: zone("Asia/Tokyo")).timeZone.identifier == "Asia/Tokyo")
    }

    @Test func filesAreExpandedFromHomeAndTheProviderFilesDirectory() throws {
        let value = try settings("files = [\"~/a.csv\", \"exports/*.csv\", \"/abs/b.csv\"]\n")
        #expect(value.files == [PathExpansion.home() + "/a.csv", "providers/exports/*.csv", "/abs/b.csv"])
    }

    @Test func everyKeyIsRead() throws {
        let value = try settings(
            """
            timezone = "Europe/Berlin"
            goal_weekday = 9000
            goal_weekend = 5000
            weekend_days = ["fri", "sat"]
            streak_rule = "strict"
            average = "calendar-days"
            dedup = "max"
            priority = ["iPhone"]
            lenient = true
            start_column = "when"
            end_column = "until"
            steps_column = "count"
            date_format = "dd.MM.yyyy HH:mm"

            """)
        #expect(value.goals == StepGoals(weekday: 9000, weekend: 5000, weekendDays: [6, 7]))
        #expect(value.streakRule == .strict)
        #expect(value.averageRule == .calendarDays)
        #expect(value.aggregationOptions(timeZone: zone("UTC")).timeZone.identifier == "Europe/Berlin")
        #expect(value.aggregationOptions(timeZone: zone("UTC")).dedup == .max)
        #expect(value.lenient)
        #expect(
            value.format
                == .generic(GenericMapping(start: "when", end: "until", steps: "count", dateFormat: "dd.MM.yyyy HH:mm"))
        )
    }

    @Test func mistakesNameTheKeyAndLine() throws {
        #expect(
            throws: ConfigError.invalidValue(
                file: "providers/steps.toml", line: 2, key: "streak_rule",
                message: "\"lenient\" is not one of \"fair\" or \"strict\"")
        ) {
            try settings("streak_rule = \"lenient\"\n")
        }
        #expect(throws: ConfigError.self) { try settings("timezone = \"Mars/Olympus\"\n") }
        #expect(throws: ConfigError.self) { try settings("weekend_days = [\"caturday\"]\n") }
        #expect(throws: ConfigError.self) { try settings("format = \"fitbit-weekly\"\n") }
        #expect(throws: ConfigError.self) { try settings("goal_weekday = -5\n") }
        #expect {
            try settings("date_format = \"yyyy-QQ\"\nstart_column = \"a\"\nsteps_column = \"b\"\n")
        } throws: { error in
            guard case .invalidValue(_, let line, let key, _) = error as? ConfigError else { return false }
            return line == 2 && key == "date_format"
        }
        #expect(
            throws: ConfigError.missingKey(
                file: "providers/steps.toml", key: "steps_column", expected: "the column with the step count")
        ) {
            try settings("start_column = \"a\"\n")
        }
        #expect(throws: ConfigError.self) { try settings("goal = 5\n") }
    }
}
