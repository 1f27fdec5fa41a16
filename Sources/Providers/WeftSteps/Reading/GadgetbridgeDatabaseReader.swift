import Foundation
import GRDB

/// Reads Gadgetbridge's exported database (Data management → Export DB), opened read-only: every per-device
/// activity-sample table with `TIMESTAMP` (Unix seconds) and `STEPS` columns (`MI_BAND_ACTIVITY_SAMPLE`,
/// `HUAMI_EXTENDED_ACTIVITY_SAMPLE`, `PEBBLE_HEALTH_ACTIVITY_SAMPLE`, …), one minute per row, `DEVICE_ID` as the
/// source. Tables whose rows are day summaries are left out.
enum GadgetbridgeDatabaseReader {
    /// One sample table found in the file.
    struct SampleTable: Equatable {
        /// The table's name.
        var name: String
        /// Whether it has a `DEVICE_ID` column.
        var hasDevice: Bool
    }

    /// Reads every sample table of the database at `path`.
    static func read(atPath path: String, options: StepImportOptions) throws(StepImportError) -> StepBatch {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "gadgetbridge-export"
        do {
            // `immutable=1`: SQLite neither locks the file nor creates -wal/-shm files beside the user's export
            // (an exported WAL-mode database would otherwise get both).
            let queue: DatabaseQueue
            do {
                queue = try DatabaseQueue(path: immutableURI(path), configuration: configuration)
            } catch {
                queue = try DatabaseQueue(path: path, configuration: configuration)
            }
            return try queue.read { database in
                let tables = try sampleTables(database)
                guard !tables.isEmpty else {
                    throw StepImportError.unrecognised(
                        file: path,
                        found: "an SQLite database without activity-sample tables (no table has TIMESTAMP and STEPS)")
                }
                var batch = StepBatch()
                for table in tables { try read(table, from: database, file: path, into: &batch, options: options) }
                return batch
            }
        } catch let error as StepImportError {
            throw error
        } catch let error as DatabaseError {
            let reason = error.message ?? "\(error.resultCode)"
            let hint =
                [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode.primaryResultCode)
                ? "the database is damaged or cut off (\(reason))" : "SQLite: \(reason)"
            throw .malformed(file: path, line: 0, message: hint)
        } catch {
            throw .unreadable(file: path, reason: "\(error)")
        }
    }

    /// `file:///…?immutable=1` for a path (SQLite URI file names; Debian's SQLite accepts them).
    static func immutableURI(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString + "?immutable=1"
    }

    /// The tables with `TIMESTAMP` and `STEPS` whose rows are samples (not `…SUMMARY…` day totals).
    static func sampleTables(_ database: Database) throws -> [SampleTable] {
        let names = try String.fetchAll(
            database, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        var tables: [SampleTable] = []
        for name in names {
            let upper = name.uppercased()
            guard upper.contains("SAMPLE"), !upper.contains("SUMMARY") else { continue }
            let columns = Set(try database.columns(in: name).map { $0.name.uppercased() })
            guard columns.contains("TIMESTAMP"), columns.contains("STEPS") else { continue }
            tables.append(SampleTable(name: name, hasDevice: columns.contains("DEVICE_ID")))
        }
        return tables
    }

    private static func read(
        _ table: SampleTable, from database: Database, file: String, into batch: inout StepBatch,
        options: StepImportOptions
    ) throws {
        let device = table.hasDevice ? ", DEVICE_ID" : ""
        let cursor = try Row.fetchCursor(
            database, sql: "SELECT TIMESTAMP, STEPS\(device) FROM \(table.name.quotedDatabaseIdentifier)")
        var ordinal = 0
        var sources: [Int64: Int] = [:]
        var fallback: Int?
        while let row = try cursor.next() {
            ordinal += 1
            batch.rowCount += 1
            if ordinal % 65_536 == 0, let progress = options.progress {
                progress(StepProgress(file: file, rows: batch.rowCount, bytesRead: 0, totalBytes: 0))
            }
            func bad(_ message: String) {
                batch.issues.append(
                    StepIssue(file: file, line: ordinal, message: "\(table.name) row \(ordinal): \(message)"))
            }
            guard case .int64(let stamp) = (row[0] as DatabaseValue).storage else {
                bad("TIMESTAMP \(row[0] as DatabaseValue) is not a whole number of seconds")
                continue
            }
            guard case .int64(let steps) = (row[1] as DatabaseValue).storage else {
                bad("STEPS \(row[1] as DatabaseValue) is not a whole number")
                continue
            }
            // Negative values are Gadgetbridge's "no measurement" sentinels.
            if steps < 0 { continue }
            let start = GadgetbridgeCSV.start(timestamp: stamp)
            if let problem = StepLimits.problem(start: start, end: start + 60, steps: Double(steps), field: "STEPS") {
                bad("\(problem) (TIMESTAMP \(stamp))")
                continue
            }
            let source: Int
            if table.hasDevice, case .int64(let id) = (row[2] as DatabaseValue).storage {
                if let known = sources[id] {
                    source = known
                } else {
                    source = batch.source(named: GadgetbridgeCSV.devicePrefix + String(id))
                    sources[id] = source
                }
            } else {
                source = fallback ?? batch.source(named: "Gadgetbridge")
                fallback = source
            }
            batch.samples.append(StepSample(source: source, start: start, end: start + 60, steps: Double(steps)))
        }
    }
}
