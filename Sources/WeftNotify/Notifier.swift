import Foundation
import Logging
import WeftCore
import WeftEdits
import WeftPrimitives
import WeftRender
import WeftStore

/// The one that acts: finds the occasions due (from the provider kinds through the render session's registry, the
/// counters' goals, the user's rules), decides each once in the ledger, and delivers it.
///
/// Deciding is inserting the occasion's key in the ledger in one transaction; only the call that inserted it
/// delivers, and marks it delivered after. An entry decided but never marked (a crash in between) is delivered at the
/// next start, once. What fell due while the notifier was not running is found from the instant it last looked:
/// within its late window it fires late and says so, beyond it is recorded missed and shown once in a summary.
public final class Notifier {
    /// What became (or would become) of one occasion.
    public struct Decision: Sendable, Equatable {
        /// The occasion.
        public var occasion: Occasion
        /// What became of it (`delivered` for one shown now).
        public var state: NotificationEntry.State
        /// When it was decided.
        public var decidedAt: Date
    }

    let builder: RenderSessionBuilder
    let file: NotifyFile
    private(set) var store: CacheStore
    /// The notification server's connection; nil while there is none (see ``connect``).
    private(set) var delivery: (any NotificationDelivery)?
    /// Makes a new connection to the notification server (nil: never reconnect, as in tests without a bus).
    let connect: (() throws -> any NotificationDelivery)?
    /// When the next attempt to connect may be made, while there is no connection.
    private var nextConnect: Date?
    /// The wait before the attempt after a failed one: short after a loss, growing to ``connectInterval``.
    private var connectBackoff: TimeInterval = 1
    /// The longest wait between attempts to find a notification server (one that appears later, a bus back).
    public static let connectInterval: TimeInterval = 180
    let commands: CommandDelivery
    let logger: Logger
    /// How far ahead occasions are asked for; the notifier looks again at the latest then.
    let window: TimeInterval
    /// How far back the first look after a long pause goes.
    let lookBehind: TimeInterval
    /// Decisions made, in order (what `weft notify` logs; tests read them).
    public private(set) var decisions: [Decision] = []
    /// Receives each decision as it is made (the command writes it to stderr, the service's journal).
    public var onDecision: (Decision) -> Void = { _ in }
    /// Receives each button handled (the command writes it to stderr).
    public var onAction: (Occasion, String) -> Void = { _, _ in }
    /// Receives each problem once (the command prints it on stderr); logged as well.
    public var report: (String) -> Void = { _ in }
    /// Whether the no-server notice was said.
    private var saidNoServer = false
    private var saidProblems: Set<String> = []

    /// A notifier over `store` (opened for writing: the ledger is written through it) with `file`'s settings.
    public init(
        builder: RenderSessionBuilder, file: NotifyFile, store: CacheStore, delivery: (any NotificationDelivery)?,
        connect: (() throws -> any NotificationDelivery)? = nil, commands: CommandDelivery,
        window: TimeInterval = 86_400, lookBehind: TimeInterval = 86_400,
        logger: Logger = Logger(label: "weft.notify")
    ) {
        self.builder = builder
        self.file = file
        self.store = store
        self.delivery = delivery
        self.connect = connect
        self.commands = commands
        self.window = window
        self.lookBehind = lookBehind
        self.logger = logger
    }

    // MARK: - The connection

    /// The connection to use now: the one there is, else a new one when an attempt is allowed at `now` (`due`: an
    /// occasion is to be shown, which may try at once unless one was tried this second). Never more often than that.
    func connection(now: Date, due: Bool = false) -> (any NotificationDelivery)? {
        if let delivery, delivery.isConnected { return delivery }
        if delivery != nil { lost(now: now) }
        guard let connect, let attempt = nextConnect else { return nil }
        guard now >= attempt || (due && now >= attempt.addingTimeInterval(-connectBackoff + 1)) else { return nil }
        do {
            let made = try connect()
            delivery = made
            nextConnect = nil
            connectBackoff = 1
            saidNoServer = false
            saidProblems.remove(Self.noServerProblem)
            logger.notice("connected to the notification server")
            report("found the notification server: notifications go to the desktop")
            return made
        } catch {
            connectBackoff = min(connectBackoff * 2, Self.connectInterval)
            nextConnect = now.addingTimeInterval(connectBackoff)
            logger.debug("no notification server yet: \(error)")
            return nil
        }
    }

