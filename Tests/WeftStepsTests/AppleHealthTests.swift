import Foundation
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftSteps

/// Apple Health's export.zip / export.xml, read as a stream: the four metrics, per-minute de-duplication of the
/// iPhone against the Watch, units, and the files that are not (whole) exports.
@Suite struct AppleHealthTests {
    static let export = "apple_health_export/export.xml"
    static let berlin = "Europe/Berlin"

    func amount(_ totals: StepTotals, _ metric: ActivityMetric, _ day: String) -> Double? {
        totals.activity[metric]?[stepDay(day)]
    }

    /// The fixture's morning walk is recorded by both devices: the Watch's 700 steps, 0.52 km, 2 flights and 50 kcal
    /// win over the iPhone's 612 steps, 0.45 km, 2 flights and 40 kcal in the minutes both cover. The iPhone alone
    /// adds a noon walk (300 steps, 0.2 km, 1 flight, 83.68 kJ = 20 kcal) and 20 of the 40 steps it counted across
    /// midnight. Heart rate, basal energy, cycling distance, sleep, a workout and the activity summary count nothing.
    @Test func theWatchWinsOverTheIPhoneInEveryMetric() throws {
        let (batch, totals) = try totals(Self.export, tz: Self.berlin)
        #expect(batch.issues == [])
        #expect(batch.rowCount == 13, "the records of the four kept types")
        #expect(totals.rounded[stepDay("2024-03-09")] == 1020)
        #expect(totals.rounded[stepDay("2024-03-08")] == 20)
        #expect(abs((amount(totals, .distance, "2024-03-09") ?? 0) - 720) < 1e-6)
        #expect(abs((amount(totals, .flights, "2024-03-09") ?? 0) - 3) < 1e-9)
        #expect(abs((amount(totals, .energy, "2024-03-09") ?? 0) - 70) < 1e-6)
        #expect(amount(totals, .distance, "2024-03-08") == nil)
        let kinds = Dictionary(uniqueKeysWithValues: batch.sources.map { ($0.name, $0.kind) })
        #expect(kinds == ["Anna’s iPhone": .phone, "Anna’s Apple Watch": .watch])
    }

    /// The priority is configurable as for CSVs: ranking the iPhone first counts its 612 steps and the Watch's
    /// 140 in the two minutes after the iPhone's sample ends.
    @Test func aConfiguredPriorityRanksTheIPhoneFirst() throws {
        let (_, totals) = try totals(Self.export, tz: Self.berlin, priority: ["Anna’s iPhone"])
        #expect(totals.rounded[stepDay("2024-03-09")] == 1072)
        #expect(abs((amount(totals, .energy, "2024-03-09") ?? 0) - 60) < 1e-6, "40 kcal + 20 kcal")
    }

    /// Local days follow the configured zone, whatever offset each date carries.
    @Test func localDaysFollowTheConfiguredZone() throws {
        let (_, totals) = try totals(Self.export, tz: "America/New_York")
        // 23:58 +0100 on 8 March is 17:58 in New York: the 40 steps that crossed Berlin's midnight all fall on
        // 8 March there, and the walks of 9 March (02:14 and 06:00 in New York) stay on 9 March.
        #expect(totals.rounded[stepDay("2024-03-08")] == 40)
        #expect(totals.rounded[stepDay("2024-03-09")] == 1000)
    }

    @Test func theZipIsReadLikeTheXMLInsideIt() throws {
        let zip = try totals("apple_health_export/export.zip", tz: Self.berlin)
        let xml = try totals(Self.export, tz: Self.berlin)
        #expect(zip.totals == xml.totals)
        #expect(zip.batch.rowCount == 13)
    }

