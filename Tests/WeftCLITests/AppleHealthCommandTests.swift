import Foundation
import Testing
import WeftTestSupport

/// Apple Health's export through the built binary: `weft steps import export.zip`, a steps provider watching it,
/// `__activity_*`, and the files that are not (whole) exports.
@Suite("apple health")
struct AppleHealthCommandTests {
    static func fixture(_ name: String) -> String { FixtureFiles.path("steps", "apple_health_export/" + name) }

    /// 18:00 in Berlin on the fixture's day.
    static let clock = ["--now", "2024-03-09T17:00:00Z", "--tz", "Europe/Berlin"]
    static let activity =
        "{{__activity_access}} {{__activity_steps_today}} {{__activity_distance_m}} m {{__activity_distance_km}} km "
        + "{{__activity_flights_today}} fl {{__activity_active_energy_kcal}} kcal"

    @Test func theZipImportsAndAnswersActivityKeys() async throws {
        let box = try Sandbox()
        let imported = await box.weft(arguments: ["steps", "import", Self.fixture("export.zip")] + Self.clock)
        #expect(imported.exitCode == 0, "\(imported)")
        #expect(
            imported.stderr.contains(
                "imported 13 rows from 1 file into steps: 2 days, today 1020 steps, 0.7 km, "
                    + "3 flights, 70 kcal"), "\(imported)")
        let shown = await box.weft(arguments: ["resolve", Self.activity] + Self.clock)
        #expect(shown.stdout == "authorised 1020 720 m 0.7 km 3 fl 70 kcal\n", "\(shown)")
        let explained = await box.weft(arguments: ["explain", "__activity_distance_m"] + Self.clock)
        #expect(explained.stdout.contains("provider steps"), "\(explained)")