    /// Started without a notification server: look for one again at most every ``connectInterval`` and whenever
    /// something is to be shown.
    public func startedWithoutServer(now: Date) {
        guard delivery == nil else { return }
        connectBackoff = Self.connectInterval
        nextConnect = now.addingTimeInterval(Self.connectInterval)
    }

    /// The connection broke: said once, and a new one tried at once, then with a growing wait.
    func lost(now: Date) {
        guard delivery != nil else { return }
        delivery = nil
        connectBackoff = 1
        nextConnect = now
        say(Self.noServerProblem)
    }

    static let noServerProblem = "lost the notification server: connecting again (the sections' commands run meanwhile)"

    /// When the loop must wake to try connecting again (nil: connected, or never).
    var nextConnectAttempt: Date? { delivery == nil ? nextConnect : nil }

    /// Uses `store` from now on (the database was replaced under the notifier: a restore, a move).
    func replaceStore(_ store: CacheStore) { self.store = store }

    // MARK: - Finding occasions

    /// The occasions of the provider kinds and the counters due in `from ..< until`, and the rules that hold at
    /// `from`; with the next instant a rule may read differently.
    func occasions(from: Date, until: Date, at now: Date) -> (occasions: [Occasion], ruleBoundary: Date?) {
        let session = builder.session(over: store, at: now)
        var found: [Occasion] = []
        let context = VariableContext(
            now: from, timeZone: builder.zones.general, locale: Locale(identifier: "en_US_POSIX"),
            catalog: builder.catalog)
        let options = file.providerOptions
        do {
            for snapshot in try store.allSnapshots() {
                guard let kind = builder.registry.kind(snapshot.kind) else { continue }
                do {
                    let query = OccasionQuery(
                        context: context.viewing(recordedZone: snapshot.recordedZone), until: until, options: options)
                    found += try kind.occasions(of: snapshot, query: query)
                } catch {
                    say("\(snapshot.instance): cannot tell its occasions: \(error)")
                }
            }
        } catch {
            say("\(error)")
        }
        found += goalOccasions(from: from, until: until)
        var boundary: Date?
        if !file.rules.isEmpty {
            found += ruleOccasions(session: session, at: now)
            let templates = file.rules.flatMap { [$0.when, $0.title, $0.body, $0.key ?? ""] }
            boundary = session.nextBoundary(after: now, templates: templates)
        }
        let inWindow = found.filter { $0.kind == .rule || ($0.at >= from && $0.at < until) }
        return (inWindow.sorted { ($0.at, $0.key) < ($1.at, $1.key) }, boundary)
    }

    /// A counter with a goal reaching it: once per reset period (once for a counter that never resets).
    func goalOccasions(from: Date, until: Date) -> [Occasion] {
        guard file.sections[.goal]?.common.enabled == true else { return [] }
        let zone = builder.zones.general
        var found: [Occasion] = []
        do {
            for variable in try store.variables() {
                guard let counter = variable.counter, let goal = counter.goal, variable.updatedAt >= from,
                    variable.updatedAt < until,
                    let value = CheckedNumber.finite(variable.value(at: variable.updatedAt, timeZone: zone)),
                    value >= goal
                else { continue }
                let period =
                    counter.reset.map {
                        LocalDay.iso(
                            of: $0.start(of: variable.updatedAt, timeZone: zone, weekStart: counter.weekStart), in: zone
                        )
                    } ?? "goal-\(NumberText.plain(goal))"
                found.append(
                    Occasion(
                        kind: .goal, key: "goal:\(variable.key):\(period)", at: variable.updatedAt,
                        title: "\(variable.key): goal reached",
                        body: "\(NumberText.plain(value)) of \(NumberText.plain(goal))",
                        fields: ["variable": variable.key]))
            }
        } catch {
            say("\(error)")
        }
        return found
    }

    /// The rules that hold in `session`, each as an occasion due now.
    func ruleOccasions(session: RenderSession, at now: Date) -> [Occasion] {
        var found: [Occasion] = []
        for rule in file.rules where rule.common.enabled {
            guard TemplateCondition.holds(rule.when, in: session) else { continue }
            let name =
                rule.key.map { session.render($0) } ?? LocalDay.iso(of: now, in: builder.zones.general)
            found.append(
                Occasion(
                    kind: .rule, key: "rule:\(rule.name):\(name)", at: now, title: session.render(rule.title),
                    body: session.render(rule.body), actions: rule.actions,
                    link: rule.link.map { session.render($0) }, fields: ["rule": rule.name]))
        }
        return found
    }

