import Testing
import WeftDBus
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The Notifications client against a real private session bus and the recording test server.
@Suite struct NotificationClientTests {
    /// Signals until `enough` holds for what has arrived (or a generous limit for a broken build passes).
    private func events(
        from client: NotificationClient, until enough: ([NotificationEvent]) -> Bool
    ) throws -> [NotificationEvent] {
        let deadline = ContinuousClock.now + .seconds(10)
        var received: [NotificationEvent] = []
        while !enough(received), ContinuousClock.now < deadline {
            received += try client.wait(until: deadline)
        }
        return received
    }

    @Test func notifySendsEveryArgumentAndHintAsGiven() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        var notification = DesktopNotification(summary: "Wake", body: "Alarm at 07:00")
        notification.appIcon = "alarm-symbolic"
        notification.actions = [
            NotificationAction(key: "snooze", label: "Snooze 9 min"),
            NotificationAction(key: "dismiss", label: "Dismiss"),
        ]
        notification.urgency = .critical
        notification.category = "x-weft.alarm"
        notification.desktopEntry = "weft"
        notification.resident = true
        notification.extraHints = ["x-weft-count": .int32(3), "urgency": .byte(0)]
        notification.expireTimeout = .never

        let id = try client.notify(notification)

        let calls = try server.calls(atLeast: 1)
        #expect(calls.count == 1)
        let call = try #require(calls.first)
        #expect(call.method == "Notify")
        #expect(call.id == id)
        #expect(id != 0)
        #expect(call.appName == "weft")
        #expect(call.replacesID == 0)
        #expect(call.appIcon == "alarm-symbolic")
        #expect(call.summary == "Wake")
        #expect(call.body == "Alarm at 07:00")
        #expect(call.actions == ["snooze", "Snooze 9 min", "dismiss", "Dismiss"])
        #expect(
            call.hints == [
                "urgency": .byte(2), "category": .string("x-weft.alarm"), "desktop-entry": .string("weft"),
                "resident": .boolean(true), "x-weft-count": .int32(3),
            ])
        #expect(call.expireTimeout == 0)
    }

    @Test func aNotificationWithoutOptionsSendsNoHintsAndTheServerDefaultTimeout() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        var notification = DesktopNotification(summary: "Tea")
        notification.transient = true
        _ = try client.notify(notification)
        _ = try client.notify(DesktopNotification(summary: "Plain"))

        let calls = try server.calls(atLeast: 2)
        #expect(calls.map(\.hints) == [["transient": .boolean(true)], [:]])
        #expect(calls.map(\.expireTimeout) == [-1, -1])
        #expect(calls.map(\.actions) == [[], []])
        #expect(calls.map(\.body) == ["", ""])
    }

    @Test func replacesIDUpdatesTheNotificationInPlace() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        let first = try client.notify(DesktopNotification(summary: "Rain in 8 min"))
        var update = DesktopNotification(summary: "Rain in 3 min")
        update.replacesID = first
        let second = try client.notify(update)
        let other = try client.notify(DesktopNotification(summary: "Meeting in 10 min"))

        #expect(second == first)
        #expect(other != first)
        let calls = try server.calls(atLeast: 3)
        #expect(calls.map(\.replacesID) == [0, first, 0])
        #expect(calls.map(\.summary) == ["Rain in 8 min", "Rain in 3 min", "Meeting in 10 min"])
    }

    @Test func capabilitiesAndServerInformationAreRead() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        let capabilities = try client.capabilities()
        #expect(capabilities.names == TestNotificationServer.fullCapabilities)
        #expect(capabilities.actions && capabilities.bodyMarkup && capabilities.body && capabilities.persistence)
        let information = try client.serverInformation()
        #expect(
            information
                == NotificationServerInformation(
                    name: "weft-test-server", vendor: "weft", version: "1.0", specificationVersion: "1.2"))
        withExtendedLifetime(server) {}
    }

    @Test func aServerWithoutActionsOrMarkupSaysSo() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus, capabilities: ["body"])
        let client = try NotificationClient(environment: bus.environment)
        let capabilities = try client.capabilities()
        #expect(capabilities.names == ["body"])
        #expect(!capabilities.actions)
        #expect(!capabilities.bodyMarkup)
        #expect(capabilities.body)
        withExtendedLifetime(server) {}
    }

    @Test func actionInvokedAndNotificationClosedArriveThroughTheBusDescriptor() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        var alarm = DesktopNotification(summary: "Wake")
        alarm.actions = [NotificationAction(key: "snooze", label: "Snooze")]
        let id = try client.notify(alarm)
        #expect(try client.process() == [])

        try server.invokeAction(id: id, key: "snooze")
        try server.close(id: id, reason: 2)

        // The notifier's way: poll the bus's descriptor for its events and timeout, then process.
        var received: [NotificationEvent] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while received.count < 2, ContinuousClock.now < deadline {
            let request = try client.waitRequest()
            #expect(request.descriptor >= 0)
            var descriptor = pollfd(fd: request.descriptor, events: request.events, revents: 0)
            _ = poll(&descriptor, 1, BusWait.pollMilliseconds(min(request.timeout ?? .seconds(10), .seconds(10))))
            received += try client.process()
        }
        #expect(received == [.actionInvoked(id: id, actionKey: "snooze"), .closed(id: id, reason: .dismissed)])
    }

    @Test func closeNotificationIsRecordedAndAnsweredWithNotificationClosed() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        let id = try client.notify(DesktopNotification(summary: "Timer: Tea"))
        try client.close(id: id)
        // The server sends NotificationClosed before its reply, so the signal was read while the call waited: the
        // bus must ask to be processed at once rather than sleep on a descriptor with nothing more to read.
        #expect(try client.waitRequest().timeout == .zero)
        #expect(try client.process() == [.closed(id: id, reason: .closedByCall)])
        #expect(try client.waitRequest().timeout == nil)

        let second = try client.notify(DesktopNotification(summary: "Timer: Eggs"))
        try client.close(id: second)
        let received = try events(from: client) { !$0.isEmpty }
        #expect(received == [.closed(id: second, reason: .closedByCall)])
        let calls = try server.calls(atLeast: 4)
        #expect(calls.map(\.method) == ["Notify", "CloseNotification", "Notify", "CloseNotification"])
        #expect(calls.map(\.id) == [id, id, second, second])
    }

    @Test func waitReturnsNothingAtItsDeadlineWhenNoSignalComes() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        #expect(try client.wait(until: ContinuousClock.now) == [])
        #expect(try client.waitRequest().timeout == nil)
        withExtendedLifetime(server) {}
    }

    @Test func aBodyWithMarkupCharactersIsSentAsGiven() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        let text = "Tom & Jerry <b>not bold</b> \"quoted\" 'single' ü ☔"
        _ = try client.notify(DesktopNotification(summary: text, body: text))
        _ = try client.notify(DesktopNotification(summary: "Escaped", body: NotificationText.markupEscaped(text)))

        let calls = try server.calls(atLeast: 2)
        #expect(
            calls.map(\.body) == [text, "Tom &amp; Jerry &lt;b&gt;not bold&lt;/b&gt; &quot;quoted&quot; 'single' ü ☔"])
        #expect(calls.first?.summary == text)
    }

    @Test func aNotificationIsAdaptedToWhatTheServerCanDo() {
        var notification = DesktopNotification(summary: "R&D <sync>", body: "Room <4> & co")
        notification.actions = [NotificationAction(key: "snooze", label: "Snooze")]
        let full = notification.adapted(to: NotificationCapabilities(names: ["actions", "body", "body-markup"]))
        #expect(full.actions == notification.actions)
        #expect(full.body == "Room &lt;4&gt; &amp; co")
        #expect(full.summary == "R&D <sync>")
        let plain = notification.adapted(to: NotificationCapabilities(names: ["body"]))
        #expect(plain.actions == [])
        #expect(plain.body == "Room <4> & co")
    }

    @Test func markupEscapingLeavesPlainTextAlone() {
        #expect(NotificationText.markupEscaped("Rain in 8 min · moderate") == "Rain in 8 min · moderate")
        #expect(NotificationText.markupEscaped("a<b>&c\"d") == "a&lt;b&gt;&amp;c&quot;d")
        #expect(NotificationText.markupEscaped("&amp;") == "&amp;amp;")
        #expect(NotificationText.markupEscaped("") == "")
    }

    @Test func noSessionBusIsAClearError() {
        #expect {
            _ = try NotificationClient(environment: [:])
        } throws: { error in
            "\(error)" == "no session bus: DBUS_SESSION_BUS_ADDRESS is not set"
        }
        #expect {
            _ = try NotificationClient(environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        } throws: { error in
            "\(error)" == "no session bus: DBUS_SESSION_BUS_ADDRESS is not set"
        }
    }

    @Test func aBusWithoutANotificationServerIsAClearError() throws {
        let bus = try TestSessionBus()
        #expect {
            _ = try NotificationClient(environment: bus.environment)
        } throws: { error in
            "\(error)"
                == "no notification server on the session bus (org.freedesktop.Notifications is not owned)"
        }
    }

    @Test func aServerThatGoesAwayIsReportedOnTheNextCall() throws {
        let bus = try TestSessionBus()
        var server: TestNotificationServer? = try TestNotificationServer(on: bus)
        let client = try NotificationClient(environment: bus.environment)
        _ = try client.notify(DesktopNotification(summary: "first"))
        server = nil
        #expect {
            _ = try client.notify(DesktopNotification(summary: "second"))
        } throws: { error in
            "\(error)"
                == "no notification server on the session bus (org.freedesktop.Notifications is not owned)"
        }
        #expect(server == nil)
    }

    @Test func aRefusedCallReportsTheServersErrorNameAndMessage() throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(
            on: bus, rejectNotify: (name: "org.example.Error.TooMany", message: "too many notifications"))
        let client = try NotificationClient(environment: bus.environment)
        #expect {
            _ = try client.notify(DesktopNotification(summary: "Wake"))
        } throws: { error in
            "\(error)" == "Notify failed: org.example.Error.TooMany: too many notifications"
        }
        #expect(try server.calls() == [])
    }

    @Test func anAddressNobodyListensOnIsAClearError() throws {
        let home = try TemporaryHome("dbus-none")
        let address = "unix:path=\(home.path("no-bus"))"
        #expect {
            _ = try NotificationClient(environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        } throws: { error in
            "\(error)".hasPrefix("cannot connect to the session bus at \(address): ")
        }
    }
}