        // A copy cut short imports nothing and leaves the history as it was.
        let truncated = await box.weft(
            arguments: ["steps", "import", Self.fixture("export_truncated.xml")] + Self.clock)
        #expect(truncated.exitCode == 1, "\(truncated)")
        #expect(
            truncated.stderr.contains("export_truncated.xml: the export stops short after record 4"), "\(truncated)")
        #expect(truncated.stderr.split(separator: "\n").count == 1, "one line: \(truncated)")
        let after = await box.weft(arguments: ["resolve", Self.activity] + Self.clock)
        #expect(after.stdout == shown.stdout, "\(after)")
    }

    @Test func filesThatAreNotExportsAreOneLineNamingTheFile() async throws {
        let box = try Sandbox()
        let photos = await box.weft(arguments: ["steps", "import", Self.fixture("photos.zip")] + Self.clock)
        #expect(photos.exitCode == 1)
        #expect(
            photos.stderr.hasPrefix(
                "weft: error: \(Self.fixture("photos.zip")): a zip archive without apple_health_export/export.xml"),
            "\(photos)")
        #expect(photos.stderr.split(separator: "\n").count == 1, "\(photos)")
        let cda = await box.weft(arguments: ["steps", "import", Self.fixture("export_cda.xml")] + Self.clock)
        #expect(cda.stderr.contains("XML that is not an Apple Health export"), "\(cda)")
        // Binary bytes never reach the terminal.
        try box.write("blob.bin", "\u{1}\u{2}ELF\u{0}\u{0}\u{7F}junk,more\n\u{3}\u{4}\n")
        let binary = await box.weft(arguments: ["steps", "import", box.path("blob.bin")] + Self.clock)
        #expect(binary.exitCode == 1)
        #expect(binary.stderr.contains("not a step export weft reads: binary data"), "\(binary)")
        #expect(!binary.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(binary)")
    }

    /// XML beyond what Apple writes (a comment between records, a character reference, CR LF line ends) is read
    /// by libxml2 instead of weft's scanner, with the same records; a comment that is not well-formed is an error.
    @Test func unusualXMLInAnExportGivesTheSameTotals() async throws {
        let box = try Sandbox()
        let original = try String(contentsOfFile: Self.fixture("export.xml"), encoding: .utf8)
        let expected =
            "imported 13 rows from 1 file into steps: 2 days, today 1020 steps, 0.7 km, 3 flights, 70 kcal"
        let variants = [
            "comment.xml": original.replacingOccurrences(
                of: "<HealthData locale=\"en_DE\">", with: "<HealthData locale=\"en_DE\">\n <!-- edited -->"),
            "reference.xml": original.replacingOccurrences(of: "manufacturer:", with: "&#109;anufacturer:"),
            "crlf.xml": original.replacingOccurrences(of: "\n", with: "\r\n"),
        ]
        for (name, text) in variants {
            #expect(text != original, "\(name) changes the export")
            try box.write(name, text)
            let imported = await box.weft(arguments: ["steps", "import", "--force", box.path(name)] + Self.clock)
            #expect(imported.exitCode == 0, "\(name): \(imported)")
            #expect(imported.stderr.contains(expected), "\(name): \(imported)")
        }
        try box.write(
            "bad.xml",
            original.replacingOccurrences(
                of: "<HealthData locale=\"en_DE\">", with: "<HealthData locale=\"en_DE\">\n <!-- a -- b -->"))
        let bad = await box.weft(arguments: ["steps", "import", box.path("bad.xml")] + Self.clock)
        #expect(bad.exitCode == 1, "\(bad)")
        #expect(bad.stderr.contains("bad.xml"), "\(bad)")
    }

    /// A steps provider that watches the export, with steps only: `partial`, and the other keys fall back.
    @Test func aProviderWatchingTheExportIsPartialWithStepsOnly() async throws {
        let box = try Sandbox()
        try box.provider(
            "steps",
            "type = \"steps\"\nfiles = [\"\(Self.fixture("export_steps_only.xml"))\"]\ntimezone = \"Europe/Berlin\"\n")
        let refresh = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let shown = await box.weft(
            arguments: ["resolve", "{{__activity_access}} {{__activity_steps_today}} {{__activity_distance_km|–}}"]
                + Self.clock)
        #expect(shown.stdout == "partial 1020 –\n", "\(shown)")
    }

    /// A real export's records (an iPhone's, January 2016): a week after the import, `--now` on the day they were
    /// made still gives that day's flights and distance, as it gives its steps.
    @Test func activityOfAPastDayFromARealExport() async throws {
        let box = try Sandbox()
        let later = ["--now", "2016-02-20T12:00:00Z", "--tz", "Europe/Amsterdam"]
        let imported = await box.weft(arguments: ["steps", "import", Self.fixture("levi_2016_records.xml")] + later)
        #expect(imported.exitCode == 0, "\(imported)")
        let that = ["--now", "2016-01-13T21:00:00+01:00", "--tz", "Europe/Amsterdam"]
        let template =
            "{{__activity_steps_today}} {{__activity_flights_today}} fl {{__activity_distance_m}} m "
            + "{{__activity_distance_km_exact}} km {{__activity_active_energy_kcal|–}}"
        let shown = await box.weft(arguments: ["resolve", template] + that)
        #expect(shown.stdout == "31 2 fl 24 m 0.0243 km –\n", "\(shown)")
        // The day before has no data of any kind.
        let before = await box.weft(
            arguments: ["resolve", "{{__activity_flights_today|none}}", "--now", "2016-01-12T21:00:00+01:00"]
                + ["--tz", "Europe/Amsterdam"])
        #expect(before.stdout == "none\n", "\(before)")

        let days = await box.weft(arguments: ["steps", "days", "--activity"])
        #expect(days.exitCode == 0, "\(days)")
        #expect(days.stdout.contains("2016-01-13"), "\(days)")
        #expect(days.stdout.contains("0.02 km"), "\(days)")
        #expect(days.stdout.contains("2 flights"), "\(days)")
        #expect(days.stdout.contains("– kcal"), "\(days)")
        let json = await box.weft(arguments: ["steps", "days", "--activity", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let row = try #require(rows?.first, "\(json)")
        #expect(row["date"] as? String == "2016-01-13")
        #expect(row["steps"] as? Int == 31)
        #expect(row["flights"] as? Double == 2)
        #expect(row["distance_m"] as? Double == 24.32)
        #expect(row["active_energy_kcal"] is NSNull, "\(json)")
        // Without the flag the columns stay out.
        let plain = await box.weft(arguments: ["steps", "days", "--json"])
        #expect(!plain.stdout.contains("flights"), "\(plain)")

        // The board's Steps History says them on the day's cell.
        let server = try await ServeTests.Server(box, later)
        let board = await server.request("/")
        #expect(
            board.body.contains("<title>Wed 13 Jan 2016 · 31 steps of 10,000 · 24 m · 2 flights</title>"), "\(board)")
    }

    /// A snapshot written before the history kept activity (today's payload: the last week's activity in
    /// `activityDays`, none in the history) still loads, and the next refresh fills the history from the stored
    /// samples without the export being read again.
    @Test func aSnapshotWithoutActivityHistoryLoadsAndIsRebuilt() async throws {
        let box = try Sandbox()
        try box.provider(
            "steps",
            "type = \"steps\"\nfiles = [\"\(Self.fixture("levi_2016_records.xml"))\"]\ntimezone = \"Europe/Amsterdam\"\n"
        )
        let later = ["--now", "2016-02-20T12:00:00Z", "--tz", "Europe/Amsterdam"]
        let refresh = await box.weft(arguments: ["refresh"] + later)
        #expect(refresh.exitCode == 0, "\(refresh)")
        // The payload as the previous weft wrote it: no `activity` in the history, `activityDays` of the last week.
        let edit = await WeftProcess.run([
            "sqlite3", box.database,
            #"UPDATE snapshot SET payload = CAST(json_set(json_remove(CAST(payload AS TEXT), '$.history.activity'), "#
                + #"'$.activityDays', json('{"2016-02-19":{"distance":5.5,"flights":1}}')) AS BLOB)"#,
        ])
        #expect(edit.exitCode == 0, "\(edit)")
        let legacy = await box.weft(
            arguments: ["resolve", "{{__activity_flights_today}} {{__activity_distance_m}}", "--now"]
                + ["2016-02-19T12:00:00Z", "--tz", "Europe/Amsterdam"])
        #expect(legacy.stdout == "1 6\n", "\(legacy)")
        let that = ["--now", "2016-01-13T21:00:00+01:00", "--tz", "Europe/Amsterdam"]
        let before = await box.weft(arguments: ["resolve", "{{__activity_flights_today|none}}"] + that)
        #expect(before.stdout == "none\n", "\(before)")
        let again = await box.weft(arguments: ["refresh"] + later)
        #expect(again.exitCode == 0, "\(again)")
        let after = await box.weft(arguments: ["resolve", "{{__activity_flights_today|none}}"] + that)
        #expect(after.stdout == "2\n", "\(after)")
    }

    /// An export imported before and unchanged since is skipped with a line saying so; touched but the same is
    /// still recognised (by content); changed, or with --force, it is imported.
    @Test func anUnchangedExportIsSkipped() async throws {
        let box = try Sandbox()
        let export = box.path("export.zip")
        try FileManager.default.copyItem(atPath: Self.fixture("export.zip"), toPath: export)
        let first = await box.weft(arguments: ["steps", "import", export] + Self.clock)
        #expect(first.exitCode == 0 && first.stderr.contains("imported 13 rows"), "\(first)")
        let skipped =
            "weft: \(export) is unchanged since it was imported (same size, time and content): skipped; "
            + "--force imports it again\n"
        let again = await box.weft(arguments: ["steps", "import", export] + Self.clock)
        #expect(again.exitCode == 0 && again.stderr == skipped, "\(again)")
        // A new modification time with the same bytes (the export copied again).
        try FileManager.default.setAttributes([.modificationDate: Fixed.fileDate], ofItemAtPath: export)
        let touched = await box.weft(arguments: ["steps", "import", export] + Self.clock)
        #expect(touched.exitCode == 0 && touched.stderr == skipped, "\(touched)")
        let forced = await box.weft(arguments: ["steps", "import", "--force", export] + Self.clock)
        #expect(forced.exitCode == 0 && forced.stderr.contains("imported 13 rows"), "\(forced)")
        // Another zone counts other days: not the same import.
        let zoned = await box.weft(arguments: [
            "steps", "import", export, "--now", "2024-03-09T17:00:00Z", "--tz", "UTC",
        ])
        #expect(zoned.stderr.contains("imported 13 rows"), "\(zoned)")
        // A newer export under the same name is imported.
        try FileManager.default.removeItem(atPath: export)
        try FileManager.default.copyItem(atPath: Self.fixture("export_newer.xml"), toPath: export)
        let newer = await box.weft(arguments: ["steps", "import", export] + Self.clock)
        #expect(newer.exitCode == 0 && newer.stderr.contains("imported 16 rows"), "\(newer)")
    }
}