    // MARK: - Deciding

    /// Does everything due at `now`: delivers what a crash left decided, decides and delivers what fell due since the
    /// last look, shows missed ones once; returns when to look again (the next occasion, a rule's next boundary, or
    /// the end of the window).
    @discardableResult
    public func tick(now: Date) -> Date {
        commands.reap()
        _ = connection(now: now)
        redeliverDecided(now: now)
        let watched = (try? store.notifierWatchedUntil()) ?? nil
        let longestLate = max(
            DurationText.seconds(file.late),
            file.sections.values.compactMap { $0.common.late.map(DurationText.seconds) }.max() ?? 0)
        // From the last look (at most a day back); the first run ever looks back only its late window.
        let from = max(watched ?? now.addingTimeInterval(-longestLate), now.addingTimeInterval(-lookBehind))
        let until = now.addingTimeInterval(window)
        let (occasions, ruleBoundary) = self.occasions(from: min(from, now), until: until, at: now)
        var next = until
        for occasion in occasions {
            if occasion.at > now {
                next = min(next, occasion.at)
                continue
            }
            decide(occasion, now: now)
        }
        showMissed(now: now)
        do {
            try store.setNotifierWatchedUntil(now)
        } catch {
            say("\(error)")
        }
        if let ruleBoundary { next = min(next, ruleBoundary) }
        if let attempt = nextConnectAttempt { next = min(next, attempt) }
        // A notification the server refused stays decided: tried again in a minute.
        if let pending = try? store.notifications(in: [.fired]), !pending.isEmpty {
            next = min(next, now.addingTimeInterval(60))
        }
        return max(next, now.addingTimeInterval(0.001))
    }

    /// Decides one due occasion: nothing when its key is in the ledger or its section is off; else records why it is
    /// not shown (expired, missed, quiet, limited) or decides it and delivers it.
    func decide(_ occasion: Occasion, now: Date) {
        let common = file.common(for: occasion)
        guard common.enabled else { return }
        let existing: NotificationEntry?
        do {
            existing = try store.notification(occasion.key)
        } catch {
            say("\(error)")
            return
        }
        guard existing == nil else { return }
        let kind = NotifyFile.ledgerKind(occasion)
        var state = NotificationEntry.State.fired
        let late = DurationText.seconds(common.late ?? file.late)
        if let expires = occasion.expires, expires <= now {
            logger.info("\(occasion.key): not delivered, its data went stale at \(ISOInstant.format(expires))")
            state = .expired
        } else if now.timeIntervalSince(occasion.at) > late {
            state = .missed
        } else if let quiet = file.quiet, Self.heldByQuiet(occasion),
            quiet.contains(now, in: builder.zones.general)
        {
            state = .quiet
        } else if let rate = common.rate,
            ((try? store.deliveredCount(kind: kind, since: now.addingTimeInterval(-DurationText.seconds(rate.period))))
                ?? 0) >= rate.count
        {
            state = .limited
        }
        let entry = NotificationEntry(
            key: occasion.key, kind: kind, at: occasion.at, firedAt: now, state: state, thread: occasion.thread,
            occasion: try? JSONEncoder().encode(occasion))
        do {
            // Another notifier or an earlier run decided it first: it is theirs to deliver.
            guard try store.decideNotification(entry) else { return }
        } catch {
            say("\(error)")
            return
        }
        let decision = Decision(occasion: occasion, state: state == .fired ? .delivered : state, decidedAt: now)
        decisions.append(decision)
        onDecision(decision)
        guard state == .fired else { return }
        deliver(occasion, now: now)
    }

    /// The kinds quiet hours do not hold back: what the user set to go off.
    static let pierceQuiet: Set<Occasion.Kind> = [.alarm, .preAlert, .timer]

    /// Whether quiet hours hold `occasion` back: not what the user set to go off, and not a severe or extreme
    /// weather alert (critical urgency), which a phone's emergency alerts would also let through at night.
    static func heldByQuiet(_ occasion: Occasion) -> Bool {
        !pierceQuiet.contains(occasion.kind) && !(occasion.kind == .alerts && occasion.urgency == .critical)
    }

