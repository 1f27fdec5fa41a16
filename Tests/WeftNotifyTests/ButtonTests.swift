import Foundation
import Testing
import WeftAlarms
import WeftCore
import WeftEdits
import WeftNotify
import WeftProviders
import WeftRender
import WeftStore
import WeftTestSupport

/// A button pressed on the server (ActionInvoked on a private session bus) runs the alarm's edit in the notifier,
/// and the snoozed alarm goes off again after the snooze time, replacing its notification.
@Suite struct ButtonTests {
    @Test func snoozeOnTheNotificationSnoozesTheAlarm() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let home = try TemporaryHome("notify")
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let start = instant("2026-11-27T05:00:00Z")
        let schedule = try AlarmSchedule.make(
            hour: 7, minute: 0, zone: zone, days: nil, every: nil, on: nil, now: start)
        _ = try AlarmEdit(cacheDirectory: home.cache).add(
            label: "Wake", schedule: schedule, preAlert: nil, snooze: 300, at: start)
        var settings = RenderSettings()
        settings.timeZone = "Europe/Berlin"
        let builder = try RenderSessionBuilder(
            settings: settings, registry: BuiltinProviders.registry,
            workspace: Workspace(
                locations: WeftLocations(cacheDirectory: home.cache, providersDirectory: home.providers)),
            environment: ["TZ": "Europe/Berlin"])
        let delivery = try DesktopDelivery(environment: bus.environment)
        let notifier = Notifier(
            builder: builder, file: NotifyFile(text: "", file: "notify.toml"),
            store: try CacheStore.openForWriting(directory: home.cache), delivery: delivery,
            commands: CommandDelivery(environment: [:]))
        notifier.tick(now: start)
        notifier.tick(now: instant("2026-11-27T06:00:00Z"))
        let shown = try server.calls(atLeast: 1)
        let id = try #require(shown.first?.id)
        try server.invokeAction(id: id, key: "snooze")
        var events: [ServerEvent] = []
        #expect(
            Poll.blocking {
                events += delivery.events()
                return !events.isEmpty
            })
        notifier.handle(events, now: instant("2026-11-27T06:01:00Z"))
        notifier.tick(now: instant("2026-11-27T06:01:00Z"))
        #expect(try server.calls().count == 1, "nothing before the snooze ends")
        notifier.tick(now: instant("2026-11-27T06:06:00Z"))
        let calls = try server.calls(atLeast: 2)
        #expect(calls.count == 2 && calls[1].replacesID == id && calls[1].summary == "Wake", "\(calls)")
    }
}
