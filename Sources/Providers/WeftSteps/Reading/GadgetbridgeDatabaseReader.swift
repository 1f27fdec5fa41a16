import Foundation
import GRDB
import GRDBSQLite
import WeftPrimitives

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

    /// Reads every sample table of the database at `path`. A non-empty `-wal` beside it holds rows not yet in the
    /// database file (an export copied while Gadgetbridge wrote): both are copied to a private folder and read
    /// there, so every row is imported and nothing is written beside the user's export.
    static func read(atPath path: String, options: StepImportOptions) throws(StepImportError) -> StepBatch {
        let wal = path + "-wal"
        guard let size = FileStamp(path: wal)?.size, size > 0 else {
            return try readFile(atPath: path, file: path, options: options)
        }
        let folder = try privateCopy(of: [path, wal], file: path)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try readFile(atPath: folder + "/export.db", file: path, options: options, immutable: false)
    }

    /// Copies `files` (a database and its `-wal`) into a new 0700 folder as `export.db` and `export.db-wal`.
    private static func privateCopy(of files: [String], file: String) throws(StepImportError) -> String {
        var template = Array((NSTemporaryDirectory() + "/weft-gadgetbridge.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            let reason = String(cString: strerror(errno))
            throw .unreadable(file: file, reason: "cannot make a private folder to read its -wal: \(reason)")
        }
        let folder = String(cString: made)
        for (source, name) in zip(files, ["export.db", "export.db-wal"]) {
            do throws(InputFile.Problem) {
                try InputFile.copy(source, to: folder + "/" + name)
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw .unreadable(file: source, reason: error.description)
            }
        }
        return folder
    }

    /// Reads the database at `path`; `file` is what messages name. `immutable` (the user's own export): opened
    /// read-only, nothing created beside it; else a private copy, opened as a WAL database must be.
    private static func readFile(
        atPath path: String, file: String, options: StepImportOptions, immutable: Bool = true
    ) throws(StepImportError) -> StepBatch {
        var configuration = Configuration()
        configuration.readonly = immutable
        configuration.label = "gadgetbridge-export"
        let budget = WorkBudget(
            fileBytes: (FileStamp(path: path)?.size ?? 0) + (FileStamp(path: path + "-wal")?.size ?? 0))
        do {
            // `immutable=1`: SQLite neither locks the file nor creates -wal/-shm files beside the user's export
            // (an exported WAL-mode database would otherwise get both).
            let queue: DatabaseQueue
            if immutable, let opened = try? DatabaseQueue(path: immutableURI(path), configuration: configuration) {
                queue = opened
            } else {
                queue = try DatabaseQueue(path: path, configuration: configuration)
            }
            return try queue.read { database in
                // A database is a program as much as data: no value may be longer than a Gadgetbridge row could
                // hold, and the whole read gets a budget of SQLite steps for the file's size.
                let connection = database.sqliteConnection
                sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, Int32(WorkBudget.maximumValueBytes))
                sqlite3_progress_handler(
                    connection, WorkBudget.stepsPerCall, { context in
                        guard let context else { return 1 }
                        return Unmanaged<WorkBudget>.fromOpaque(context).takeUnretainedValue().spend() ? 0 : 1
                    }, Unmanaged.passUnretained(budget).toOpaque())
                defer { sqlite3_progress_handler(connection, 0, nil, nil) }
                let tables = try sampleTables(database, file: file)
                guard !tables.isEmpty else {
                    throw StepImportError.unrecognised(
                        file: file,
                        found: "an SQLite database without activity-sample tables (no table has TIMESTAMP and STEPS)")
                }
                var batch = StepBatch()
                for table in tables { try read(table, from: database, file: file, into: &batch, options: options) }
                return batch
            }
        } catch let error as StepImportError {
            throw error
        } catch let error as DatabaseError {
            if error.resultCode.primaryResultCode == .SQLITE_INTERRUPT {
                throw .malformed(
                    file: file, line: 0,
                    message: "reading it took more than \(WorkBudget.stepsPerCall) × \(budget.calls) SQLite steps, "
                        + "far more than a Gadgetbridge export of its size needs (a crafted database?)")
            }
            if error.resultCode.primaryResultCode == .SQLITE_TOOBIG {
                throw .malformed(
                    file: file, line: 0,
                    message: "it holds a value longer than \(WorkBudget.maximumValueBytes >> 10) KiB, which no "
                        + "Gadgetbridge table has")
            }
            let reason = error.message ?? "\(error.resultCode)"
            let hint =
                [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode.primaryResultCode)
                ? "the database is damaged or cut off (\(reason))" : "SQLite: \(reason)"
            throw .malformed(file: file, line: 0, message: hint)
        } catch {
            throw .unreadable(file: file, reason: "\(ErrorText.words(error))")
        }
    }

    /// What reading one database may cost: SQLite steps in proportion to the file's size (a sample row takes a
    /// few steps, a row at least a few bytes), and no value longer than ``maximumValueBytes``.
    final class WorkBudget {
        /// SQLite steps between two calls of the progress handler.
        static let stepsPerCall: Int32 = 1000
        /// The longest string or blob SQLite may make while reading (Gadgetbridge's rows are tens of bytes).
        static let maximumValueBytes = 1 << 20
        /// Handler calls allowed: 100 million steps plus 64 per byte of the file.
        let calls: Int
        private var spent = 0

        init(fileBytes: Int64) {
            calls = (100_000_000 + 64 * Int(clamping: min(max(fileBytes, 0), 1 << 40))) / Int(Self.stepsPerCall)
        }

        /// Counts one call; false once the budget is spent (SQLite then stops the statement).
        func spend() -> Bool {
            spent += 1
            return spent <= calls
        }
    }

    /// `file:///…?immutable=1` for a path (SQLite URI file names; Debian's SQLite accepts them).
    static func immutableURI(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString + "?immutable=1"
    }

    /// The tables with `TIMESTAMP` and `STEPS` whose rows are samples (not `…SUMMARY…` day totals). A sample table
    /// with generated columns is refused: SQLite computes them on every read, and Gadgetbridge never makes them.
    static func sampleTables(_ database: Database, file: String) throws -> [SampleTable] {
        let names = try String.fetchAll(
            database, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        var tables: [SampleTable] = []
        for name in names {
            let upper = name.uppercased()
            guard upper.contains("SAMPLE"), !upper.contains("SUMMARY") else { continue }
            // Bound, not spliced: a table name is the export's data and may hold any character.
            // `hidden` is 2 or 3 for a generated column (table_xinfo lists them; table_info does not).
            let rows = try Row.fetchAll(
                database, sql: "SELECT name, hidden FROM pragma_table_xinfo(?)", arguments: [name])
            let columns = Set(rows.map { ($0[0] as String? ?? "").uppercased() })
            guard columns.contains("TIMESTAMP"), columns.contains("STEPS") else { continue }
            if rows.contains(where: { [2, 3].contains($0[1] as Int64? ?? 0) }) {
                throw StepImportError.malformed(
                    file: file, line: 0,
                    message: "table \(StepImportError.printable(name)) has generated columns, computed by SQLite on "
                        + "every read; Gadgetbridge's tables have none, so the file is refused")
            }
            tables.append(SampleTable(name: name, hasDevice: columns.contains("DEVICE_ID")))
        }
        return tables
    }

    /// An SQL identifier in double quotes, a quote inside doubled (GRDB's `quotedDatabaseIdentifier` does not).
    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    private static func read(
        _ table: SampleTable, from database: Database, file: String, into batch: inout StepBatch,
        options: StepImportOptions
    ) throws {
        let device = table.hasDevice ? ", DEVICE_ID" : ""
        let cursor = try Row.fetchCursor(
            database, sql: "SELECT TIMESTAMP, STEPS\(device) FROM \(quoted(table.name))")
        var ordinal = 0
        var sources: [Int64: Int] = [:]
        var fallback: Int?
        while let row = try cursor.next() {
            ordinal += 1
            batch.rowCount += 1
            if ordinal % 65_536 == 0, let progress = options.progress {
                progress(StepProgress(file: file, rows: batch.rowCount, bytesRead: 0, totalBytes: 0))
            }
            func bad(_ message: @autoclosure () -> String) {
                batch.skip(
                    StepIssue(file: file, line: ordinal, message: "\(table.name) row \(ordinal): \(message())"))
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