    /// Delivers what was decided and never marked delivered (the process ended in between), once each.
    func redeliverDecided(now: Date) {
        let pending: [NotificationEntry]
        do {
            pending = try store.notifications(in: [.fired])
        } catch {
            say("\(error)")
            return
        }
        for entry in pending {
            guard let data = entry.occasion, let occasion = try? JSONDecoder().decode(Occasion.self, from: data) else {
                try? store.markNotifications([entry.key], state: .delivered)
                continue
            }
            if let expires = occasion.expires, expires <= now {
                try? store.markNotifications([entry.key], state: .expired)
                continue
            }
            logger.info("\(entry.key): decided before the last stop and not delivered: delivering it now")
            deliver(occasion, now: now)
        }
    }

    /// Shows `occasion` (decided) and marks it delivered.
    func deliver(_ occasion: Occasion, now: Date) {
        let common = file.common(for: occasion)
        var body = occasion.body
        let lateSeconds = Int(now.timeIntervalSince(occasion.at))
        if lateSeconds >= 60 {
            body += (body.isEmpty ? "" : " ") + "(\(lateSeconds / 60) min late)"
        }
        var notification = OutgoingNotification(
            key: occasion.key, kind: NotifyFile.ledgerKind(occasion), title: SafeText.plain(occasion.title, limit: 200),
            body: SafeText.plain(body), urgency: common.urgency ?? occasion.urgency, actions: occasion.actions,
            category: "x-weft.\(occasion.kind.rawValue)", replaces: nil, link: SafeText.link(occasion.link),
            fields: occasion.fields, at: occasion.at)
        if let thread = occasion.thread {
            notification.replaces = (try? store.lastNotificationID(thread: thread)) ?? nil
        }
        var id: Int?
        var delivery = common.deliver != .command ? connection(now: now, due: true) : nil
        if common.deliver != .command {
            if let shownBy = delivery {
                do {
                    id = try shownBy.show(notification)
                } catch {
                    guard !shownBy.isConnected else {
                        // Left decided: shown at the next look (or the next start), unless its data went stale.
                        say("cannot show a notification: \(error)")
                        return
                    }
                    // Tried once more at once (a server that restarted is back); else the command fallback runs.
                    lost(now: now)
                    delivery = connection(now: now, due: true)
                    if let again = delivery {
                        do {
                            id = try again.show(notification)
                        } catch {
                            say("cannot show a notification: \(error)")
                            return
                        }
                    }
                }
            }
            if delivery == nil, !saidNoServer {
                saidNoServer = true
                say("no notification server: only the sections' commands run")
            }
        }
        if common.deliver != .notification || delivery == nil, let command = common.command {
            if let problem = commands.run(command, for: notification) { say(problem) }
        }
        do {
            try store.markNotifications([occasion.key], state: .delivered, notificationID: id)
        } catch {
            say("\(error)")
        }
        logger.info("\(occasion.key): delivered\(lateSeconds >= 60 ? " \(lateSeconds / 60) min late" : "")")
    }

    /// One summary notification of the occasions recorded missed and not yet shown.
    func showMissed(now: Date) {
        guard let missed = try? store.notifications(in: [.missed]), !missed.isEmpty else { return }
        let titles = missed.compactMap { entry -> String? in
            guard let data = entry.occasion, let occasion = try? JSONDecoder().decode(Occasion.self, from: data) else {
                return nil
            }
            return "\(LocalText.time(occasion.at, in: builder.zones.general)) \(occasion.title)"
        }
        let summary = OutgoingNotification(
            key: "missed:\(ISOInstant.format(now))", kind: "missed",
            title: "\(missed.count) missed notification\(missed.count == 1 ? "" : "s")",
            body: SafeText.plain(
                titles.prefix(5).joined(separator: "\n") + (titles.count > 5 ? "\n…" : "")
                    + "\n(weft notify --missed lists them)"),
            urgency: .normal, actions: [], category: "x-weft.missed", replaces: nil, link: nil, fields: [:], at: now)
        if let delivery = connection(now: now, due: true) { _ = try? delivery.show(summary) }
        logger.warning("\(missed.count) missed: \(missed.map(\.key).joined(separator: ", "))")
        try? store.markNotifications(missed.map(\.key), state: .shown)
    }

    // MARK: - Planning

    /// One line of `weft notify --dry-run`: an occasion, when it would fire and why it would not.
    public struct Plan: Sendable, Equatable {
        /// The occasion.
        public var occasion: Occasion
        /// Nil when it would be shown; else why not (`quiet hours`, `rate limit`, `stale data`, `already fired`).
        public var held: String?
    }

