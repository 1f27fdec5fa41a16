/// The variables of a `command` provider: what its program printed, under the prefix.
///
/// ## Keys
///
/// The program decides the keys: each key of the flat JSON object it prints becomes one variable, after the
/// provider's `prefix` (`__<instance>_` by default), in canonical form: trimmed, lower-cased, runs of white space as
/// one space, at most 64 characters. A string value is itself, a number is written plainly (`3`, `0.5`), and a
/// `null` gives no key; any other value fails the refresh.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `<key>` | each key of the printed object, canonical | `{"Load": 0.5}` gives `__system_load` = `0.5` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// A printed `updated_iso`, `age_min` or `stale` replaces the resolver's; the last refresh's error replaces a
/// printed `error`.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when the program last ran successfully, UTC | `2026-03-10T09:30:00Z` |
/// | `age_min` | whole minutes since then | `0` |
/// | `stale` | `1` once the snapshot is past its `interval`, else `0` | `0` |
/// | `error` | the last run's error, while it is failing | `… exited with status 3: token expired` |
enum CommandVariables {
    /// The snapshot's values under `prefix`.
    static func derive(_ payload: CommandPayload, prefix: String) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in payload.values { result[prefix + key] = value }
        return result
    }
}
