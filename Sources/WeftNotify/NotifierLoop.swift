import Foundation
import Logging
import WeftPrimitives
import WeftRender
import WeftStore

#if canImport(Glibc)
    import Glibc
#endif

/// `weft notify`'s loop: sleeps until the next due occasion, a change of the database (inotify on its directory,
/// confirmed by SQLite's data version, as the live render loop does) or a word from the notification server; no
/// polling. Each wake-up that matters runs one ``Notifier/tick(now:)``.
public final class NotifierLoop {
    private let notifier: Notifier
    private let clock: any NotifierClock
    private let directory: String
    private let logger: Logger
    private var watch: DirectoryWatch?
    private var dataVersion: Int?
    /// The database file's device and inode when it was opened: another one there is a replaced database.
    private var identity: FileStamp?
    /// How many times the loop woke up.
    public private(set) var wakeUps = 0
    /// How many times it looked at the occasions again.
    public private(set) var ticks = 0
    /// Called after a wake-up's work when libdispatch's worker pool has started (``DispatchWorkers``): `weft notify`
    /// starts itself afresh there, so an idle notifier does not wake every second. Nil in tests.
    public var onDispatchWorkers: (() -> Void)?

    /// A loop running `notifier` on `clock`, watching the cache in `cacheDirectory`.
    public init(
        notifier: Notifier, clock: any NotifierClock, cacheDirectory: String,
        logger: Logger = Logger(label: "weft.notify")
    ) {
        self.notifier = notifier
        self.clock = clock
        directory = cacheDirectory
        self.logger = logger
    }

    /// Runs until `end` (forever when nil).
    public func run(until end: Date? = nil) {
        watchDirectory()
        identity = FileStamp(path: notifier.store.path)
        dataVersion = try? notifier.store.dataVersion()
        var next = tick()
        // Set while a write was seen and its commit not yet: when to ask the data version again.
        var settling: Date?
        // Opening the database may already have started them (a first run creates it).
        if let onDispatchWorkers, DispatchWorkers.startedAndAloneBesideMain { onDispatchWorkers() }
        while end.map({ clock.now < $0 }) ?? true {
            // A call may have read a signal before its reply: what the bus holds is handled before sleeping.
            if let delivery = notifier.delivery { handle(delivery.events()) }
            var descriptors: [Int32] = []
            if let watch { descriptors.append(watch.descriptor) }
            if let bus = notifier.delivery?.descriptor { descriptors.append(bus) }
            var deadline = end.map { min(next, $0) } ?? next
            if let settling { deadline = min(deadline, settling) }
            let ready = clock.wait(until: deadline, descriptors: descriptors)
            wakeUps += 1
            if let delivery = notifier.delivery, let bus = delivery.descriptor, ready.contains(bus) {
                handle(delivery.events())
            }
            var due = clock.now >= next || acted
            if let delivery = notifier.delivery, !delivery.isConnected {
                // Said once; the next look connects again at once.
                notifier.lost(now: clock.now)
                due = true
            }
            acted = false
            if let watch, ready.contains(watch.descriptor), case let drained = watch.drain(), drained.databaseTouched {
                if drained.ended {
                    self.watch = nil
                    watchDirectory()
                }
                if reopenIfReplaced() { due = true }
                // The notifier's own ledger writes wake the watch too; only another connection's commit changes
                // the data version.
                if versionChanged() {
                    due = true
                    settling = nil
                } else {
                    settling = clock.now.addingTimeInterval(DurationText.seconds(DirectoryWatch.commitSettling))
                }
            } else if let look = settling, clock.now >= look {
                settling = nil
                if versionChanged() { due = true }
            }
            if due, end.map({ clock.now < $0 }) ?? true { next = tick() }
            if let onDispatchWorkers, DispatchWorkers.startedAndAloneBesideMain { onDispatchWorkers() }
        }
    }

    /// Whether another connection committed since the last look (the data version moved); remembers the new one.
    private func versionChanged() -> Bool {
        let version = try? notifier.store.dataVersion()
        guard version != dataVersion else { return false }
        dataVersion = version
        return true
    }

    /// Opens the database again when another file stands at its path (a restore renamed one over it).
    private func reopenIfReplaced() -> Bool {
        guard let current = FileStamp(path: notifier.store.path),
            identity.map({ !current.isSameFile(as: $0) }) ?? true
        else { return false }
        do {
            notifier.replaceStore(
                try CacheStore.openForWriting(directory: PathExpansion.directory(of: notifier.store.path)))
            identity = current
            dataVersion = nil
            logger.info("the database was replaced: opened it again")
            return true
        } catch {
            logger.error("the database was replaced and cannot be opened again: \(error)")
            return false
        }
    }

    /// Buttons change the database (a snooze): the next look comes at once.
    private var acted = false

    private func handle(_ events: [ServerEvent]) {
        guard !events.isEmpty else { return }
        notifier.handle(events, now: clock.now)
        acted = true
    }

    private func tick() -> Date {
        ticks += 1
        let next = notifier.tick(now: clock.now)
        logger.debug("tick \(ticks): wake-ups \(wakeUps), next \(next)")
        return next
    }

    private func watchDirectory() {
        guard watch == nil else { return }
        watch = DirectoryWatch(directory: directory, database: (notifier.store.path as NSString).lastPathComponent)
    }
}
