import Foundation
import Logging
import Testing
import WeftCore
import WeftStore
import WeftTestSupport

@testable import WeftHabits

@Suite struct HabitVariablesTests {
    /// The table at the head of HabitVariables.swift is the one list of keys: an identitybuilder export with three
    /// habits, refreshed through the kind, gives every key it documents for each habit's slug and no other.
    @Test func anExportGivesExactlyTheDocumentedKeys() async throws {
        let home = try TemporaryHome("habits")
        let directory = home.root
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try
            (identitybuilderHeader + """
                Read,Reader,"Read 10 pages, Before bed",1234560,2024-10-07T19:00:00Z
                Read,Reader,"Read 10 pages, Before bed",1234560,2024-10-09T20:15:00Z
                Exercise 30min,Athlete,"Run 5k, Stretch",135,2024-10-07T06:30:00Z
                Journal,,Three lines,123456,2024-10-08T21:00:00Z

                """).write(toFile: directory + "/habits.csv", atomically: false, encoding: .utf8)
        let provider = try HabitsKind.make(
            try ProviderConfig(
                text: "type = \"habits\"\nprefix = \"__h_\"\nfiles = [\"\(directory)/habits.csv\"]\n",
                file: directory + "/habits.toml"))
        let now = instant("2024-10-10T12:00:00Z")
        let store = try CacheStore.openForWriting(directory: directory + "/cache")
        let outcome = try await provider.refresh(
            RefreshContext(
                now: now, previous: nil, timeZone: zone("Europe/Berlin"), logger: Logger(label: "test"), data: store))
        guard case .updated(let snapshot) = outcome.change else { throw HabitsTestError("expected a snapshot") }
        let vars = try HabitsKind.variables(
            of: snapshot,
            context: VariableContext(now: now, timeZone: zone("Europe/Berlin"), locale: Locale(identifier: "en_US")))
        #expect(vars["__h_exercise_30min_name"] == "Exercise 30min")
        let table = try KeyTable(sourceFile: "HabitVariables.swift")
        #expect(
            table.mismatches(
                derived: vars.keys, prefix: "__h_", placeholders: ["slug": ["read", "exercise_30min", "journal"]])
                == [])
    }
}
