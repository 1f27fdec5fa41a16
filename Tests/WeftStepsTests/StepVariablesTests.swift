import Foundation
import Logging
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftSteps

/// Provider data kept in memory: a steps refresh without a cache.
final class MemoryProviderData: ProviderDataStore {
    private let blobs = Locked<[String: [String: Data]]>([:])

    /// The user's records, kept under the kind as if it were an instance.
    func userRecords(kind: String) throws -> [String: Data] {
        blobs.withLock { $0["record:" + kind] ?? [:] }
    }

    func updateProviderData(instance: String, set: [String: Data], remove: [String]) throws {
        blobs.withLock { all in
            var mine = all[instance] ?? [:]
            for key in remove { mine[key] = nil }
            mine.merge(set) { _, new in new }
            all[instance] = mine
        }
    }
}

@Suite struct StepVariablesTests {
    /// The table at the head of StepVariables.swift is the one list of keys: applehealth2csv's sample (iPhone and
    /// Apple Watch on one evening) refreshed through the kind gives every key it documents and no other.
    @Test func aRecordedExportGivesExactlyTheDocumentedKeys() async throws {
        let export = Fixture.path("apple_health/applehealth2csv_README_StepCount.csv")
        let config = try ProviderConfig(
            text: "type = \"steps\"\nprefix = \"__walk_\"\nfiles = [\"\(export)\"]\n", file: "/p/walk.toml")
        let provider = try StepsKind.make(config)
        // 23:30 on the export's evening in New York.
        let now = instant("2021-01-01T04:30:00Z")
        let outcome = try await provider.refresh(
            RefreshContext(
                now: now, previous: nil, timeZone: zone("America/New_York"), logger: Logger(label: "test"),
                data: MemoryProviderData()))
        guard case .updated(let snapshot) = outcome.change else {
            Issue.record("expected a snapshot")
            return
        }
        let vars = try StepsKind.variables(
            of: snapshot,
            context: VariableContext(
                now: now, timeZone: zone("America/New_York"), locale: Locale(identifier: "en_US_POSIX")))
        #expect(vars["__walk_today"] != nil)
        #expect(vars["__walk_access"] == "authorised")
        let table = try KeyTable(sourceFile: "StepVariables.swift")
        // The activity keys (`__walk_activity_*`) have their own table, in ActivityVariables.swift.
        let stepKeys = vars.keys.filter { !$0.hasPrefix("__walk_activity_") }
        #expect(table.mismatches(derived: stepKeys, prefix: "__walk_") == [])
    }

    /// The check is not vacuous: a key missing from the derived ones and one the table does not name are both
    /// reported, as is a key outside the prefix.
    @Test func aMissingAndAnExtraKeyAreBothReported() throws {
        let table = KeyTable(
            parsing: """
                /// ## Keys
                ///
                /// | key | meaning | example |
                /// |---|---|---|
                /// | `today`, `<n>_avg` | steps | `1` |
                ///
                /// ## Bookkeeping keys (added by the resolver)
                ///
                /// | key | meaning | example |
                /// |---|---|---|
                /// | `error` | the error | `x` |
                """, file: "inline")
        #expect(
            table.mismatches(
                derived: ["__s_today", "__s_7_avg", "__s_error"], prefix: "__s_", placeholders: ["n": ["7"]])
                == [])
        #expect(
            table.mismatches(derived: ["__s_today", "__s_extra", "today"], prefix: "__s_", placeholders: ["n": ["7"]])
                == [
                    "__s_extra is derived, not documented", "today does not start with the prefix __s_",
                    "__s_7_avg is documented, not derived",
                ])
        #expect(table.mismatches(derived: ["__s_today"], prefix: "__s_") == ["no values given for <n> in <n>_avg"])
    }
}
