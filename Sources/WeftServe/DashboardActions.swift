import Foundation
import Hummingbird
import WeftCore
import WeftHabits
import WeftPrimitives
import WeftRefresh
import WeftStore
import WeftTemplate

/// The board's buttons: `POST /v1/vars/{key}/incr|decr` and `POST /v1/habits/{slug}/done|undo`.
///
/// Counters step through `CacheStore.incrementVariable`, the owner `weft var incr` uses; habits change through the
/// cache writer and `HabitEditor`, as `weft habit done|undo` do. A form post (no script) is answered with a redirect
/// back to the board; a `fetch` that accepts JSON gets the new value. The request checks (Host, Origin, CSRF) are
/// the server's, made before a request gets here.
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
    }

    /// The answer to `method path`, or nil when the path is not one of the buttons' endpoints.
    func answer(method: HTTPRequest.Method, path: String, accept: String?) throws -> Reply? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "v1", "vars"|"habits", name…, action
        guard parts.count >= 5, parts[0].isEmpty, parts[1] == "v1", let action = parts.last else { return nil }
        let name = parts[3..<(parts.count - 1)].joined(separator: "/")
        let wantsJSON = accept?.contains("application/json") == true
        switch (parts[2], action) {
        case ("vars", "incr"), ("vars", "decr"):
            guard method == .post else { return Reply.notAllowed("POST") }
            return try counter(
                TemplateKey.canonical(name), change: action == "incr" ? .incr : .decr, json: wantsJSON)
        case ("habits", "done"), ("habits", "undo"):
            guard method == .post else { return Reply.notAllowed("POST") }
            return try habit(HabitSlug.of(name), done: action == "done", json: wantsJSON)
        default:
            return nil
        }
    }

    /// Applies a stored variable's step (`incr`) or its opposite (`decr`); only variables that exist (a button's
    /// counter) are changed.
    private func counter(_ key: String, change: CounterChange, json: Bool) throws -> Reply {
        guard !key.isEmpty else { return Reply.error(.notFound, "no variable named") }
        guard try workspace.openCache().variable(key) != nil else {
            return Reply.error(.notFound, "no stored variable \(key); create it with `weft var incr \(key)` first")
        }
        let updated: StoredVariable
        do {
            updated = try CacheStore.openForWriting(directory: cacheDirectory).incrementVariable(
                key, change: change, at: now, timeZone: zone)
        } catch StoreError.notANumber(let key, let value) {
            return Reply.error(.conflict, "\(key) holds \"\(value)\", which is not a number")
        }
        return json ? Reply.json(["key": key, "value": updated.value]) : Self.backToBoard
    }

    /// Marks a known habit done today, or takes today's completion back, in the instance that has it.
    private func habit(_ slug: String, done: Bool, json: Bool) throws -> Reply {
        // Configured instances use their settings; one `weft habit done` made without a provider file, the defaults.
        let (store, set) = try workspace.openWithProviders(registry: registry)
        var providers: [String: HabitsProvider] = [:]
        for entry in set.entries {
            if let provider = entry.provider as? HabitsProvider { providers[entry.config.instance] = provider }
        }
        for info in try store.snapshotInfos() where info.kind == HabitsKind.type {
            guard let snapshot = try store.snapshot(info.instance),
                let habits = try? snapshot.decode(HabitsSnapshot.self), let habit = habits.habit(slug)
            else { continue }
            let settings = providers[info.instance]?.settings ?? HabitSettings()
            // The zone `weft habit done` and the variables use (ZoneRule): the instance's timezone, else the board's.
            let library = HabitLibrary(instance: info.instance, settings: settings, timeZone: zone)
            let editor = HabitEditor(
                library: library, prefix: providers[info.instance]?.prefix ?? info.prefix, now: now)
            let today = LocalDay.containing(now, in: library.zone)
            let outcome = try editor.commit(cacheDirectory: cacheDirectory) { archive in
                if done {
                    _ = HabitEditor.markDone(
                        &archive, name: habit.name, slug: slug, HabitCompletion(day: today, at: now))
                    return (changedFiles: [], manual: true, result: String?.none)
                }
                let problem = HabitEditor.undo(&archive, name: habit.name, slug: slug, day: today)
                return (changedFiles: [], manual: problem == nil, result: problem)
            }
            let state = outcome.snapshot.habit(slug)
            guard json else { return Self.backToBoard }
            return Reply.json(
                HabitAnswer(
                    habit: state?.name ?? habit.name, done: state?.isDone(today) ?? false,
                    streak: state.map { HabitStats.streak($0, today: today) } ?? 0, problem: outcome.result))
        }
        return Reply.error(.notFound, "no habit with the slug \(slug) in the cache")
    }

    /// A habit button's JSON answer.
    private struct HabitAnswer: Encodable {
        var habit: String
        var done: Bool
        var streak: Int
        var problem: String?
    }

    /// A form post's answer: back to the board, which shows the change.
    static var backToBoard: Reply {
        Reply(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"], body: "")
    }
}
