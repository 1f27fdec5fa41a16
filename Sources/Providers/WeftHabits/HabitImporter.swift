import Foundation
import WeftPrimitives

/// Reads habit exports: identitybuilder's layout, detected from the header, or a generic column mapping.
public enum HabitImporter {
    /// Reads a file; `format` nil detects identitybuilder from the header.
    static func importFile(
        atPath path: String, zone: TimeZone, format: HabitFormat? = nil
    ) throws(HabitImportError) -> HabitImport {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
        return try importText(String(decoding: data, as: UTF8.self), file: path, zone: zone, format: format)
    }

    /// Reads CSV text; `file` names it in messages.
    ///
    /// A habit's identity, experiments and schedule come from its row with the latest completion, so an export
    /// made after the schedule changed gives the current schedule. Rows with no habit name or a date that cannot
    /// be read are skipped and reported; a row with an empty date declares the habit without a completion.
    public static func importText(
        _ text: String, file: String, zone: TimeZone, format: HabitFormat? = nil
    ) throws(HabitImportError) -> HabitImport {
        let rows = HabitCSV.rows(text)
        guard let header = rows.first else { throw .empty(file: file) }
        let names = header.fields.map { HabitColumns.normalised($0) }
        let chosen = format ?? HabitFormat.detect(header.fields)
        guard let chosen else { throw .unknownFormat(file: file, header: header.fields) }
        let columns = chosen.columns
        func index(_ column: String?, required: Bool) throws(HabitImportError) -> Int? {
            guard let column else { return nil }
            let found = names.firstIndex(of: HabitColumns.normalised(column))
            if found == nil, required {
                throw .missingColumn(file: file, format: chosen.name, column: column)
            }
            return found
        }
        guard let habitIndex = try index(columns.habit, required: true),
            let dateIndex = try index(columns.date, required: true)
        else { throw .missingColumn(file: file, format: chosen.name, column: columns.habit) }
        // A generic mapping names its optional columns on purpose, so a misspelt one is an error; identitybuilder's
        // are looked for and used when present.
        var isGeneric = false
        if case .generic = chosen { isGeneric = true }
        let scheduleIndex = try index(columns.schedule, required: isGeneric)
        let identityIndex = try index(columns.identity, required: isGeneric)
        let experimentsIndex = try index(columns.experiments, required: isGeneric)

        var habits: [String: ImportedHabit] = [:]
        var latest: [String: Date] = [:]
        var days: [String: [Int64: Date?]] = [:]
        var issues: [HabitIssue] = []
        for row in rows.dropFirst() {
            func field(_ index: Int?) -> String {
                guard let index, index < row.fields.count else { return "" }
                return row.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let name = field(habitIndex)
            guard !name.isEmpty else {
                issues.append(HabitIssue(file: file, line: row.line, reason: "no habit name"))
                continue
            }
            // An optional cell that is there but does not parse skips its row with an issue (nil); an absent one is
            // no value (.some(nil)).
            func cell<T>(_ present: Bool, _ text: String, _ parse: (String) -> T?, reason: () -> String) -> T?? {
                guard present else { return .some(nil) }
                guard let parsed = parse(text) else {
                    issues.append(HabitIssue(file: file, line: row.line, reason: reason()))
                    return nil
                }
                return parsed
            }
            let scheduleText = field(scheduleIndex)
            guard
                let schedule = cell(scheduleIndex != nil, scheduleText, HabitSchedule.init(text:), reason: {
                    "schedule \"\(scheduleText)\" is not weekday digits 0–6 (0 = Sunday)"
                })
            else { continue }
            let dateText = field(dateIndex)
            guard
                let completion = cell(!dateText.isEmpty, dateText, { HabitCompletion.parse($0, zone: zone) }, reason: {
                    "\"\(dateText)\" is not a date such as 2024-10-09 or 2024-10-09T10:00:00Z"
                })
            else { continue }
            let slug = HabitSlug.of(name)
            // Date-only completions sort at the start of their day.
            let when =
                completion.map { $0.at ?? LocalDay.start(of: $0.day, in: zone) } ?? Date(timeIntervalSince1970: -1e12)
            if habits[slug] == nil || when >= (latest[slug] ?? .distantPast) {
                let experiments = field(experimentsIndex).split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }.filter { !$0.isEmpty }
                habits[slug] = ImportedHabit(
                    name: name, identity: field(identityIndex), experiments: experiments, schedule: schedule)
                latest[slug] = when
            }
            if let completion {
                let known = days[slug]?[completion.day] ?? nil
                days[slug, default: [:]][completion.day] = max(known ?? .distantPast, completion.at ?? .distantPast)
            }
        }
        for (slug, byDay) in days {
            habits[slug]?.completions = byDay.keys.sorted().map { day in
                let at = byDay[day] ?? nil
                return HabitCompletion(day: day, at: at == .distantPast ? nil : at)
            }
        }
        let rowCount = rows.count - 1
        if habits.isEmpty, let first = issues.first { throw .noGoodRows(file: file, first: first) }
        return HabitImport(file: file, habits: habits, rowCount: rowCount, issues: issues)
    }
}
