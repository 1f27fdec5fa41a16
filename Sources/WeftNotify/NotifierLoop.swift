import CLiveProcess
import Foundation
import Logging
import WeftPrimitives
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
    private var watchDescriptor: Int32 = -1
    private var dataVersion: Int?
    /// The database file's device and inode when it was opened: another one there is a replaced database.
    private var identity: FileStamp?
    /// How many times the loop woke up.
    public private(set) var wakeUps = 0
    /// How many times it looked at the occasions again.
    public private(set) var ticks = 0

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

    deinit {
        if watchDescriptor >= 0 { close(watchDescriptor) }
    }

    /// Runs until `end` (forever when nil).
    public func run(until end: Date? = nil) {
        watch()
        identity = FileStamp(path: notifier.store.path)
        dataVersion = try? notifier.store.dataVersion()
        var next = tick()
        while end.map({ clock.now < $0 }) ?? true {
            var descriptors: [Int32] = []
            if watchDescriptor >= 0 { descriptors.append(watchDescriptor) }
            if let bus = notifier.delivery?.descriptor { descriptors.append(bus) }
            let deadline = end.map { min(next, $0) } ?? next
            let ready = clock.wait(until: deadline, descriptors: descriptors)
            wakeUps += 1
            if let delivery = notifier.delivery, let bus = delivery.descriptor, ready.contains(bus) {
                notifier.handle(delivery.events())
            }
            var due = clock.now >= next
            if watchDescriptor >= 0, ready.contains(watchDescriptor) {
                if weft_drain(watchDescriptor) != 0 {
                    close(watchDescriptor)
                    watchDescriptor = -1
                    watch()
                }
                if reopenIfReplaced() { due = true }
                // The notifier's own ledger writes wake the watch too; only another connection's commit changes
                // the data version.
                let version = try? notifier.store.dataVersion()
                if version != dataVersion {
                    dataVersion = version
                    due = true
                }
            }
            if due, end.map({ clock.now < $0 }) ?? true { next = tick() }
        }
    }

    /// Opens the database again when another file stands at its path (a restore renamed one over it).
    private func reopenIfReplaced() -> Bool {
        guard let current = FileStamp(path: notifier.store.path),
            identity.map({ !current.isSameFile(as: $0) }) ?? true
        else { return false }
        do {
            notifier.replaceStore(
                try CacheStore.openForWriting(directory: (notifier.store.path as NSString).deletingLastPathComponent))
            identity = current
            dataVersion = nil
            logger.info("the database was replaced: opened it again")
            return true
        } catch {
            logger.error("the database was replaced and cannot be opened again: \(error)")
            return false
        }
    }

    private func tick() -> Date {
        ticks += 1
        let next = notifier.tick(now: clock.now)
        logger.debug("tick \(ticks): wake-ups \(wakeUps), next \(next)")
        return next
    }

    private func watch() {
        guard watchDescriptor < 0 else { return }
        watchDescriptor = weft_watch_directory(directory)
    }
}
