import ArgumentParser
import Foundation
import Logging
import WeftCommandLine
import WeftCore
import WeftNotify
import WeftPrimitives
import WeftProviders
import WeftRender
import WeftStore

/// `weft notify`: `weft` hands this program its arguments. A program of its own, with a synchronous entry point: a
/// Swift program that starts its async runtime on Linux starts libdispatch's worker-pool monitor with it, a timer
/// that wakes the process every second for as long as it lives (3,600 wake-ups an hour); this one never starts it.
@main
struct NotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weft notify",
        abstract: "Deliver alarms, timers, reminders, rain alerts and your rules as desktop notifications.",
        discussion: """
            Runs in the foreground (as a user service: `weft schedule --notify` prints the unit). It reads the cache \
            the way `weft watch` does and sleeps until the next moment something can fire, the database changes or \
            the notification server reports a button; it never polls. Each occurrence fires once: its key is \
            recorded in the database in the transaction that decides to fire it, so a restart, a crash or a second \
            notifier never repeats or drops one (a second `weft notify` on the same database exits at once).

            Configured by notify.toml beside the providers directory (~/.config/weft/notify.toml, or --config \
            FILE): `quiet = "22:00-07:00"` (alarms, pre-alerts and timers still fire), `late = "10m"` (something \
            missed while the machine slept fires late, saying so, within this window; older ones are recorded \
            missed, shown once in a summary and listed by --missed), sections [alarms], [pre-alerts], [timers], \
            [reminders], [rain], [habits], [goals] with enabled, urgency, deliver ("notification", "command" or \
            "both"), command (argv, no shell; WEFT_TITLE, WEFT_BODY, WEFT_KEY, WEFT_KIND, WEFT_URGENCY, WEFT_AT, \
            WEFT_LINK and WEFT_FIELD_* in its environment), rate ("3/1h") and late; and [[rule]] tables with when, \
            title, body, key, link (templates), urgency and actions. Without the file, alarms, pre-alerts, timers \
            and reminders are on; rain, habits and goals start when their section is written. `weft check` checks \
            the file.

            Examples:
              weft notify
              weft notify --dry-run --from now --until +1d
              weft notify --missed
            """)

    @Option(
        help: ArgumentHelp("The notify file (default: notify.toml beside the providers directory).", valueName: "file"))
    var config: String?

    @Flag(help: "Print what would fire when, without delivering or recording anything.")
    var dryRun = false

    @Option(help: ArgumentHelp("With --dry-run: the start (an ISO 8601 instant, or now).", valueName: "instant"))
    var from = "now"

    @Option(
        help: ArgumentHelp(
            "With --dry-run: the end (an ISO 8601 instant, or +DURATION after --from).", valueName: "instant"))
    var until = "+1d"

    @Flag(
        help: "List the occasions that were missed (due while the notifier was not running, beyond their late window).")
    var missed = false

    /// For tests and benchmarks: run the loop on a clock that jumps from --now to this instant instead of waiting.
    @Option(help: .hidden)
    var simulateUntil: String?

    @OptionGroup var options: ReadOptions

    func validate() throws {
        if dryRun && missed { throw ValidationError("give one of --dry-run or --missed") }
        if simulateUntil != nil && options.clock.now == nil { throw ValidationError("--simulate-until needs --now") }
    }

    /// Starts and ends as every weft program does (``ProgramEntry``).
    static func main() {
        ProgramEntry.begin()
        ProgramEntry.sayUnknownZone(in: ReadOptions.environment)
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            ProgramEntry.end(with: error, of: Self.self)
        }
    }

    func run() throws {
        try NotifyJob(
            config: config, dryRun: dryRun, from: from, until: until, missed: missed, simulateUntil: simulateUntil,
            settings: options.settings
        ).run()
    }

    /// `now`, an ISO 8601 instant, or `+DURATION` after `now`.
    static func instant(_ text: String, now: Date, name: String) throws -> Date {
        if text.lowercased() == "now" { return now }
        if text.hasPrefix("+"), let duration = DurationText.parse(String(text.dropFirst())) {
            return now.addingTimeInterval(DurationText.seconds(duration))
        }
        guard let date = ISOInstant.parse(text) else {
            throw ValidationError("\(name) \"\(text)\" is not now, an ISO 8601 instant or +DURATION such as +1d")
        }
        return date
    }
}

/// One `weft notify` run's choices, as the command line gave them.
struct NotifyJob: Sendable {
    var config: String?
    var dryRun: Bool
    var from: String
    var until: String
    var missed: Bool
    var simulateUntil: String?
    var settings: RenderSettings

    func run() throws {
        let builder = try RenderSessionBuilder(
            settings: settings, registry: BuiltinProviders.registry, environment: ReadOptions.environment)
        if let notice = builder.workspace.notice { Stderr.line("weft: \(notice)") }
        let locations = builder.workspace.locations
        let path =
            config.map { PathExpansion.expand($0) }
            ?? NotifyFile.defaultPath(providersDirectory: locations.providersDirectory)
        let file = NotifyFile(contentsOf: path)
        if missed { return try listMissed(builder) }
        if !file.problems.isEmpty {
            for problem in file.problems { Stderr.line("weft: \(problem)") }
            throw ExitCode(2)
        }
        if dryRun { return try printPlan(builder, file: file) }
        try serve(builder, file: file)
    }

