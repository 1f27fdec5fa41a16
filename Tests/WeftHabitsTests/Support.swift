import Foundation
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftHabits

/// identitybuilder's header.
let identitybuilderHeader = "Habit,Identity,Experiments,Schedule,CompletionDate\n"

/// Imports identitybuilder CSV text in a zone.
func importCSV(_ text: String, tz: String = "Europe/Berlin") throws(HabitImportError) -> HabitImport {
    try HabitImporter.importText(text, file: "export.csv", zone: zone(tz))
}

/// A habit state with completions on the given days.
func habit(_ name: String, schedule: String = "1234560", done: [String]) -> HabitState {
    HabitState(
        name: name, slug: HabitSlug.of(name), schedule: HabitSchedule(text: schedule) ?? .everyDay,
        completions: done.map { HabitCompletion(day: day($0)) }.sorted { $0.day < $1.day })
}
