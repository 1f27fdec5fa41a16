import Foundation
import Hummingbird
import WeftCore
import WeftEdits
import WeftStore
import WeftTemplate

/// The board's buttons: `POST /v1/vars/{key}/incr|decr`, `POST /v1/habits/{slug}/done|undo`,
/// `POST /v1/alarms/{id}/snooze|dismiss`, `POST /v1/timers/{id}/pause|resume|stop` and
/// `POST /v1/timers/start/{5m|25m}`.
///
/// Counters step through ``VariableEdit``, habits change through ``HabitToday``, alarms and timers through
/// ``AlarmEdit`` and ``TimerEdit`` (WeftEdits): the owners `weft var incr`, `weft habit done|undo`, `weft alarm
/// snooze|dismiss` and `weft timer …` use. An alarm or timer is found in the cache's snapshots through the registry
/// (the kinds whose card is ``BoardCard/alarms`` or ``BoardCard/timers``), so the server names no provider module.
/// A form post (no script) is answered with a redirect back to the board; a `fetch` that accepts JSON gets the new
/// value. The request checks (Host, Origin, CSRF) are the server's, made before a request gets here.
struct DashboardActions {
    var workspace: Workspace
    var registry: ProviderRegistry
    var now: Date
    var zone: TimeZone

    private var cacheDirectory: String { workspace.locations.cacheDirectory }

    /// Whether `path` is one of the buttons' endpoints (a cheap test before anything is opened).
    static func handles(_ path: String) -> Bool {
        (path.hasPrefix("/v1/vars/") && (path.hasSuffix("/incr") || path.hasSuffix("/decr")))
            || (path.hasPrefix("/v1/habits/") && (path.hasSuffix("/done") || path.hasSuffix("/undo")))
            || (path.hasPrefix("/v1/alarms/") && AlarmAction.allCases.contains { path.hasSuffix("/" + $0.rawValue) })
            || (path.hasPrefix("/v1/timers/")
                && ((path.hasPrefix(quickStart) && !path.dropFirst(quickStart.count).contains("/"))
                    || TimerAction.allCases.contains { path.hasSuffix("/" + $0.rawValue) }))
    }

    /// Where the quick timers are started: `/v1/timers/start/25m`.
    static let quickStart = "/v1/timers/start/"

    /// What the alarm buttons do.
    enum AlarmAction: String, CaseIterable {
        case snooze, dismiss
    }

    /// What the timer buttons do.
    enum TimerAction: String, CaseIterable {
        case pause, resume, stop
    }