    /// What would fire from `from` until `until`, without delivering or writing anything: the provider kinds' and
    /// counters' occasions in the window, and the rules rendered at each moment they may change.
    public func plan(from: Date, until: Date) -> [Plan] {
        var occasions = self.occasions(from: from, until: until, at: from).occasions.filter { $0.kind != .rule }
        if !file.rules.isEmpty {
            var moment = from
            var seen: Set<String> = []
            // Rules read the clock at most once a minute unless they read seconds; a day is at most 1440 renders.
            for _ in 0..<2000 where moment < until {
                let session = builder.session(over: store, at: moment)
                for occasion in ruleOccasions(session: session, at: moment) where seen.insert(occasion.key).inserted {
                    occasions.append(occasion)
                }
                let templates = file.rules.flatMap { [$0.when, $0.title, $0.body, $0.key ?? ""] }
                moment = max(session.nextBoundary(after: moment, templates: templates), moment.addingTimeInterval(1))
            }
        }
        var counts: [String: [Date]] = [:]
        var plans: [Plan] = []
        for occasion in occasions.sorted(by: { ($0.at, $0.key) < ($1.at, $1.key) }) {
            let common = file.common(for: occasion)
            guard common.enabled else { continue }
            let kind = NotifyFile.ledgerKind(occasion)
            var held: String?
            if let entry = try? store.notification(occasion.key) {
                held = "already \(entry.state.rawValue)"
            } else if let expires = occasion.expires, expires <= occasion.at {
                held = "stale data"
            } else if let quiet = file.quiet, Self.heldByQuiet(occasion),
                quiet.contains(occasion.at, in: builder.zones.general)
            {
                held = "quiet hours"
            } else if let rate = common.rate {
                let recent = (counts[kind] ?? []).filter {
                    occasion.at.timeIntervalSince($0) < DurationText.seconds(rate.period)
                }
                if recent.count >= rate.count { held = "rate limit" }
            }
            if held == nil { counts[kind, default: []].append(occasion.at) }
            plans.append(Plan(occasion: occasion, held: held))
        }
        return plans
    }

    // MARK: - Actions

    /// What a button on a notification does that the alarm and timer edits do not: the program run for it (`weft
    /// habit done …`, `xdg-open LINK`), from the occasion the notification showed; nil when it does nothing.
    public static func command(for action: String, occasion: Occasion) -> [String]? {
        let fields = occasion.fields
        switch action {
        case "open": return SafeText.link(occasion.link).map { ["xdg-open", $0] }
        case "done":
            return fields["habit"].map {
                // The occasion's own day: a click after midnight marks the day it was about, not the day of the click.
                ["weft", "habit", "done", $0] + (fields["instance"].map { ["--instance", $0] } ?? [])
                    + (fields["date"].map { ["--date", $0] } ?? [])
            }
        default: return nil
        }
    }

    /// Handles what the server reported: Snooze, Dismiss, Stop and Restart run the alarm and timer edits
    /// (``OccasionAction``) at once, in this process; Done and Open run their programs; a close needs nothing. The
    /// edit changes the database, so the next look sees the snoozed alarm.
    public func handle(_ events: [ServerEvent], now: Date) {
        for event in events {
            guard case .action(let id, let action) = event else { continue }
            guard let entry = try? store.notification(id: id), let data = entry.occasion,
                let occasion = try? JSONDecoder().decode(Occasion.self, from: data)
            else {
                logger.info("notification \(id): action \(action) on nothing weft knows")
                continue
            }
            do {
                let directory = PathExpansion.directory(of: store.path)
                let outcome = try OccasionAction(cacheDirectory: directory).perform(
                    action, fields: occasion.fields, at: now)
                if outcome != .notMine {
                    logger.info("\(occasion.key): \(action): \(outcome)")
                    onAction(occasion, action)
                    continue
                }
            } catch {
                say("\(occasion.title): \(action): \(error)")
                continue
            }
            guard let argv = Self.command(for: action, occasion: occasion) else {
                logger.info("\(occasion.key): action \(action) does nothing here")
                continue
            }
            if let problem = commands.start(argv) { say(problem) }
            onAction(occasion, action)
        }
    }

    // MARK: -

    private func say(_ problem: String) {
        guard saidProblems.insert(problem).inserted else { return }
        logger.debug("\(problem)")
        report(problem)
    }
}
