import Foundation
import Testing
import WeftTestSupport

/// Step exports made so that reading them took time or memory growing faster than the file (issue 32, root 2),
/// through the built binary. Each input is sized so the old code ran past the test's limit, in time or in memory
/// (the child's peak resident size); the limits are generous, never a tight timing.
@Suite("bounded work reading step exports")
struct BoundedStepsWorkTests {
    /// A wall limit for a run that the old code took minutes over.
    static let limit = Duration.seconds(60)
    /// Today 00:00 in Berlin (2026-03-10), seconds since 1970: every sample lands on today.
    static let midnight = 1_773_097_200

    /// `yyyy-MM-dd HH:mm:ss +0100` of `minute` minutes after today's midnight in Berlin.
    static func localTime(minute: Int) -> String {
        String(format: "2026-03-10 %02d:%02d:00 +0100", minute / 60, minute % 60)
    }

    /// One Apple Health step record of 10 steps in the minute `minute` after midnight.
    static func record(source: String, unit: String = "count", minute: Int, extra: String = "") -> String {
        "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"\(unit)\"\(extra) "
            + "startDate=\"\(localTime(minute: minute))\" endDate=\"\(localTime(minute: minute + 1))\" value=\"10\"/>\n"
    }

    static func healthXML(_ records: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n\(records)</HealthData>\n"
    }

    @Test func fiftyThousandAppleHealthRecordsEachWithItsOwnBadUnitAreReadInLinearTime() async throws {
        // The unit cache was a list searched per record and grown by every new unit: 25,000 such records took
        // 12 s, 100,000 more than two minutes.
        let box = try Sandbox()
        var records = ""
        for index in 0..<50_000 { records += Self.record(source: "Phone", unit: "u\(index)", minute: index % 540) }
        try box.write("export.xml", Self.healthXML(records))
        let imported = await box.weft(
            arguments: ["steps", "import", "--lenient", box.path("export.xml")] + Fixed.clock, timeout: Self.limit)
        #expect(!imported.killedByHarness && imported.exitCode == 0, "\(imported)")
        #expect(imported.stderr.contains("… and 49990 more bad rows"), "\(imported)")
        #expect(imported.stderr.contains("unit \"u0\" is not a steps unit"), "\(imported)")
    }

    /// 20,000 sources with one 10-step sample each, spread over the first 540 minutes of today, in a reader's
    /// format.
    static func manySources(_ format: String) -> (name: String, text: String) {
        let count = 20_000
        switch format {
        case "csv":
            var text = "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"
            for index in 0..<count {
                let (start, end) = (localTime(minute: index % 540), localTime(minute: index % 540 + 1))
                text +=
                    "\"src\(index)\",\"1\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\",\"\(start)\","
                    + "\"\(start)\",\"\(end)\",\"10\"\n"
            }
            return ("sources.csv", text)
        case "xml":
            var records = ""
            for index in 0..<count { records += record(source: "src\(index)", minute: index % 540) }
            return ("export.xml", healthXML(records))
        default:
            var points: [String] = []
            for index in 0..<count {
                let start = (midnight + index % 540 * 60) * 1_000_000_000
                points.append(
                    "{\"fitValue\":[{\"value\":{\"intVal\":10}}],\"originDataSourceId\":\"raw:src\(index)\","
                        + "\"endTimeNanos\":\(start + 60_000_000_000),\"dataTypeName\":\"com.google.step_count.delta\","
                        + "\"startTimeNanos\":\(start)}")
            }
            return (
                "fit.json",
                "{\"Data Source\": \"derived:com.google.step_count.delta\", \"Data Points\": [\n"
                    + points.joined(separator: ",\n") + "\n]}\n"
            )
        }
    }