    private func printPlan(_ builder: RenderSessionBuilder, file: NotifyFile) throws {
        let now = builder.pinnedNow ?? Date()
        let start = try NotifyCommand.instant(from, now: now, name: "--from")
        let end = try NotifyCommand.instant(until, now: start, name: "--until")
        guard end > start else { throw ValidationError("--until must come after --from") }
        let store = try builder.workspace.openCache()
        let notifier = Notifier(
            builder: builder, file: file, store: store, delivery: nil,
            commands: CommandDelivery(environment: [:]))
        notifier.report = { Stderr.line("weft: \($0)") }
        let zone = builder.zones.general
        let plans = notifier.plan(from: start, until: end)
        for plan in plans {
            let occasion = plan.occasion
            let text = occasion.body.isEmpty ? occasion.title : "\(occasion.title) — \(occasion.body)"
            let line =
                "\(LocalDay.iso(of: occasion.at, in: zone)) \(LocalText.time(occasion.at, in: zone))  "
                + NotifyFile.ledgerKind(occasion).padding(toLength: 11, withPad: " ", startingAt: 0) + " "
                + SafeText.plain(text).replacingOccurrences(of: "\n", with: " · ")
                + (plan.held.map { "  (\($0): not shown)" } ?? "")
            print(line)
        }
        let shown = plans.filter { $0.held == nil }.count
        Stderr.line(
            "\(shown) of \(plans.count) occasion\(plans.count == 1 ? "" : "s") from \(ISOInstant.format(start)) "
                + "until \(ISOInstant.format(end)) would be shown; nothing was delivered or recorded")
    }

    private func listMissed(_ builder: RenderSessionBuilder) throws {
        let store = try builder.workspace.openCache()
        let zone = builder.zones.general
        let entries = try store.notifications(in: [.missed, .shown])
        for entry in entries {
            let occasion = entry.occasion.flatMap { try? JSONDecoder().decode(Occasion.self, from: $0) }
            print(
                "\(LocalDay.iso(of: entry.at, in: zone)) \(LocalText.time(entry.at, in: zone))  "
                    + entry.kind.padding(toLength: 11, withPad: " ", startingAt: 0) + " "
                    + SafeText.plain(occasion?.title ?? entry.key))
        }
        if entries.isEmpty { Stderr.line("nothing was missed") }
    }

    private func serve(_ builder: RenderSessionBuilder, file: NotifyFile) throws {
        let locations = builder.workspace.locations
        // Opening for writing makes the database's folder, so a notifier started before any refresh (a user unit at
        // the first login) has its lock file's place.
        let store = try CacheStore.openForWriting(directory: locations.cacheDirectory)
        // Creating the database starts them: a fresh start now, before anything is said or connected.
        if simulateUntil == nil, DispatchWorkers.startedAndAloneBesideMain { Self.startAfresh() }
        let lock: NotifierLock
        do {
            lock = try NotifierLock(cacheDirectory: locations.cacheDirectory)
        } catch {
            Stderr.line("weft: \(error)")
            throw ExitCode(1)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["WEFT_CACHE"] = locations.cacheDirectory
        environment["WEFT_PROVIDERS"] = locations.providersDirectory
        let commands = CommandDelivery(environment: environment)
        // Without a notification server the sections' commands still run (said once, when the first one fires); one
        // that appears later (the desktop started after weft notify) is found at the next attempt.
        let connect: () throws -> any NotificationDelivery = { try DesktopDelivery(environment: environment) }
        var delivery: (any NotificationDelivery)?
        do {
            delivery = try connect()
        } catch {
            Stderr.line("weft: \(error)")
        }
        let notifier = Notifier(
            builder: builder, file: file, store: store, delivery: delivery, connect: connect, commands: commands)
        notifier.report = { Stderr.line("weft: \($0)") }
        notifier.onDecision = { decision in
            Stderr.line(
                "weft: \(ISOInstant.format(decision.decidedAt)) \(decision.occasion.key): \(decision.state.rawValue)")
        }
        notifier.onAction = { occasion, action in Stderr.line("weft: \(occasion.key): \(action)") }
        let clock: any NotifierClock
        var end: Date?
        if let simulateUntil, let start = builder.pinnedNow {
            clock = JumpingClock(start: start)
            end = try NotifyCommand.instant(simulateUntil, now: start, name: "--simulate-until")
        } else {
            clock = SystemNotifierClock()
        }
        notifier.startedWithoutServer(now: clock.now)
        let loop = NotifierLoop(notifier: notifier, clock: clock, cacheDirectory: locations.cacheDirectory)
        if end == nil {
            loop.onDispatchWorkers = { [weak loop] in
                Self.startAfresh()
                loop?.onDispatchWorkers = nil
            }
        }
        loop.run(until: end)
        commands.waitAll()
        if end != nil { Stderr.line("weft: \(loop.wakeUps) wake-ups, \(loop.ticks) looks") }
        withExtendedLifetime(lock) {}
    }
}

extension NotifyJob {
    /// Runs this program again with the same arguments in this process (exec), so libdispatch's once-a-second
    /// monitor (``DispatchWorkers``) goes; the lock and the database close on exec. Returns only when exec failed.
    static func startAfresh() {
        var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
        // By its path, so `ps` shows its name; /proc/self/exe when that file was replaced (an upgrade).
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            execv(path, &argv)
        }
        execv("/proc/self/exe", &argv)
        for pointer in argv { free(pointer) }
        Stderr.line("weft: cannot start afresh (\(String(cString: strerror(errno)))); it wakes every second")
    }
}