    @Test func aZipWithoutTheExportIsNamedAsSuch() throws {
        let path = Fixture.path("apple_health_export/photos.zip")
        #expect(throws: StepImportError.notAppleHealthArchive(file: path)) {
            _ = try StepImporter.importFile(atPath: path, options: StepImportOptions(timeZone: zone("UTC")))
        }
        let message = StepImportError.notAppleHealthArchive(file: path).description
        #expect(message.hasPrefix(path + ": a zip archive without apple_health_export/export.xml"))
    }

    @Test func otherXMLIsNotAnExport() throws {
        let path = Fixture.path("apple_health_export/export_cda.xml")
        #expect(throws: StepImportError.notAppleHealthXML(file: path, root: "ClinicalDocument")) {
            _ = try StepImporter.importFile(atPath: path, options: StepImportOptions(timeZone: zone("UTC")))
        }
        #expect(
            StepImportError.notAppleHealthXML(file: path, root: "ClinicalDocument").description
                == "\(path): XML that is not an Apple Health export (its root element is <ClinicalDocument>, not <HealthData>)"
        )
    }

    /// The fixture stops inside the fifth record's attributes: nothing of the file is imported, and the error says
    /// after which record and at which byte the export stops.
    @Test func aTruncatedExportImportsNothing() throws {
        let path = Fixture.path("apple_health_export/export_truncated.xml")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        do {
            _ = try StepImporter.importFile(atPath: path, options: StepImportOptions(timeZone: zone("UTC")))
            Issue.record("a truncated export was imported")
        } catch {
            guard case .truncatedExport(let file, let records, let offset, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == path)
            #expect(records == 4)
            #expect(offset == size)
            #expect(error.description.contains("stops short after record 4 (byte \(size) of the XML"))
        }
        let read = StepImporter.importFiles(atPaths: [path], options: StepImportOptions(timeZone: zone("UTC")))
        #expect(read.importedFiles == 0)
        #expect(read.batch.samples.isEmpty && read.batch.activity.isEmpty)
    }

    /// Units as recorded: miles and kilojoules are converted; a value out of physical range, a negative value and
    /// an unknown unit are bad records naming the attribute.
    @Test func unitsAreConvertedAndOutOfRangeValuesAreBadRecords() throws {
        let home = try TemporaryHome()
        func record(_ type: String, _ unit: String, _ value: String, minute: Int) -> String {
            let start = String(format: "2024-03-09 10:%02d:00 +0100", minute)
            let end = String(format: "2024-03-09 10:%02d:00 +0100", minute + 1)
            return "<Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"Phone\" unit=\"\(unit)\" "
                + "creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>\n"
        }
        let xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + record("DistanceWalkingRunning", "mi", "0.25", minute: 0)
            + record("ActiveEnergyBurned", "kJ", "41.84", minute: 1)
            + record("ActiveEnergyBurned", "Cal", "5", minute: 2)
            + record("StepCount", "count", "90000", minute: 3)
            + record("FlightsClimbed", "count", "-2", minute: 4)
            + record("DistanceWalkingRunning", "furlong", "1", minute: 5)
            + record("StepCount", "count", "abc", minute: 6)
            + "</HealthData>\n"
        try home.write("export.xml", xml)
        let batch = try StepImporter.importFile(
            atPath: home.path("export.xml"), options: StepImportOptions(timeZone: zone("UTC"), lenient: true))
        #expect(batch.activity[.distance]?.map(\.steps) == [402.336])
        let energy = batch.activity[.energy]?.map(\.steps) ?? []
        #expect(energy.count == 2 && abs(energy[0] - 10) < 1e-9 && energy[1] == 5)
        #expect(batch.samples.isEmpty)
        #expect(batch.rowCount == 7)
        let messages = batch.issues.map(\.message)
        #expect(messages.count == 4)
        #expect(
            messages[0]
                == "record 4: value 90000 steps in one minute is more than a body can do (at most 1000 steps a minute)")
        #expect(messages[1].hasPrefix("record 5: value \"-2\" is not a value that is not negative"))
        #expect(messages[2].hasPrefix("record 6: unit \"furlong\" is not a distance unit"))
        #expect(messages[3].hasPrefix("record 7: value \"abc\" is not a number"))
        #expect(batch.issues.allSatisfy { $0.line > 0 })
        // Without lenient, 4 bad records of 7 reject the file.
        #expect(throws: StepImportError.self) {
            _ = try StepImporter.importFile(
                atPath: home.path("export.xml"), options: StepImportOptions(timeZone: zone("UTC")))
        }
    }

    /// The archive keeps the metrics beside steps in the cache's blobs, so a later import builds on them.
    @Test func theArchiveKeepsEveryMetric() throws {
        let (batch, _) = try totals(Self.export, tz: Self.berlin)
        var archive = StepArchive()
        archive.merge(batch)
        #expect(archive.metrics == Set(ActivityMetric.allCases))
        let change = archive.takeChanges()
        #expect(change.set.keys.contains("distance@2024-03/Anna’s Apple Watch"))
        #expect(change.set.keys.contains("energy@2024-03/Anna’s iPhone"))
        let store = MemoryProviderData()
        try store.updateProviderData(instance: "record:steps", set: change.set, remove: change.remove)
        var merged = StepArchive()
        merged.merge(batch)
        #expect(try StepArchive.load(from: store) == merged)
    }

    func rebuild(_ files: [String], store: MemoryProviderData, previous: StepsSnapshot?, now: Date) throws
        -> StepsSnapshot
    {
        let library = StepLibrary(instance: "steps", settings: StepSettings(), timeZone: zone(Self.berlin))
        let batch = try library.read(files.map(Fixture.path), store: nil).batchIfAnyFileWasRead()
        let (snapshot, records) = try library.rebuild(
            adding: batch, store: store, previous: previous, files: [:], now: now)
        for change in records {
            try store.updateProviderData(instance: "record:" + change.kind, set: change.set, remove: change.remove)
        }
        return snapshot
    }

    /// Importing the same export twice, then a newer one (the same records and a new day), counts each sample once.
    @Test func aNewerExportAddsOnlyWhatIsNew() throws {
        let store = MemoryProviderData()
        let now = instant("2024-03-10T11:00:00Z")
        var snapshot = try rebuild([Self.export], store: store, previous: nil, now: now)
        snapshot = try rebuild([Self.export], store: store, previous: snapshot, now: now)
        snapshot = try rebuild(
            ["apple_health_export/export_newer.xml"], store: store, previous: snapshot, now: now)
        #expect(snapshot.history.days[stepDay("2024-03-09")]?.steps == 1020)
        #expect(snapshot.history.days[stepDay("2024-03-10")]?.steps == 950)
        #expect(abs((snapshot.history.activity[stepDay("2024-03-09")]?.distance ?? 0) - 720) < 1e-6)
        #expect(abs((snapshot.history.activity[stepDay("2024-03-10")]?.distance ?? 0) - 710) < 1e-6)
    }

    func variables(_ snapshot: StepsSnapshot, at now: Date) -> [String: String] {
        ActivityVariables.values(
            snapshot,
            context: VariableContext(now: now, timeZone: zone(Self.berlin), locale: Locale(identifier: "en_US_POSIX")))
    }

    /// The table at the head of ActivityVariables.swift is the one list of keys: an export with all four metrics
    /// gives every key it documents and no other.
    @Test func allMetricsGiveExactlyTheDocumentedKeys() throws {
        let now = instant("2024-03-09T17:00:00Z")
        let snapshot = try rebuild([Self.export], store: MemoryProviderData(), previous: nil, now: now)
        let vars = variables(snapshot, at: now)
        #expect(vars["__activity_access"] == "authorised")
        #expect(vars["__activity_steps_today"] == "1020")
        #expect(vars["__activity_distance_m"] == "720")
        #expect(vars["__activity_distance_km"] == "0.7")
        #expect(vars["__activity_distance_km_exact"] == "0.72")
        #expect(vars["__activity_flights_today"] == "3")
        #expect(vars["__activity_active_energy_kcal"] == "70")
        #expect(vars["__activity_updated_iso"] == "2024-03-09T17:00:00Z")
        let table = try KeyTable(sourceFile: "ActivityVariables.swift")
        #expect(table.mismatches(derived: vars.keys, prefix: "__activity_") == [])
        // The next local day has no data yet: only access and updated_iso remain.
        let tomorrow = variables(snapshot, at: instant("2024-03-09T23:30:00Z"))
        #expect(Set(tomorrow.keys) == ["__activity_access", "__activity_updated_iso"])
    }

    /// An export with steps only: `partial`, and the keys of the missing metrics are absent.
    @Test func onlySomeMetricsArePartial() throws {
        let now = instant("2024-03-09T17:00:00Z")
        let snapshot = try rebuild(
            ["apple_health_export/export_steps_only.xml"], store: MemoryProviderData(), previous: nil, now: now)
        let vars = variables(snapshot, at: now)
        #expect(vars["__activity_access"] == "partial")
        #expect(vars["__activity_steps_today"] == "1020")
        #expect(vars["__activity_distance_m"] == nil)
        #expect(vars["__activity_flights_today"] == nil)
        #expect(vars["__activity_active_energy_kcal"] == nil)
    }

    /// The activity prefix follows the steps prefix, and only the default one needs a second snapshot prefix.
    @Test func theActivityPrefixFollowsTheStepsPrefix() {
        #expect(ActivityVariables.prefix(forStepsPrefix: "__steps_") == "__activity_")
        #expect(ActivityVariables.prefix(forStepsPrefix: "__walk_") == "__walk_activity_")
        #expect(StepsKind.extraPrefix(forPrefix: "__steps_") == "__activity_")
        #expect(StepsKind.extraPrefix(forPrefix: "__walk_") == nil)
    }

    @Test func containersAreToldFromTheirFirstBytes() {
        #expect(AppleHealthImporter.container(of: Array("PK\u{3}\u{4}rest".utf8)) == .zip)
        #expect(AppleHealthImporter.container(of: [0xEF, 0xBB, 0xBF] + Array("\n <?xml".utf8)) == .xml)
        #expect(AppleHealthImporter.container(of: Array("sourceName,value\n".utf8)) == .other)
    }
}
