import Foundation
import WeftCore
import WeftPrimitives

/// The `__activity_*` variables (WidgetWeaver's keys), derived from a steps snapshot at the render's `now` and zone.
///
/// ## Keys
///
/// Each key follows the activity prefix: `__activity_` beside the default `__steps_`, else the steps prefix with
/// `activity_` added (`__walk_activity_`). Today is the local day of the render. `access` is always present; each
/// other key only when today's data has that metric, so a template's fallback shows for a metric the exports lack.
/// Amounts are de-duplicated across sources per minute, as steps are.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `access` | as `__steps_access`; `partial` when data exists but not of all four metrics | `partial` |
/// | `updated_iso` | when activity data was last imported, UTC | `2026-03-10T08:00:00Z` |
/// | `steps_today`, `steps_today_exact` | steps of the local day so far | `5000` |
/// | `flights_today`, `flights_today_exact` | flights of stairs climbed today; exact up to four decimals | `7`, `7.2` |
/// | `distance_m`, `distance_m_exact` | walking and running distance today, whole metres; exact | `3517`, `3517.42` |
/// | `distance_km`, `distance_km_exact` | the same in km, one decimal; exact | `3.5`, `3.5174` |
/// | `active_energy_kcal`, `active_energy_kcal_exact` | active energy today, whole kcal (kJ converted); exact | `412` |
public enum ActivityVariables {
    /// The activity prefix that goes with a steps instance's prefix.
    public static func prefix(forStepsPrefix stepsPrefix: String) -> String {
        stepsPrefix == StepsKind.defaultPrefix(instance: "") ? "__activity_" : stepsPrefix + "activity_"
    }

    /// Derives the variables; `prefix` defaults to `__activity_`.
    public static func values(_ snapshot: StepsSnapshot, context: VariableContext, prefix: String = "__activity_")
        -> [String: String]
    {
        var result: [String: String] = [:]
        func set(_ key: String, _ value: String) { result[prefix + key] = value }
        let metrics = Set(snapshot.activityMetrics ?? (snapshot.history.days.isEmpty ? [] : ["steps"]))
        let access =
            snapshot.access == .authorised && metrics.count < ActivityMetric.allCases.count
            ? "partial" : snapshot.access.rawValue
        set("access", metrics.isEmpty && snapshot.access == .authorised ? StepAccess.notDetermined.rawValue : access)
        guard !metrics.isEmpty else { return result }
        if let updatedAt = snapshot.history.updatedAt { set("updated_iso", ISOInstant.format(updatedAt)) }
        let today = StepDay(containing: context.now, in: context.timeZone)
        if let steps = snapshot.history.days[today]?.steps {
            set("steps_today", String(steps))
            set("steps_today_exact", String(steps))
        }
        let amounts = snapshot.history.activity[today] ?? ActivityDay()
        if let flights = amounts.flights {
            set("flights_today", whole(flights))
            set("flights_today_exact", StepVariables.formatRaw(flights))
        }
        if let metres = amounts.distance {
            set("distance_m", whole(metres))
            set("distance_m_exact", StepVariables.formatRaw(metres))
            set("distance_km", String(format: "%.1f", metres / 1000))
            set("distance_km_exact", StepVariables.formatRaw(metres / 1000))
        }
        if let kcal = amounts.energy {
            set("active_energy_kcal", whole(kcal))
            set("active_energy_kcal_exact", StepVariables.formatRaw(kcal))
        }
        return result
    }

    /// A non-negative amount rounded half away from zero, clamped so no value traps the conversion.
    private static func whole(_ value: Double) -> String {
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        guard rounded.isFinite else { return "0" }
        return String(Int64(clamping: Int64(exactly: min(max(rounded, 0), 9e15)) ?? 0))
    }
}
