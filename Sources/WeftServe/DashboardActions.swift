import Foundation
import Hummingbird
import WeftCore
import WeftEdits
import WeftStore
import WeftTemplate

/// The board's buttons: `POST /v1/vars/{key}/incr|decr` and `POST /v1/habits/{slug}/done|undo`.
///
/// Counters step through ``VariableEdit`` and habits change through ``HabitToday`` (WeftEdits), the owners `weft var
/// incr` and `weft habit done|undo` use. A form post (no script) is answered with a redirect
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

    /// The answer to a `POST` to `path`, or nil when the path is not one of the buttons' endpoints.
    func answer(path: String, accept: String?) throws -> Reply? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "v1", "vars"|"habits", name…, action
        guard parts.count >= 5, parts[0].isEmpty, parts[1] == "v1", let action = parts.last else { return nil }
        let name = parts[3..<(parts.count - 1)].joined(separator: "/")
        let wantsJSON = accept?.contains("application/json") == true
        switch (parts[2], action) {
        case ("vars", "incr"), ("vars", "decr"):
            return try counter(
                TemplateKey.canonical(name), change: action == "incr" ? .incr : .decr, json: wantsJSON)
        case ("habits", "done"), ("habits", "undo"):
            return try habit(name, done: action == "done", json: wantsJSON)
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

    /// A form post's answer: back to the board, which shows the change.
    static var backToBoard: Reply {
        Reply(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"], body: "")
    }
}
