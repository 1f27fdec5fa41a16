import Foundation
import Testing
import WeftCore

@testable import WeftServe

/// The board asks the registry which card shows an instance and what it draws: a kind the server has never heard
/// of gets a Habits card from its own figures, with no change to the server.
@Suite("board through the registry")
struct BoardRegistryTests {
    /// A kind only this test knows: a "streaks" provider that shows one habit's week.
    enum StreaksKind: ProviderKind {
        static let type = "toy-streaks"
        static let schemaVersion = 1
        static func defaultPrefix(instance: String) -> String { "__toy_" }
        static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
            throw .missingKey(file: config.file, key: "nothing", expected: "a test kind makes no instances")
        }
        static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] { [:] }
        static var card: BoardCard { .habits }
        static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
            CardFigures(weeks: [
                HabitWeek(
                    name: "Swim", slug: "swim",
                    days: [.done, .due, .later, .later, .notScheduled, .later, .later], streak: 7, doneToday: false)
            ])
        }
    }

    @Test func aKindNamesItsCardAndHandsOverWhatItDraws() throws {
        let now = CardTests.now
        let status = CardTests.status(StreaksKind.type, prefix: "__toy_", validFor: 7200)
        let snapshot = Snapshot(
            instance: "x", kind: StreaksKind.type, prefix: "__toy_", schemaVersion: 1, fetchedAt: now,
            validUntil: now, payload: Data("{}".utf8))
        let board = Dashboard(
            statuses: [status], variables: [:], snapshots: ["x": snapshot],
            registry: ProviderRegistry([StreaksKind.self]), stored: [], now: now, zone: .gmt, csrfToken: "t"
        ).board()
        #expect(board.contains("<section class=\"card habits ok\" data-instance=\"x\">"), "\(board)")
        #expect(board.contains("<tr data-habit=\"swim\"><th scope=\"row\">Swim</th>"))
        #expect(board.contains("<td class=\"due today\" title=\"Tue 10 Mar 2026 · due today\">○</td>"))
        #expect(board.contains("<td class=\"streak\">7</td>"))
        // The same instance without the kind in the registry is a list of its variables.
        let unknown = Dashboard(
            statuses: [status], variables: [:], snapshots: ["x": snapshot], registry: ProviderRegistry([]),
            stored: [], now: now, zone: .gmt, csrfToken: "t"
        ).board()
        #expect(unknown.contains("<section class=\"card command ok\" data-instance=\"x\">"), "\(unknown)")
    }
}
