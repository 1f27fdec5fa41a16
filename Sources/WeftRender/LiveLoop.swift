import Foundation
import Logging
import WeftPrimitives
import WeftSpawn
import WeftStore
import WeftTemplate

#if canImport(Glibc)
    import Glibc
#endif

/// The one render loop behind `weft watch` and `weft bar`: the cache stays open, snapshots are read again only
/// after the cache changed, and variables are derived again only when a time boundary of the templates passes.
///
/// Between those moments the loop sleeps in one `poll` on inotify, the input, stdout and the signal pipe, with the
/// next boundary as its timeout, and wakes for nothing else. Writes to the database and its WAL are noticed through
/// inotify on the cache directory at once (readers and the directory's other files leave the loop asleep or wake it
/// for one `read`, never a query); where inotify is not available, a `stat` of the database and its WAL every
/// `interval` stands in, and SQLite's `PRAGMA data_version` on the kept connection is asked when those changed (a
/// commit always writes the WAL), or at least every few seconds in case a change fell within the file system's
/// time granularity. A cache replaced or deleted under the loop (another inode, or
/// none) is opened again; one that cannot be read is reported once and opened again when its files change.
/// The loop ends when stdout is closed (polled for `POLLHUP`/`POLLERR` while idle), on SIGTERM, SIGINT and SIGHUP,
/// and when the parent process dies: `run` then returns, so its caller can end what it started (a bar's actions).
/// A loop that does not get back to its wait within 10 s of the signal (a write nobody reads) is ended by SIGALRM, and
/// a second signal ends the process at once.
public final class LiveLoop {
    /// How the consumer's rendering went.
    public enum Outcome {
        /// Keep going.
        case proceed
        /// Stop the loop (the output is gone).
        case stop
    }

    private let builder: RenderSessionBuilder
    private let pinnedNow: Date?
    private let interval: Duration
    private let logger: Logger
    private let directory: String
    private let path: String
    /// The open cache's rows, kept between renders while its data version stays the same.
    private var reads: CacheReads?
    /// The `date:` formatters and parsed tokens of every render of this loop, built once each.
    private let caches = RenderCaches()
    private var identity: FileIdentity?
    /// The files' identity, size and times when the cache could not be read: it is tried again once they change.
    private var brokenStamp: [FileStamp?]?
    /// The files' stamp at the last periodic check: while it stays the same, the cache did not change.
    private var checkedStamp: [FileStamp?] = []
    /// When the periodic check last asked SQLite itself rather than trusting an unchanged stamp.
    private var lastFullCheck: ContinuousClock.Instant?
    /// inotify on the cache directory, while it can be watched.
    private var watch: DirectoryWatch?
    private var dirty = true
    /// The looks still due after the last write (``settleDelays``).
    private var settleLooks: [ContinuousClock.Instant] = []
    private var boundary: Date?
    private var lastProblem: String?
    /// How many times the cache was opened: once, unless it was replaced or broken (shown in debug logs).
    public private(set) var cacheOpens = 0
    /// How many times the templates were rendered.
    public private(set) var renders = 0
    /// How many times the loop woke up.
    public private(set) var wakeUps = 0
    /// How many times a wake-up asked whether the cache changed (shown in debug logs: readers must not cause any).
    private(set) var cacheChecks = 0
    /// The read end the signal handlers write to, while the loop owns the process.
    private var signals: Int32?

    /// Whether `run` ties the process to the loop (signals and the parent's death end it): a test runs the loop
    /// inside a process that must outlive it.
    private let ownsProcess: Bool

    /// Prepares a loop over the cache `builder` names, its sessions made by `builder`.
    public convenience init(
        builder: RenderSessionBuilder, interval: Duration, logger: Logger = Logger(label: "weft.live")
    ) {
        self.init(builder: builder, interval: interval, logger: logger, ownsProcess: true)
    }

    init(
        builder: RenderSessionBuilder, interval: Duration, logger: Logger = Logger(label: "weft.live"),
        ownsProcess: Bool
    ) {
        self.ownsProcess = ownsProcess
        self.builder = builder
        pinnedNow = builder.pinnedNow
        self.interval = interval
        self.logger = logger
        directory = builder.workspace.locations.cacheDirectory
        path = builder.workspace.locations.databasePath
    }

    /// Renders everything again at the next turn of the loop (after a click action, say).
    public func invalidate() { dirty = true }

