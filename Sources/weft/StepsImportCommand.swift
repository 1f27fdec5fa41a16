import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftRefresh
import WeftSteps
import WeftStore

struct StepsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import step-count CSV exports into the cache's history.",
        discussion: """
            A file with more than 1% bad rows (empty cells, bad numbers, unparseable dates) is rejected whole: \
            nothing of it is imported, unless --lenient. Bad rows are reported with file and line. The other \
            files given are still imported, and the exit status is 1 when any file was rejected. On a terminal a \
            progress bar shows rows, rate and time left.

            Examples:
              weft steps import export.csv
              weft steps import 'Daily activity metrics.csv' --format google-fit-daily --source "Google Fit"
              weft steps import hourlySteps_merged.csv --tz America/Chicago --lenient
            """)

    @Argument(help: ArgumentHelp("CSV exports to import.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The export format, when detection from the header is not enough.", valueName: "name"))
    var format: String?

    @Option(help: ArgumentHelp("Count every row as coming from this source.", valueName: "name"))
    var source: String?

    @Flag(help: "Import the good rows even when more than 1% are bad.")
    var lenient = false

    @OptionGroup var clock: ClockOptions

    @OptionGroup var target: StepsInstanceOptions

    func run() throws {
        let instant = try clock.instant()
        var (instance, prefix, settings) = try target.resolve()
        // --tz wins over the instance's timezone, which wins over $TZ.
        if clock.tz != nil { settings.timeZone = try clock.zone() }
        let zone = try clock.zone()
        var chosenFormat: StepFormat?
        if let format {
            do {
                var mapping: GenericMapping?
                if case .generic(let configured)? = settings.format { mapping = configured }
                chosenFormat = try StepFormat(name: format, mapping: mapping)
            } catch {
                throw ValidationError("--format: \(error)")
            }
        }
        let library = StepLibrary(instance: instance, settings: settings, timeZone: zone)
        let bar = ProgressBar.standardError()
        let read = library.read(
            files, format: chosenFormat, lenient: lenient ? true : nil, source: source, progress: bar?.update)
        bar?.finish()
        // Each rejected file is named with its reason; the others are imported, and the exit status says so.
        for failure in read.failures { Stderr.line("weft: error: \(failure)") }
        guard let batch = try? read.batchIfAnyFileWasRead() else { throw ExitCode(1) }
        let writer = try CacheWriter(cacheDirectory: target.locations.resolved.cacheDirectory)
        let previousSnapshot = try writer.store.snapshot(instance)
        let previous = try previousSnapshot.map { try $0.decode(StepsSnapshot.self) }
        let (steps, data) = try library.rebuild(
            adding: batch, store: writer.store, previous: previous, files: previous?.files ?? [:], now: instant)
        let snapshot = Snapshot(
            instance: instance, kind: StepsKind.type, prefix: previousSnapshot?.prefix ?? prefix,
            schemaVersion: StepsSnapshot.schemaVersion, fetchedAt: instant,
            validUntil: previousSnapshot?.validUntil ?? instant, payload: try Snapshot.encode(steps))
        try writer.recordSuccess(
            instance: instance, prefix: snapshot.prefix, outcome: RefreshOutcome(.updated(snapshot), data: data),
            at: instant)
        for issue in batch.issues.prefix(10) { Stderr.line("weft: skipped \(issue)") }
        if batch.issues.count > 10 { Stderr.line("weft: … and \(batch.issues.count - 10) more bad rows") }
        let today = StepDay(containing: instant, in: library.zone)
        Stderr.line(
            "imported \(batch.rowCount - batch.issues.count) rows from \(read.importedFiles) file\(read.importedFiles == 1 ? "" : "s")"
                + " into \(instance): \(steps.history.days.count) days, today \(steps.history.days[today]?.steps ?? 0) steps"
        )
        if !read.failures.isEmpty { throw ExitCode(1) }
    }
}

/// A one-line progress bar on stderr (rows, rate, time left), shown only when stderr is a terminal.
final class ProgressBar: Sendable {
    private let started = Date()

    /// A bar on stderr, or nil when stderr is not a terminal.
    static func standardError() -> ProgressBar? { isatty(2) == 1 ? ProgressBar() : nil }

    /// Redraws the bar.
    @Sendable func update(_ progress: StepProgress) {
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        let fraction = progress.totalBytes > 0 ? Double(progress.bytesRead) / Double(progress.totalBytes) : 0
        let width = 24
        // A file that grew while it was read can report more bytes than its size: clamp, never trap.
        let filled = CheckedNumber.clamped(fraction * Double(width), to: 0...width)
        let rate = Double(progress.rows) / elapsed
        let left = fraction > 0 ? elapsed / fraction - elapsed : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let name = (progress.file as NSString).lastPathComponent
        let line = String(
            format: "\r%@ %@ %3.0f%% %@ rows, %@ rows/s, %.0fs left ", name, bar, fraction * 100,
            String(progress.rows), String(CheckedNumber.clamped(rate, to: 0...Int.max)), left)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Clears the bar's line.
    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