    @Test(arguments: ["csv", "xml", "json", "db"])
    func twentyThousandSourcesOnOneDayAreRefusedWholeWithinBoundedMemory(format: String) async throws {
        // Every reader's samples meet in one aggregator, which kept a 1,440-minute block per source per day (and
        // scanned every source per sample): 10,000 sources took 150 MB and half a minute; 100,000 took 1.2 GB. A
        // history now keeps at most 256 sources, so such a file is refused whole, after reading it within a memory
        // limit far below the old block (1,440 × 20,000 slots, 230 MB).
        let box = try Sandbox()
        let name: String
        if format == "db" {
            // Gadgetbridge: each DEVICE_ID is a source.
            name = "Gadgetbridge.db"
            try await Self.sqlite(
                box,
                [
                    name,
                    "CREATE TABLE MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP INTEGER, DEVICE_ID INTEGER, STEPS INTEGER); "
                        + "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999) "
                        + "INSERT INTO MI_BAND_ACTIVITY_SAMPLE SELECT \(Self.midnight) + i % 540 * 60, i, 10 FROM n;",
                ])
        } else {
            let (file, text) = Self.manySources(format)
            name = file
            try box.write(name, text)
        }
        let (imported, peak) = await box.weftWithPeak(["steps", "import", box.path(name)] + Fixed.clock)
        #expect(!imported.killedByHarness && imported.exitCode == 1, "\(imported)")
        #expect(
            imported.stderr.contains(
                "\(box.path(name)): names 20000 step sources: more than the 256 sources one step history keeps; "
                    + "nothing of it was imported"),
            "\(imported)")
        #expect((peak ?? .max) < 200_000, "peak \(peak ?? -1) KiB: \(imported)")
    }

    @Test func anAppleHealthStartTagOfTwentyThousandAttributesIsRefusedBeforeParsing() async throws {
        // libxml2 checks each attribute against the ones before: 160,000 of them took 21 s.
        let box = try Sandbox()
        let attributes = (0..<20_000).map { " a\($0)=\"x\"" }.joined()
        try box.write(
            "export.xml",
            Self.healthXML(
                Self.record(source: "Phone", minute: 0) + Self.record(source: "Phone", minute: 1, extra: attributes)))
        let imported = await box.weft(
            arguments: ["steps", "import", box.path("export.xml")] + Fixed.clock, timeout: Self.limit)
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(
            imported.stderr.contains(
                "\(box.path("export.xml")):4: an XML start tag longer than 64 KiB (an Apple Health export's are a few "
                    + "hundred bytes), refused before parsing it"),
            "\(imported)")
    }

    @Test func halfAMillionBadRowsAreCountedNotKept() async throws {
        // Every bad row was kept with its message until the end, where the 1% rule was decided: 3,000,000 bad rows
        // took 816 MB. Now they are counted and the first ten kept.
        let box = try Sandbox()
        try box.write(
            "dailyActivity_merged.csv", "ActivityDate,TotalSteps\n" + String(repeating: "x,1\n", count: 500_000))
        let (imported, peak) = await box.weftWithPeak(
            ["steps", "import", box.path("dailyActivity_merged.csv")] + Fixed.clock)
        #expect(!imported.killedByHarness && imported.exitCode == 1, "\(imported)")
        #expect(imported.stderr.contains("500000 of 500000 rows are bad"), "\(imported)")
        #expect((peak ?? .max) < 90_000, "peak \(peak ?? -1) KiB: \(imported)")
        // Imported anyway, the good row counts and the bad ones are told by their count and the first ten.
        try box.write(
            "few.csv", "ActivityDate,TotalSteps\n3/10/2026,4321\n" + String(repeating: "x,1\n", count: 20_000))
        let lenient = await box.weft(
            arguments: ["steps", "import", "--lenient", box.path("few.csv")] + Fixed.clock, timeout: Self.limit)
        #expect(lenient.exitCode == 0, "\(lenient)")
        #expect(lenient.stderr.contains("\(box.path("few.csv")):3: \"x\" in ActivityDate"), "\(lenient)")
        #expect(lenient.stderr.contains("weft: … and 19990 more bad rows"), "\(lenient)")
        #expect(lenient.stderr.contains("imported 1 row from") && lenient.stderr.contains("today 4321 steps"), "\(lenient)")
    }

    /// Runs the sqlite3 shell inside the sandbox.
    static func sqlite(_ box: Sandbox, _ arguments: [String]) async throws {
        let made = await WeftProcess.run(["sh", "-c", "cd \"$0\" && exec sqlite3 \"$@\"", box.root] + arguments)
        #expect(made.exitCode == 0, "\(made)")
    }

    @Test func aGadgetbridgeTableWithGeneratedColumnsIsRefused() async throws {
        // SQLite computes a virtual column on every read: an 8 KB file took 56 s.
        let box = try Sandbox()
        try await Self.sqlite(
            box,
            [
                "Gadgetbridge.db",
                "CREATE TABLE MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP INTEGER, DEVICE_ID INTEGER, RAW INTEGER, "
                    + "STEPS INTEGER GENERATED ALWAYS AS (length(hex(zeroblob(RAW))) / 1000000) VIRTUAL); "
                    + "INSERT INTO MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP, DEVICE_ID, RAW) VALUES (1773136800, 1, 20000000);",
            ])
        let imported = await box.weft(
            arguments: ["steps", "import", box.path("Gadgetbridge.db")] + Fixed.clock, timeout: Self.limit)
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(
            imported.stderr.contains(
                "\(box.path("Gadgetbridge.db")): table MI_BAND_ACTIVITY_SAMPLE has generated columns, computed by "
                    + "SQLite on every read; Gadgetbridge's tables have none, so the file is refused"),
            "\(imported)")
        // A provider watching it says the same.
        try box.provider("band", "type = \"steps\"\nfiles = [\"\(box.path("Gadgetbridge.db"))\"]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: Self.limit)
        #expect(refresh.exitCode == 1 && refresh.stderr.contains("has generated columns"), "\(refresh)")
    }

    @Test func aGadgetbridgeValueLongerThanAnyRowIsRefused() async throws {
        // SQLite's length limit is lowered for the read: no value of a sample table is megabytes long.
        let box = try Sandbox()
        try await Self.sqlite(
            box,
            [
                "Gadgetbridge.db",
                "CREATE TABLE MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP INTEGER, DEVICE_ID INTEGER, STEPS INTEGER); "
                    + "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1773136800, 1, zeroblob(2000000));",
            ])
        let imported = await box.weft(
            arguments: ["steps", "import", box.path("Gadgetbridge.db")] + Fixed.clock, timeout: Self.limit)
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(
            imported.stderr.contains(
                "\(box.path("Gadgetbridge.db")): it holds a value longer than 1024 KiB, which no Gadgetbridge table "
                    + "has"),
            "\(imported)")
    }

    @Test func anAppleHealthZipThatUnzipsPastItsBudgetIsRefused() async throws {
        // A zip of a few megabytes can unzip to gigabytes, all of it parsed (2 GiB took 13 s); the budget is 4 GiB
        // unless max_unzipped_mib or --max-unzipped-mib says otherwise.
        let box = try Sandbox()
        try FileManager.default.createDirectory(
            atPath: box.path("apple_health_export"), withIntermediateDirectories: true)
        try box.write(
            "apple_health_export/export.xml",
            "<HealthData>\n<!--" + String(repeating: " ", count: 3 << 20) + "-->\n"
                + Self.record(source: "Phone", minute: 0) + "</HealthData>\n")
        let zipped = await WeftProcess.run(
            ["sh", "-c", "cd \"$0\" && exec zip -q -9 export.zip apple_health_export/export.xml", box.root])
        #expect(zipped.exitCode == 0, "\(zipped)")
        let refused = await box.weft(
            arguments: ["steps", "import", "--max-unzipped-mib", "2", box.path("export.zip")] + Fixed.clock,
            timeout: Self.limit)
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(
            refused.stderr.contains(
                "\(box.path("export.zip")): the export in this zip unzips to more than 2 MiB, refused (a zip bomb?)"),
            "\(refused)")
        // The same budget from the provider file; within it the export is read.
        try box.provider(
            "walk", "type = \"steps\"\nfiles = [\"\(box.path("export.zip"))\"]\nmax_unzipped_mib = 2\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: Self.limit)
        #expect(refresh.exitCode == 1 && refresh.stderr.contains("unzips to more than 2 MiB"), "\(refresh)")
        let imported = await box.weft(
            arguments: ["steps", "import", "--max-unzipped-mib", "4", box.path("export.zip")] + Fixed.clock,
            timeout: Self.limit)
        #expect(imported.exitCode == 0 && imported.stderr.contains("today 10 steps"), "\(imported)")
    }

    @Test func aZipThatUnderstatesWhatItUnzipsToIsRefusedByTheBytesInflated() async throws {
        // The declared size is the archive's word; the budget also counts the bytes really inflated.
        let box = try Sandbox()
        let script = #"""
            import struct, sys, zipfile
            path = sys.argv[1]
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                with z.open("apple_health_export/export.xml", "w") as f:
                    f.write(b"<HealthData>\n" + b"<Me/>\n" * (600 << 10) + b"</HealthData>\n")
            data = bytearray(open(path, "rb").read())
            struct.pack_into("<I", data, 22, 1024)
            struct.pack_into("<I", data, data.rfind(b"PK\x01\x02") + 24, 1024)
            open(path, "wb").write(data)
            """#
        let made = await WeftProcess.run(["python3", "-c", script, box.path("export.zip")])
        #expect(made.exitCode == 0, "\(made)")
        let refused = await box.weft(
            arguments: ["steps", "import", "--max-unzipped-mib", "2", box.path("export.zip")] + Fixed.clock,
            timeout: Self.limit)
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderr.contains("unzips to more than 2 MiB, refused (a zip bomb?)"), "\(refused)")
    }
}
