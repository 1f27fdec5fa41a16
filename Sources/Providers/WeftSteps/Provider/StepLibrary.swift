import Foundation
import WeftCore
import WeftPrimitives

/// Imports into the user's step history and rebuilds its history: what both `weft steps import` and the
/// steps provider's refresh run.
public typealias StepLibrary = FileLibrary<StepSettings>

extension FileLibrary where Settings == StepSettings {
    /// Merges `batch` into the stored samples and returns the rebuilt snapshot with the samples to store beside it.
    ///
    /// Nothing is written here: the caller stores both in one transaction (``RefreshOutcome/records``), so a killed
    /// import leaves the old samples and snapshot or the new ones, never a mix. The snapshot is rebuilt from
    /// everything imported so far, so a day's total is rounded once, from all of its minutes; a day before today
    /// keeps the goal it was recorded with. `sourcesUnreadable` (a configured file missing or unreadable) makes
    /// `__steps_access` `denied` whatever was imported before. `replacingSources` (a rebuild after the settings
    /// changed) drops everything archived of each source the batch holds before merging it, and the days that no
    /// longer have steps, so data read under the old zone cannot linger beside the new.
    public func rebuild(
        adding batch: consuming StepBatch?, store: any ProviderDataStore, previous: StepsSnapshot?,
        files: [String: String],
        sourcesUnreadable: Bool = false, replacingSources: Bool = false, now: Date
    ) throws -> (snapshot: StepsSnapshot, records: [UserRecordChange]) {
        var archive = try StepArchive(blobs: try store.userRecords(kind: StepArchive.recordKind))
        let imported = batch != nil
        if let added = batch {
            if replacingSources { for source in added.sources { archive.entries[source.name] = nil } }
            // The batch's samples now live in the archive: let them go before aggregating (hand the batch over
            // with `consume` so the caller does not keep them either).
            batch = nil
            archive.merge(consume added)
        }
        let input = archive.aggregationInput
        let totals = StepAggregator.aggregate(
            input.batch, options: settings.aggregationOptions(timeZone: zone), lists: input.lists)
        // Rounded once: `rounded` maps every day, so asking it per day would cost days × days.
        let rounded = totals.rounded
        var history = previous?.history ?? StepHistory()
        if replacingSources { history.days = history.days.filter { rounded[$0.key] != nil } }
        history.streakRule = settings.streakRule
        history.averageRule = settings.averageRule
        let updated = imported ? now : history.updatedAt
        history.record(rounded, goals: settings.goals, now: now, timeZone: zone)
        history.updatedAt = updated
        var perSource: [String: [String: Int]] = [:]
        for (day, sources) in totals.roundedPerSource { perSource[day.iso] = sources }
        let access: StepAccess =
            if sourcesUnreadable {
                .denied
            } else if settings.files.isEmpty && history.days.isEmpty {
                .notDetermined
            } else {
                .authorised
            }
        var snapshot = StepsSnapshot(history: history, perSource: perSource, access: access, files: files)
        snapshot.activityMetrics = archive.metrics.sorted().map(\.name)
        snapshot.timeZone = settings.timeZone?.identifier
        // A week back from today covers a render in another zone or a clock set back; later renders have no data.
        let earliest = StepDay(containing: now, in: zone).adding(days: -7)
        var activityDays: [String: [String: Double]] = [:]
        for (metric, days) in totals.activity {
            for (day, amount) in days where day >= earliest {
                activityDays[day.iso, default: [:]][metric.name] = amount
            }
        }
        snapshot.activityDays = activityDays
        return (
            snapshot,
            !imported && !replacingSources ? [] : [UserRecordChange(kind: StepArchive.recordKind, set: archive.blobs)]
        )
    }

    /// Reads files with the instance's import options, `format`, `lenient` and `maxUnzippedBytes` overriding them; see
    /// ``StepImporter/importFiles(atPaths:options:)``.
    public func read(
        _ paths: [String], format: StepFormat? = nil, lenient: Bool? = nil, source: String? = nil,
        maxUnzippedBytes: Int? = nil, progress: (@Sendable (StepProgress) -> Void)? = nil
    ) -> StepFilesRead {
        var options = settings.importOptions(timeZone: zone)
        if let format { options.format = format }
        if let lenient { options.lenient = lenient }
        if let maxUnzippedBytes { options.maxUnzippedBytes = maxUnzippedBytes }
        options.progress = progress
        var read = StepImporter.importFiles(atPaths: paths, options: options)
        if let source { read.batch = read.batch.assigned(to: source) }
        return read
    }
}