    /// Runs until stdout closes, a signal ends the process, or `render` says stop.
    ///
    /// - Parameters:
    ///   - templates: every template the consumer renders, to know whether they read the time to the second.
    ///   - input: a descriptor to poll for reading (click events), or nil.
    ///   - onInput: called when `input` is readable; returns false at its end, after which it is no longer polled.
    ///   - onWake: called on every turn; returns the longest the loop may sleep (say, while an action runs).
    ///   - report: receives each new problem (the cache cannot be read), once, and nil when it went away.
    ///   - render: renders and writes everything from the session; throwing keeps the output as it was.
    public func run(
        templates: [String], input: Int32? = nil, onInput: () -> Bool = { true },
        onWake: () -> Duration? = { nil }, report: (String?) -> Void,
        render: (RenderSession) throws -> Outcome
    ) {
        if ownsProcess { signals = Self.endWithParentOrSignal() }
        let clock = ContinuousClock()
        let readsSeconds = RenderBoundary.readsSeconds(templates)
        var input = input
        var nextCheck = clock.now
        openCache(report: report)
        while true {
            let now = pinnedNow ?? Date()
            if dirty || boundary.map({ now >= $0 }) == true {
                dirty = false
                // Without a readable cache the output stays as it was; the problem was reported.
                boundary = nil
                if let session = makeSession(at: now) {
                    renders += 1
                    do {
                        if try render(session) == .stop { return }
                        if let error = session.resolver.cacheError { throw error }
                        say(nil, report)
                    } catch {
                        say("\(ErrorText.words(error))", report)
                    }
                    if pinnedNow == nil { boundary = session.nextBoundary(after: now, readsSeconds: readsSeconds) }
                    logger.debug(
                        "render \(renders): cache opens \(cacheOpens), data version \(reads?.version ?? -1), cache reads \(reads?.misses ?? 0), derivations \(reads?.derivations ?? 0), wake-ups \(wakeUps), cache checks \(cacheChecks), next boundary \(boundary.map { ISOInstant.format($0) } ?? "none")"
                    )
                }
            }
            var wait = nextCheck - clock.now
            if let look = settleLooks.first { wait = min(wait, look - clock.now) }
            if let boundary {
                wait = min(wait, .milliseconds(max(0, (boundary.timeIntervalSinceNow * 1000).rounded(.up) + 1)))
            }
            if let cap = onWake() { wait = min(wait, cap) }
            let events = waitForEvents(input: input, timeout: max(wait, .zero))
            wakeUps += 1
            if events.outputClosed || events.signalled { return }
            if events.cacheEvent, let drained = watch?.drain() {
                if drained.ended { watch = nil }
                // A write to another file of the directory (a lock, a marker) costs this read and nothing more.
                if drained.databaseTouched {
                    if cacheChanged(report: report) { dirty = true }
                    let written = clock.now
                    settleLooks = Self.settleDelays.map { written + $0 }
                }
            }
            if let look = settleLooks.first, clock.now >= look {
                settleLooks.removeAll { $0 <= clock.now }
                if cacheChanged(report: report) { dirty = true }
            }
            if events.inputReady, !onInput() { input = nil }
            if clock.now >= nextCheck {
                if periodicCheckFindsChange(clock: clock, report: report) { dirty = true }
                nextCheck = clock.now + checkPeriod
            }
        }
    }

    /// How often the cache is checked without a word from inotify. While inotify watches the directory it reports
    /// every write at once, so the loop does not wake up for the cache at all (only a few times after a write, to see
    /// its commit); without inotify it is every interval, and at least five times a second.
    private var checkPeriod: Duration {
        watch != nil ? Self.never : min(interval, .milliseconds(200))
    }

    /// When SQLite is asked again after the last write inotify reported, in case its commit was not visible yet
    /// (see ``DirectoryWatch/commitSettling``; a writer held up between its last WAL frame and the WAL index, on a
    /// loaded machine, takes longer): three looks, then the loop sleeps until the next write or boundary.
    private static let settleDelays: [Duration] = [DirectoryWatch.commitSettling, .seconds(1), .seconds(5)]

    /// A wait with no end of its own: `poll` then blocks until an event or the next boundary.
    private static let never: Duration = .seconds(86_400 * 365)