    /// The answer to a `POST` to `path`, or nil when the path is not one of the buttons' endpoints.
    func answer(path: String, accept: String?) throws -> Reply? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "v1", "vars"|"habits", name…, action
        guard parts.count >= 5, parts[0].isEmpty, parts[1] == "v1", let action = parts.last else { return nil }
        let name = parts[3..<(parts.count - 1)].joined(separator: "/")
        let wantsJSON = accept?.contains("application/json") == true
        do {
            return try route(parts[2], name: name, action: action, parts: parts, json: wantsJSON)
        } catch let refusal as any EditRefusal {
            // The state changed between the button's check and the edit (the alarm stopped ringing): refused,
            // nothing changed.
            return Reply.error(.conflict, refusal.description)
        }
    }

    private func route(_ collection: String, name: String, action: String, parts: [String], json wantsJSON: Bool)
        throws -> Reply?
    {
        switch (collection, action) {
        case ("vars", "incr"), ("vars", "decr"):
            return try counter(
                TemplateKey.canonical(name), change: action == "incr" ? .incr : .decr, json: wantsJSON)
        case ("habits", "done"), ("habits", "undo"):
            return try habit(name, done: action == "done", json: wantsJSON)
        case ("timers", _) where parts.count == 5 && parts[3] == "start" && TimerAction(rawValue: action) == nil:
            return try startTimer(action, json: wantsJSON)
        case ("alarms", _):
            guard let action = AlarmAction(rawValue: action) else { return nil }
            return try alarm(name, action, json: wantsJSON)
        case ("timers", _):
            guard let action = TimerAction(rawValue: action) else { return nil }
            return try timer(name, action, json: wantsJSON)
        default:
            return nil
        }
    }

    /// Applies a stored variable's step (`incr`) or its opposite (`decr`); only variables that exist (a button's
    /// counter) are changed.
    private func counter(_ key: String, change: CounterChange, json: Bool) throws -> Reply {
        guard !key.isEmpty else { return Reply.error(.notFound, "no variable named") }
        let updated: StoredVariable?
        do {
            updated = try VariableEdit(cacheDirectory: cacheDirectory).stepExisting(
                key, change: change, at: now, timeZone: zone)
        } catch StoreError.notANumber(let key, let value) {
            return Reply.error(.conflict, "\(key) holds \"\(value)\", which is not a number")
        }
        guard let updated else {
            return Reply.error(.notFound, "no stored variable \(key); create it with `weft var incr \(key)` first")
        }
        return json ? Reply.json(["key": key, "value": updated.value]) : Self.backToBoard
    }

    /// Marks a known habit done today, or takes today's completion back, in the instance that has it.
    private func habit(_ name: String, done: Bool, json: Bool) throws -> Reply {
        let change = HabitToday(workspace: workspace, registry: registry)
        guard let answer = try change.mark(name, done: done, at: now, zone: zone) else {
            return Reply.error(.notFound, "no habit with the slug \(HabitToday.slug(name)) in the cache")
        }
        return json ? Reply.json(answer) : Self.backToBoard
    }

    /// Snoozes or dismisses the alarm `id` as `weft alarm snooze|dismiss ID` does; an alarm that is not in the cache
    /// is a 404 and one that is not sounding a 409, with nothing changed.
    private func alarm(_ id: String, _ action: AlarmAction, json: Bool) throws -> Reply {
        guard let (instance, alarm) = try find(.alarms, \.alarms, id: id, by: \.id) else {
            return Reply.error(.notFound, "no alarm with the id \(id) in the cache; `weft alarm list` shows them")
        }
        let edit = AlarmEdit(cacheDirectory: cacheDirectory, instance: instance)
        switch (action, alarm.state) {
        case (.snooze, .ringing), (.snooze, .snoozed):
            _ = try edit.snooze(alarm.id, at: now)
        case (.dismiss, .ringing), (.dismiss, .snoozed), (.dismiss, .preAlert):
            _ = try edit.dismiss(alarm.id, at: now)
        case (.snooze, _), (.dismiss, _):
            return Reply.error(.conflict, "\(alarm.label) is not ringing, so it cannot be \(action.rawValue)d")
        }
        return json ? Reply.json(["alarm": alarm.id, "action": action.rawValue]) : Self.backToBoard
    }

    /// Pauses, resumes or stops the timer `id` as `weft timer pause|resume|stop ID` does; a timer that is not in the
    /// cache is a 404 and one in the wrong state (pausing a paused one) a 409, with nothing changed.
    private func timer(_ id: String, _ action: TimerAction, json: Bool) throws -> Reply {
        guard let (instance, timer) = try find(.timers, \.timers, id: id, by: \.id) else {
            return Reply.error(.notFound, "no timer with the id \(id) in the cache; `weft timer list` shows them")
        }
        let edit = TimerEdit(cacheDirectory: cacheDirectory, instance: instance)
        switch (action, timer.state) {
        case (.pause, .running): _ = try edit.pause(timer.id, at: now)
        case (.resume, .paused): _ = try edit.resume(timer.id, at: now)
        case (.stop, _): _ = try edit.stop(timer.id, at: now)
        case (.pause, _), (.resume, _):
            let wanted = action == .pause ? "paused" : "resumed"
            return Reply.error(
                .conflict, "timer \(timer.label) is \(timer.state.rawValue), so it cannot be \(wanted)")
        }
        return json ? Reply.json(["timer": timer.id, "action": action.rawValue]) : Self.backToBoard
    }

    /// Starts one of the board's quick timers (``TimersCard/quickStarts``) as `weft timer start 25m` does, in the
    /// timers' instance (the first with a snapshot or a provider file, else `timers`).
    private func startTimer(_ length: String, json: Bool) throws -> Reply {
        guard let quick = TimersCard.quickStarts.first(where: { $0.text == length }) else {
            let offered = TimersCard.quickStarts.map(\.text).joined(separator: " and ")
            return Reply.error(
                .notFound, "the board starts \(offered) timers, not \(length); `weft timer start \(length)` starts any")
        }
        let (store, set) = try workspace.openWithProviders(registry: registry)
        let instances =
            try store.snapshotInfos().filter { registry.kind($0.kind)?.card == .timers }.map(\.instance)
            + set.entries.filter { registry.kind($0.config.type)?.card == .timers }.map(\.config.instance).sorted()
        let edit = instances.first.map { TimerEdit(cacheDirectory: cacheDirectory, instance: $0) }
            ?? TimerEdit(cacheDirectory: cacheDirectory)
        let started = try edit.start(label: nil, duration: quick.seconds, rounds: 1, at: now)
        return json ? Reply.json(["timer": started.id, "action": "start"]) : Self.backToBoard
    }

    /// The figure `id` names among the cached instances whose card is `card`, with its instance; nil when none has
    /// it. The figures are the kind's, at the request's `now`, as the board drew them.
    private func find<Figure>(
        _ card: BoardCard, _ figures: KeyPath<CardFigures, [Figure]?>, id: String, by key: KeyPath<Figure, String>
    ) throws -> (instance: String, figure: Figure)? {
        let store = try CacheStore.openForReading(directory: cacheDirectory)
        let context = VariableContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US_POSIX"))
        for info in try store.snapshotInfos() where registry.kind(info.kind)?.card == card {
            // A snapshot the kind cannot read has no card to press on, as the board skips it.
            guard let snapshot = try store.snapshot(info.instance), let kind = registry.kind(snapshot.kind),
                let shown = (try? kind.figures(of: snapshot, context: context))?[keyPath: figures],
                let figure = shown.first(where: { $0[keyPath: key] == id })
            else { continue }
            return (info.instance, figure)
        }
        return nil
    }

    /// A form post's answer: back to the board, which shows the change.
    static var backToBoard: Reply {
        Reply(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"], body: "")
    }
}
