import ArgumentParser
import Foundation
import Synchronization
import WeftCommandLine
import WeftEdits
import WeftPrimitives
import WeftSteps

struct StepsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import step exports (CSV, Apple Health's export.zip or export.xml) into the cache's history.",
        discussion: """
            A file with more than 1% bad rows (empty cells, bad numbers, unparseable dates) is rejected whole: \
            nothing of it is imported, unless --lenient. Bad rows are reported with file and line. The other \
            files given are still imported, and the exit status is 1 when any file was rejected. On a terminal a \
            progress bar shows rows, rate and time left. Times without an offset are local times in the \
            instance's timezone, else --tz, else $TZ.

            Apple Health's export.zip (Health → profile picture → Export All Health Data) is read as it is, \
            streamed out of the zip: steps, walking + running distance, flights climbed and active energy, the \
            Watch's samples winning over the phone's where both cover a minute. A newer export re-imported adds \
            only what is new. An export cut short imports nothing and says where it stops.

            Google Fit Takeout's step streams (All Data/derived_com.google.step_count.delta_*.json) imported \
            together count one: estimated_steps, what the Fit app shows, else merge_step_deltas, else the \
            devices' own; the import says which.

            Any other CSV is read by a column mapping (--format generic, implied by the column flags; a steps \
            provider file's start_column, time_column, end_column, steps_column, source_column and date_format \
            are the same): --date-column holds the start's date and time, or only its date when --time-column \
            holds the time. Without --end-column each row is a count at one moment, and a day's counts add up to \
            its total. Date formats: yyyy MM dd HH mm ss SSS Z a, several separated by |, or iso.

            A file imported before and unchanged since (the same size, modification time and content, with the \
            same --format and --source) is skipped with a line saying so; --force imports it again.

            Examples:
              weft steps import export.csv
              weft steps import ~/Downloads/export.zip --tz Europe/Berlin
              weft steps import 'Daily activity metrics.csv' \\
                --format google-fit-daily --source "Google Fit"
              weft steps import hourlySteps_merged.csv --tz America/Chicago --lenient
              weft steps import pedometer_log.csv --format generic --date-column when \\
                --end-column until --steps-column count --date-format 'dd.MM.yyyy HH:mm'
              weft steps import walks.csv --date-column Date --time-column Time \\
                --steps-column Steps --date-format 'yyyy-MM-dd HH:mm' --tz Europe/Berlin
            """)

    @Argument(
        help: ArgumentHelp(
            "Exports to import: CSV, Apple Health's export.zip or export.xml, Google Fit or Fitbit JSON, a "
                + "Gadgetbridge database (recognised by content).",
            valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The export format, when detection from the header is not enough.", valueName: "name"))
    var format: String?

    @Option(help: ArgumentHelp("Count every row as coming from this source.", valueName: "name"))
    var source: String?

    @Option(
        name: [.customLong("date-column"), .customLong("start-column")],
        help: ArgumentHelp(
            "The column with each row's start date and time, or its date (a generic CSV).", valueName: "name"))
    var dateColumn: String?

    @Option(help: ArgumentHelp("The column with the start's time of day, beside --date-column.", valueName: "name"))
    var timeColumn: String?

    @Option(help: ArgumentHelp("The column with each row's end (a time of day with --time-column).", valueName: "name"))
    var endColumn: String?

    @Option(help: ArgumentHelp("The column with each row's step count (a generic CSV).", valueName: "name"))
    var stepsColumn: String?

    @Option(help: ArgumentHelp("The column naming each row's source (a generic CSV).", valueName: "name"))
    var sourceColumn: String?

    @Option(
        help: ArgumentHelp(
            "How the dates are written, e.g. 'dd.MM.yyyy HH:mm' (a generic CSV; default iso).", valueName: "format"))
    var dateFormat: String?

    @Flag(help: "Import the good rows even when more than 1% are bad.")
    var lenient = false

    @Flag(help: "Import files even when they are unchanged since their last import.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "The most an Apple Health export.zip may unzip to, in MiB (default: the instance's max_unzipped_mib, else "
                + "4096).", valueName: "MiB"))
    var maxUnzippedMib: Int?

    @OptionGroup var clock: ClockOptions

    @OptionGroup var target: StepsInstanceOptions

    func run() throws {
        let instant = try clock.instant()
        let catalog = ReaderLanguage.catalog
        // Local times in the files and the days they count for are in the instance's timezone, else --tz, else
        // $TZ (ZoneRule), as the instance's refresh and every view count them.
        let (library, prefix) = try target.library(clock: clock)
        var chosenFormat: StepFormat?
        let mapped = [dateColumn, timeColumn, endColumn, stepsColumn, sourceColumn, dateFormat].contains { $0 != nil }
        if mapped || format == "generic" {
            chosenFormat = try genericFormat(configured: library.settings.format?.mapping)
        } else if let format {
            do {
                chosenFormat = try StepFormat(name: format, mapping: library.settings.format?.mapping)
            } catch {
                throw ValidationError("--format: \(error)")
            }
        }
        var maxUnzipped: Int?
        if let maxUnzippedMib {
            guard let bytes = StepSettings.unzippedBytes(mebibytes: maxUnzippedMib) else {
                throw ValidationError(
                    "--max-unzipped-mib: \(maxUnzippedMib) is not a size from 1 to \(StepSettings.maxMebibytes) MiB")
            }
            maxUnzipped = bytes
        }
        // An export imported before and unchanged since is recognised by its recorded stamp: by size and time
        // without reading it, by its content when only the time changed (a copy made again).
        let options = (format ?? "") + "|" + (source ?? "") + "|" + library.zone.identifier
        let recorded = (try? target.snapshot(library.instance))?.imports ?? [:]
        var stamps: [String: ExportStamp] = [:]
        var files: [String] = []
        for file in self.files {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            let before = recorded[path].flatMap(ExportStamp.init(text:))
            if !force, let before, before.options == options, let now = ExportStamp.size(atPath: path),
                now.size == before.size,
                now.modified == before.modified || ExportStamp.of(path: path, options: options)?.hash == before.hash
            {
                Stderr.line(
                    "weft: "
                        + catalog.text(
                            "{file} is unchanged since it was imported (same size, time and content): skipped; --force imports it again",
                            ["file": file]))
                continue
            }
            files.append(file)
            if let stamp = ExportStamp.of(path: path, options: options) { stamps[path] = stamp }
        }
        guard !files.isEmpty else { return }
        let bar = ProgressBar.standardError()
        // The history's sources bound what a file may add (a store not made yet keeps none).
        let store = try? target.locations.workspace.openCache()
        var read = try library.read(
            files, store: store, format: chosenFormat, lenient: lenient ? true : nil, source: source,
            maxUnzippedBytes: maxUnzipped,
            progress: bar?.update)
        bar?.finish()
        // Each rejected file is named with its reason; the others are imported, and the exit status says so.
        for failure in read.failures { Stderr.line("weft: error: " + failure.text(in: catalog, for: .commandLine)) }
        guard let batch = try? read.takeBatch() else { throw ExitCode(1) }
        // A file left out is not recorded, so giving it again reads it again.
        let failed = Set(read.reads.failures.map { URL(fileURLWithPath: $0.file).standardizedFileURL.path })
        let (issues, issueCount, rowCount) = (batch.issues, batch.issueCount, batch.rowCount)
        let steps = try StepsImport(cacheDirectory: target.locations.resolved.cacheDirectory).write(
            consume batch, into: library, prefix: prefix, now: instant,
            stamps: stamps.filter { path, _ in !failed.contains(path) })
        ImportSummary.skipped(issues, count: issueCount, in: catalog)
        for note in read.notes { Stderr.line(note) }
        let today = StepDay(containing: instant, in: library.zone)
        let todaySteps = steps.history.days[today]?.steps ?? 0
        Stderr.line(
            catalog.text(
                "{imported} {from} into {instance}: {days}, today {steps}{activity}",
                [
                    "imported": ImportSummary.rows(rowCount - issueCount, in: catalog),
                    "from": ImportSummary.files(read.importedFiles, in: catalog), "instance": library.instance,
                    "days": catalog.plural(
                        "{count} day", "{count} days", count: steps.history.days.count,
                        ["count": "\(steps.history.days.count)"]),
                    "steps": catalog.plural(
                        "{count} step", "{count} steps", count: todaySteps, ["count": "\(todaySteps)"]),
                    "activity": activitySummary(steps, today: today, in: catalog),
                ]))
        if !read.failures.isEmpty { throw ExitCode(1) }
    }
}

extension StepsImportCommand {
    /// The `generic` format of the column flags, each flag not given taken from the instance's own mapping.
    func genericFormat(configured: GenericMapping?) throws -> StepFormat {
        if let format, format != "generic" {
            throw ValidationError(
                "--format \(format) reads its own columns; --date-column, --steps-column and the other column flags "
                    + "are for --format generic")
        }
        guard let start = dateColumn ?? configured?.start, let steps = stepsColumn ?? configured?.steps else {
            throw ValidationError(
                "--format generic needs --date-column (the column with each row's date and time) and "
                    + "--steps-column (the column with its steps), e.g. --date-column Date --steps-column Steps")
        }
        let fromFlags = dateColumn != nil
        return .generic(
            GenericMapping(
                start: start, time: timeColumn ?? (fromFlags ? nil : configured?.time),
                end: endColumn ?? (fromFlags ? nil : configured?.end), steps: steps,
                source: sourceColumn ?? configured?.source, sourceName: configured?.sourceName,
                dateFormat: dateFormat ?? configured?.dateFormat ?? "iso"))
    }
}

/// Today's distance, flights and active energy as the import summary adds them (`, 3.5 km, 7 flights, 412 kcal`);
/// empty when today has none of them.
private func activitySummary(_ steps: StepsSnapshot, today: StepDay, in catalog: Catalog) -> String {
    let amounts = steps.history.activity[today] ?? ActivityDay()
    var parts: [String] = []
    if let metres = amounts.distance { parts.append(String(format: "%.1f km", metres / 1000)) }
    if let flights = amounts.flights {
        let count = CheckedNumber.clamped(flights, to: 0...Int.max, rounding: .toNearestOrAwayFromZero)
        parts.append(catalog.plural("{count} flight", "{count} flights", count: count, ["count": "\(count)"]))
    }
    if let kcal = amounts.energy { parts.append(String(format: "%.0f kcal", kcal)) }
    return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
}

/// A one-line progress bar on stderr (rows, rate, time left), shown only when stderr is a terminal.
final class ProgressBar: Sendable {
    /// When the current file's first frame was drawn, and what it had read: rates are measured from there.
    private let first = Mutex<(file: String, at: Date, rows: Int, bytes: Int)?>(nil)
    /// A rate measured over less time than this is noise (the first frame's would be rows / 1 ms).
    private static let measured: TimeInterval = 1

    /// A bar on stderr, or nil when stderr is not a terminal (or one with `TERM=dumb`, which shows escapes as text).
    static func standardError() -> ProgressBar? {
        ColorChoice.isTerminal(STDERR_FILENO, environment: ProcessInfo.processInfo.environment) ? ProgressBar() : nil
    }

    /// Redraws the bar; the rate and the time left appear once there is a second of reading to measure them by.
    @Sendable func update(_ progress: StepProgress) {
        let now = Date()
        let start = first.withLock { first in
            if let start = first, start.file == progress.file { return start }
            let start = (file: progress.file, at: now, rows: progress.rows, bytes: progress.bytesRead)
            first = start
            return start
        }
        let elapsed = now.timeIntervalSince(start.at)
        let fraction = progress.totalBytes > 0 ? Double(progress.bytesRead) / Double(progress.totalBytes) : 0
        let width = 24
        // A file that grew while it was read can report more bytes than its size: clamp, never trap.
        let filled = CheckedNumber.clamped(fraction * Double(width), to: 0...width)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let name = (progress.file as NSString).lastPathComponent
        // Apple Health's XML has records; CSVs have rows.
        let unit = name.hasSuffix(".xml") || name.hasSuffix(".zip") ? "records" : "rows"
        var line = String(format: "\r%@ %@ %3.0f%% %@ %@", name, bar, fraction * 100, String(progress.rows), unit)
        if elapsed >= Self.measured {
            let rate = Double(progress.rows - start.rows) / elapsed
            let bytesPerSecond = Double(progress.bytesRead - start.bytes) / elapsed
            let left =
                bytesPerSecond > 0 ? Double(max(progress.totalBytes - progress.bytesRead, 0)) / bytesPerSecond : 0
            line += String(
                format: ", %@ %@/s, %.1f MB/s, %.0fs left", String(CheckedNumber.clamped(rate, to: 0...Int.max)), unit,
                bytesPerSecond / 1_000_000, left)
        }
        FileHandle.standardError.write(Data((line + " \u{1B}[K").utf8))
    }

    /// Clears the bar's line.
    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