    /// The periodic check: a `stat` of the database and its WAL, and SQLite's answer only when they changed (or
    /// `fullCheckPeriod` passed), which keeps an idle tick down to system calls.
    private func periodicCheckFindsChange(clock: ContinuousClock, report: (String?) -> Void) -> Bool {
        let stamp = FileIdentity.stamp(path: path)
        let now = clock.now
        if stamp == checkedStamp, let lastFullCheck, now - lastFullCheck < Self.fullCheckPeriod { return false }
        checkedStamp = stamp
        lastFullCheck = now
        return cacheChanged(report: report)
    }

    /// The longest the periodic check trusts unchanged file stamps (a commit and a WAL restart within one tick of
    /// the file system's clock leave size and time as they were).
    private static let fullCheckPeriod: Duration = .seconds(5)

    private func say(_ problem: String?, _ report: (String?) -> Void) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        report(problem)
    }

    private func makeSession(at now: Date) -> RenderSession? {
        guard let reads else { return nil }
        // Without inotify a boundary may come before the periodic check noticed a write, so SQLite is asked at
        // every render; with it, every write woke the loop already, and a render that reads only what it kept takes
        // no lock and no `stat`.
        if watch == nil {
            do { try reads.revalidate() } catch { reads.forget() }
        }
        // The same session as `weft resolve`'s, `--max-output` included.
        return builder.session(over: reads, at: now, caches: caches)
    }

    // MARK: - The cache

    private func openCache(report: (String?) -> Void) {
        cacheOpens += 1
        identity = FileIdentity(path: path)
        brokenStamp = nil
        watchDirectory()
        do {
            let opened = CacheReads(try builder.workspace.openCache())
            try opened.revalidate()
            reads = opened
            logger.debug("opened the cache \(path) (open \(cacheOpens))")
        } catch {
            reads = nil
            brokenStamp = FileIdentity.stamp(path: path)
            say("\(ErrorText.words(error))", report)
        }
    }

    /// Whether the cache changed since it was last read; opens it again when its file was replaced or removed.
    private func cacheChanged(report: (String?) -> Void) -> Bool {
        cacheChecks += 1
        if watch == nil { watchDirectory() }
        if FileIdentity(path: path) != identity {
            logger.debug("the cache \(path) was replaced or removed: opening it again")
            openCache(report: report)
            return true
        }
        if let brokenStamp {
            guard FileIdentity.stamp(path: path) != brokenStamp else { return false }
            openCache(report: report)
            return true
        }
        guard let reads else { return false }
        do {
            return try reads.revalidate()
        } catch {
            brokenStamp = FileIdentity.stamp(path: path)
            say("\(ErrorText.words(error))", report)
            return true
        }
    }

    private func watchDirectory() {
        guard watch == nil else { return }
        watch = DirectoryWatch(directory: directory, database: (path as NSString).lastPathComponent)
    }

    // MARK: - Waiting

    private struct Events {
        var outputClosed = false
        var cacheEvent = false
        var inputReady = false
        var signalled = false
    }

    private func waitForEvents(input: Int32?, timeout: Duration) -> Events {
        // Stdout is polled for nothing but its end: POLLHUP/POLLERR come whatever `events` asks for.
        var fds = [pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)]
        if let watch { fds.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)) }
        if let input { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        if let signals { fds.append(pollfd(fd: signals, events: Int16(POLLIN), revents: 0)) }
        // Rounded up: a wait cut down to 0 ms would spin until the moment it waits for.
        // A wait as long as `never` (none of the loop's own) blocks without a timeout.
        let rounded = DurationText.milliseconds(timeout + .nanoseconds(999_999))
        let milliseconds = rounded >= Int64(Int32.max) ? -1 : Int32(clamping: rounded)
        var events = Events()
        let ready = fds.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
        }
        guard ready > 0 else { return events }
        let ending = Int16(POLLHUP) | Int16(POLLERR)
        events.outputClosed = fds[0].revents & ending != 0
        for entry in fds.dropFirst() where entry.revents != 0 {
            if entry.fd == watch?.descriptor { events.cacheEvent = true }
            // A closed input reads as readable (POLLHUP): onInput then meets its end.
            if entry.fd == input { events.inputReady = true }
            if entry.fd == signals { events.signalled = true }
        }
        return events
    }

    /// Ends the loop on SIGTERM, SIGINT and SIGHUP and when the parent dies (returns the descriptor to poll for
    /// them); a closed pipe shows up as EPIPE.
    private static func endWithParentOrSignal() -> Int32? {
        // The handler only writes to a pipe the loop polls, whichever thread the signal lands on; without the pipe,
        // the signal ends the process at once as before (output goes out with write(2), nothing is buffered).
        let stops = [SIGTERM, SIGINT, SIGHUP]
        let descriptor = ProcessLifetime.signalPipe(for: stops)
        if descriptor == nil { for stop in stops { signal(stop) { _ in _exit(0) } } }
        signal(SIGPIPE, SIG_IGN)
        // The parent may have died before the request was made: then nobody would send the signal.
        if !ProcessLifetime.endWithParent(signal: SIGTERM) { _exit(0) }
        return descriptor
    }
}

