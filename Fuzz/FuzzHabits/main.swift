import Foundation
import FuzzSupport
import WeftCore
import WeftHabits

/// One habit CSV per input: read with header detection (identitybuilder's sniffer), then with a generic mapping
/// that uses every optional column; whatever is read goes through the archive, the snapshot and the variables.
enum HabitsTarget {
    static let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    static let library = HabitLibrary(instance: "habits", settings: HabitSettings(), timeZone: zone)
    static let context = VariableContext(
        now: Date(timeIntervalSince1970: 1_773_140_400), timeZone: zone, locale: Locale(identifier: "en_US"))
    static let generic = HabitFormat.generic(
        HabitColumns(
            habit: "Habit", date: "Date", schedule: "Schedule", identity: "Identity", experiments: "Experiments"))

    static func importAndDerive(_ text: String, format: HabitFormat?) {
        guard let result = try? HabitImporter.importText(text, file: "fuzz.csv", zone: zone, format: format) else {
            return
        }
        var archive = HabitArchive()
        archive.merge(result)
        let snapshot = library.snapshot(of: archive, files: [:])
        _ = HabitVariables.values(snapshot, context: context)
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        importAndDerive(text, format: nil)
        importAndDerive(text, format: generic)
    }
}

/// libFuzzer's per-input callback (also the symbol its archive's unused `main` refers to).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    HabitsTarget.run(UnsafeBufferPointer(fuzzInput: data, count: size))
    return 0
}

runFuzzer(fuzzOne)
