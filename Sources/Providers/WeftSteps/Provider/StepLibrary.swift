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
    /// import leaves the old samples and snapshot or the new ones, never a mix. Each day the batch reaches is
    /// recounted from everything imported for it so far (every source's samples of the months around it), so a
    /// day's total is rounded once, from all of its minutes; the other days keep their totals; a day before today
    /// keeps the goal it was recorded with. `sourcesUnreadable` (a configured file missing or unreadable) makes
    /// `__steps_access` `denied` whatever was imported before. `replacingSources` (a rebuild after the settings
    /// changed) drops everything archived of each source the batch holds before merging it, and the days that no
    /// longer have steps, so data read under the old zone cannot linger beside the new.
    public func rebuild(
        adding batch: consuming StepBatch?, store: any ProviderDataStore, previous: StepsSnapshot?,
        files: [String: String],
        sourcesUnreadable: Bool = false, replacingSources: Bool = false, now: Date
    ) throws -> (snapshot: StepsSnapshot, records: [UserRecordChange]) {
        // An import reads, aggregates and writes only the months its batch covers and decides only the days in
        // them; the rest of the history stays as the previous snapshot has it. A first build, a rebuild after the
        // settings changed, a refresh without new data, days counted in another zone before (an import with another
        // --tz) and a snapshot from before the activity history was kept read everything.
        let scoped =
            !replacingSources
            && previous.map { !$0.activityHistoryMissing && $0.dayZone == zone.identifier } == true
        let scope = scoped ? batch.map { StepArchive.scope(of: $0, zone: zone) } : nil
        var archive = try StepArchive.load(from: store, scope: scope)
        let imported = batch != nil
        if let added = batch {
            if replacingSources { for source in added.sources { archive.drop(source.name) } }
            // The batch's samples now live in the archive: let them go before aggregating (hand the batch over
            // with `consume` so the caller does not keep them either).
            batch = nil
            archive.merge(consume added)
        }
        let loadedMetrics = archive.metrics
        var totals = Self.aggregate(archive, options: settings.aggregationOptions(timeZone: zone))
        let records = !imported && !replacingSources ? [] : [archive.takeChanges()]
        if let scope = archive.months == nil ? nil : scope {
            totals.days = totals.days.filter { scope.decides($0.key) }
            totals.perSource = totals.perSource.filter { scope.decides($0.key) }
            for (metric, days) in totals.activity {
                totals.activity[metric] = days.filter { scope.decides($0.key) }
            }
        }
        // Rounded once: `rounded` maps every day, so asking it per day would cost days × days.
        let rounded = totals.rounded
        var history = previous?.history ?? StepHistory()
        if replacingSources {
            history.days = history.days.filter { rounded[$0.key] != nil }
            history.activity = [:]
        }
        history.streakRule = settings.streakRule
        history.averageRule = settings.averageRule
        let updated = imported ? now : history.updatedAt
        history.record(rounded, goals: settings.goals, now: now, timeZone: zone)
        // Today takes the goals in force whether or not the import reached it, as a full rebuild records it.
        let today = StepDay(containing: now, in: zone)
        if rounded[today] == nil, history.days[today] != nil {
            history.days[today]?.goal = settings.goals.goal(for: today)
        }
        history.updatedAt = updated
        history.recordActivity(totals.activity)
        var perSource: [String: [String: Int]] = archive.months == nil ? [:] : previous?.perSource ?? [:]
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
        let metrics =
            archive.months == nil
            ? loadedMetrics
            : loadedMetrics.union((previous?.activityMetrics ?? []).compactMap(ActivityMetric.init(name:)))
        snapshot.activityMetrics = metrics.sorted().map(\.name)
        snapshot.timeZone = settings.timeZone?.identifier
        snapshot.imports = previous?.imports
        snapshot.dayZone = zone.identifier
        return (snapshot, records.filter { !$0.isEmpty })
    }

    /// The archive's totals; the aggregator shares the archive's arrays, and lets them go when it returns.
    private static func aggregate(_ archive: StepArchive, options: StepAggregationOptions) -> StepTotals {
        let input = archive.aggregationInput
        return StepAggregator.aggregate(input.batch, options: options, lists: input.lists)
    }

    /// Reads files with the instance's import options, `format`, `lenient` and `maxUnzippedBytes` overriding them; see
    /// ``StepImporter/importFiles(atPaths:options:)``. A file whose sources would bring the history in `store` above
    /// the sources it may keep is left out with its error.
    public func read(
        _ paths: [String], store: (any ProviderDataStore)?, format: StepFormat? = nil, lenient: Bool? = nil,
        source: String? = nil, maxUnzippedBytes: Int? = nil, progress: (@Sendable (StepProgress) -> Void)? = nil
    ) throws -> StepFilesRead {
        var options = settings.importOptions(timeZone: zone)
        if let store { options.keptSources = try StepArchive.sourceNames(in: store) }
        options.assignedSource = source
        if let format { options.format = format }
        if let lenient { options.lenient = lenient }
        if let maxUnzippedBytes { options.maxUnzippedBytes = maxUnzippedBytes }
        options.progress = progress
        var read = StepImporter.importFiles(atPaths: paths, options: options)
        if let source { read.batch = read.batch.assigned(to: source) }
        return read
    }
}
