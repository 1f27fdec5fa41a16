import Foundation
import WeftCore
import WeftPrimitives

@testable import WeftHabits

func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
    return zone
}

func day(_ text: String) -> Int64 {
    guard let day = LocalDay.parse(text) else { fatalError("bad day \(text)") }
    return day
}

func instant(_ text: String) -> Date {
    guard let date = ISOInstant.parse(text) else { fatalError("bad instant \(text)") }
    return date
}

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

/// A unique temporary directory.
func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("weft-habits-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