/// A file's device and inode, to notice it was replaced (renamed over) or removed.
private struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        guard let stamp = FileStamp(path: path) else { return nil }
        (device, inode) = (stamp.device, stamp.inode)
    }

    /// Identity, size and change time of the database and its WAL: any write changes one of them.
    static func stamp(path: String) -> [FileStamp?] { [FileStamp(path: path), FileStamp(path: path + "-wal")] }
}

/// An inotify descriptor (non-blocking, close-on-exec) on a directory, telling writes to one database from the
/// rest; closed exactly once, when the watch goes. The live loop's and the notifier's one way to hear that the
/// database changed.
///
/// Only writes are asked of the kernel: a reader (`weft get`) opens, `fchown`s (as root) and closes the database's
/// `-wal` and `-shm` without writing, so it queues no event and wakes nobody. A write to another file of the
/// directory (a lock, a run marker) still wakes the poll, but ``drain()`` says it is not the database's, so the
/// caller need not ask SQLite.
public final class DirectoryWatch {
    /// The descriptor to poll for reading.
    public let descriptor: Int32
    /// The database's file name and its WAL's, as inotify names them.
    private let database: [UInt8]
    private let log: [UInt8]

    /// What the pending events said.
    public struct Drained: Equatable {
        /// The directory's watch ended (it was deleted or moved): watch it again.
        public var ended = false
        /// The database or its WAL was written, or the database created, replaced or removed (or events were lost).
        public var databaseTouched = false
    }

    /// Watches `directory` for writes to `database` (a file name in it); nil when the directory cannot be watched
    /// (missing, or no inotify).
    public init?(directory: String, database: String) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        // No IN_CLOSE_WRITE or IN_ATTRIB: every reader closes the WAL it opened read-write, and root's readers
        // chown it; a commit always writes the WAL (or, without one, the database) first.
        let mask =
            UInt32(IN_MODIFY) | UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
            | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.database = Array(database.utf8)
        log = Array((database + "-wal").utf8)
    }

    deinit { close(descriptor) }

    /// How long after a write to look again when the data version had not changed yet: a writer's last WAL frame
    /// wakes the watch a moment before the commit is visible to readers (the WAL index in `-shm` is updated through
    /// shared memory, which inotify never reports), so a look at that moment alone would miss the commit for good.
    public static let commitSettling: Duration = .milliseconds(50)

    /// Reads every pending event and says whether the watch ended and whether the database was touched.
    public func drain() -> Drained {
        // An event is a header (wd, mask, cookie, name length) and the name, padded with NULs.
        let header = MemoryLayout<inotify_event>.size
        let ending = UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        let lost = UInt32(IN_Q_OVERFLOW)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var drained = Drained()
        while true {
            let got = read(descriptor, &buffer, buffer.count)
            guard got > 0 else { return drained }
            var at = 0
            while at + header <= got {
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self) }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self) })
                let nameStart = at + header
                let nameEnd = min(got, nameStart + length)
                let name = buffer[nameStart..<nameEnd].prefix { $0 != 0 }
                if mask & ending != 0 {
                    drained.ended = true
                    drained.databaseTouched = true
                } else if mask & lost != 0 || name.elementsEqual(database) {
                    drained.databaseTouched = true
                } else if name.elementsEqual(log), mask & UInt32(IN_MODIFY) != 0 {
                    // Created, deleted or renamed, the WAL says nothing about the data: a reader opening a database
                    // nobody holds creates it, and the last connection's close deletes it after a checkpoint.
                    drained.databaseTouched = true
                }
                at = nameStart + length
            }
        }
    }
}
