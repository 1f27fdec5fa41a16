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
}
