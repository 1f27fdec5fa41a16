import Foundation
import Testing
import WeftCore
import WeftProviders
import WeftStore
import WeftTestSupport

@testable import WeftRender

private let t0 = pinnedNow

@Suite struct VariableResolverTests {
    func context(_ now: Date = t0) -> VariableContext {
        VariableContext(now: now, timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "en_US"))
    }

    func store(_ space: TemporaryHome, snapshots: [Snapshot] = [], variables: [StoredVariable] = []) throws
        -> CacheStore
    {
        let store = try CacheStore.openForWriting(directory: space.cache)
        for snapshot in snapshots {
            try store.recordSuccess(
                instance: snapshot.instance, prefix: snapshot.prefix, outcome: RefreshOutcome(.updated(snapshot)),
                at: snapshot.fetchedAt)
        }
        for variable in variables { try store.setVariable(variable) }
        return try CacheStore.openForReading(directory: space.cache)
    }

    func commandSnapshot(_ instance: String, _ json: String, kind: String = "command", schema: Int = 1) -> Snapshot {
        Snapshot(
            instance: instance, kind: kind, prefix: "__\(instance)_", schemaVersion: schema, fetchedAt: t0 - 90,
            validUntil: t0 + 210, payload: Data(#"{"values":\#(json)}"#.utf8))
    }

    @Test func precedenceProviderThenCallVarsThenStoredThenTime() throws {
        let space = try TemporaryHome()
        let store = try store(
            space, snapshots: [commandSnapshot("up", #"{"load":"0.5"}"#)],
            variables: [
                StoredVariable(key: "__up_load", value: "stored", updatedAt: t0),
                StoredVariable(key: "__time", value: "stored time", updatedAt: t0),
                StoredVariable(key: "mood", value: "stored mood", updatedAt: t0),
                StoredVariable(key: "__up_note", value: "only stored", updatedAt: t0),
            ])
        let resolver = VariableResolver(
            store: store, registry: BuiltinProviders.registry, context: context(),
            overrides: ["mood": "call mood", "__up_load": "call load"])
        #expect(resolver.value("__up_load") == "0.5")
        #expect(resolver.value("mood") == "call mood")
        #expect(resolver.value("__time") == "stored time")
        #expect(resolver.value("__today") == "2026-03-10")
        #expect(resolver.value("__up_note") == "only stored")
        #expect(resolver.value("__up_age_min") == "1")
        #expect(resolver.value("__up_stale") == "0")
        #expect(resolver.value("__up_updated_iso") == "2026-03-10T09:28:30Z")
        #expect(resolver.value("__nothing") == nil)
        #expect(resolver.problems.isEmpty)
    }

    @Test func aBrokenSnapshotOnlyHurtsTemplatesThatReadIt() throws {
        let space = try TemporaryHome()
        let store = try store(
            space,
            snapshots: [
                commandSnapshot("good", #"{"v":"1"}"#), commandSnapshot("broken", #""not an object""#),
                commandSnapshot("future", #"{"v":"1"}"#, schema: 99), commandSnapshot("alien", "{}", kind: "teleport"),
            ])
        let resolver = VariableResolver(store: store, registry: BuiltinProviders.registry, context: context())
        #expect(resolver.value("__good_v") == "1")
        #expect(resolver.problems.isEmpty)
        #expect(resolver.value("__broken_v") == nil)
        #expect(resolver.problems.count == 1 && resolver.problems[0].hasPrefix("broken: cannot read its snapshot"))
        #expect(resolver.value("__future_v") == nil)
        #expect(resolver.problems.last?.contains("weft refresh --force future") == true)
        #expect(resolver.value("__alien_x") == nil)
        #expect(resolver.problems.last == "alien: no provider type \"teleport\" in this build of weft")
    }

    @Test func allVariablesHasEverySourceWithTheSamePrecedence() throws {
        let space = try TemporaryHome()
        let store = try store(
            space, snapshots: [commandSnapshot("up", #"{"load":"0.5"}"#)],
            variables: [
                StoredVariable(key: "__up_load", value: "stored", updatedAt: t0),
                StoredVariable(
                    key: "water", value: "6", updatedAt: t0 - 86400, counter: CounterRule(goal: 8, reset: .daily)),
            ])
        let all = VariableResolver(
            store: store, registry: BuiltinProviders.registry, context: context(), overrides: ["extra": "x"]
        ).allVariables()
        #expect(all["__up_load"] == "0.5")
        #expect(all["water"] == "0")
        #expect(all["extra"] == "x")
        #expect(all["__now_unix"] == "1773135000")
        #expect(
            Set(all.keys).isSuperset(of: ["__now", "__today", "__time", "__weekday", "__up_stale", "__up_age_min"]))
    }
}
