import Foundation
import Testing
import WeftTestSupport

/// Apple Health's export.zip read straight from the file (located through the central directory, inflated by zlib,
/// its CRC checked), through the binary.
@Suite("steps zip member")
struct StepZipMemberTests {
    let clock = ["--now", "2024-03-09T17:00:00Z", "--tz", "UTC"]
    static let fixture = FixtureFiles.path("steps", "apple_health_export/export.zip")

    func days(_ box: Sandbox) async throws -> String {
        let result = await box.weft(arguments: ["steps", "days", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        return result.stdout
    }

    @Test func storedAndZip64MembersGiveTheDaysOfTheExportAsApplesZipHasIt() async throws {
        let apple = try Sandbox()
        let first = await apple.weft(arguments: ["steps", "import", Self.fixture] + clock)
        #expect(first.exitCode == 0, "\(first)")
        let expected = try await days(apple)
        #expect(expected.contains("\"steps\""), "\(expected)")
        // The same export.xml stored without compression, and deflated with ZIP64 records (as zips past 4 GiB have
        // them), behind another member so its data does not start the file.
        let script = #"""
            import sys, zipfile
            source, stored, zip64 = sys.argv[1:4]
            xml = zipfile.ZipFile(source).read("apple_health_export/export.xml")
            with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as z:
                z.writestr("apple_health_export/export_cda.xml", b"<ClinicalDocument/>")
                z.writestr("apple_health_export/export.xml", xml)
            with zipfile.ZipFile(zip64, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("apple_health_export/workout-routes/route_1.gpx", b"<gpx/>" * 1000)
                with z.open("apple_health_export/export.xml", "w", force_zip64=True) as f:
                    f.write(xml)
            """#
        let box = try Sandbox()
        let made = await WeftProcess.run(
            ["python3", "-c", script, Self.fixture, box.path("stored.zip"), box.path("zip64.zip")])
        #expect(made.exitCode == 0, "\(made)")
        for name in ["stored.zip", "zip64.zip"] {
            let other = try Sandbox()
            let result = await other.weft(arguments: ["steps", "import", box.path(name)] + clock)
            #expect(result.exitCode == 0, "\(name): \(result)")
            #expect(try await days(other) == expected, "\(name)")
        }
    }

    @Test func aDamagedMemberIsRefusedWholeInWords() async throws {
        let box = try Sandbox()
        var zip = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
        // A byte in the middle of export.xml's deflated data (it starts the archive and is 2,108 bytes long).
        zip[1000] ^= 0x55
        try zip.write(to: URL(fileURLWithPath: box.path("export.zip")))
        let result = await box.weft(arguments: ["steps", "import", box.path("export.zip")] + clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "weft: error: \(box.path("export.zip")): a zip archive that cannot be read: its export.xml cannot be "
                    + "unpacked: its content is damaged ("),
            "\(result)")
        #expect(result.stderr.contains("nothing of it was imported"), "\(result)")
        let days = await box.weft(arguments: ["steps", "days", "--json"])
        #expect(!days.stdout.contains("\"steps\""), "\(days)")
    }
}
