import Foundation
import Logging
import Synchronization
import WeftPrimitives
import WeftSpawn

/// The click actions of `weft bar` while they run: each an argv started without a shell, with `WEFT_CACHE` and
/// `WEFT_PROVIDERS` set to the bar's directories, reaped without blocking the render loop.
///
/// A block runs at most one action at a time: clicks on a block whose action still runs are coalesced into one,
/// the last, which starts when the running one ends (a burst of scroll events starts two actions, not thousands).
/// Every action is marked as one of the bar's ``SpawnScope``, in
/// a process group of its own with a parent-death signal, so `endAll()` (the bar's end) stops the running ones and
/// whatever any action left running, and a bar killed outright leaves them to the next weft that opens a scope.
public final class BarActions {
    private let environment: [String: String]
    private let executable: String
    private let logger: Logger
    private let ended = EndedActions()
    private let scope = SpawnScope()
    /// The running action of each block that has one.
    private var running: [String: RunningProgram] = [:]
    /// The last click on a block while its action ran, with its environment: started when that action ends.
    private var queued: [String: (argv: [String], click: [String: String])] = [:]

    /// Actions that see `cacheDirectory` and `providersDirectory`; `weft` as a program is this very binary.
    public init(
        environment: [String: String], cacheDirectory: String, providersDirectory: String,
        logger: Logger = Logger(label: "weft.bar")
    ) {
        var environment = environment
        environment["WEFT_CACHE"] = cacheDirectory
        environment["WEFT_PROVIDERS"] = providersDirectory
        self.environment = environment
        executable = Executables.current()
        self.logger = logger
    }

    /// Whether an action is still running.
    public var isBusy: Bool { !running.isEmpty }

    /// Starts `argv` for the block `name` (a block's name and instance), with `click` added to its environment (the
    /// click's variables), or, while that block's action still runs, keeps it to start when that one ends (in place
    /// of any click kept before); a program that cannot start is logged and reported as the error.
    public func start(_ argv: [String], block name: String, click: [String: String] = [:]) -> String? {
        guard let program = argv.first else { return nil }
        if running[name] != nil {
            logger.debug("block \"\(name)\": its action still runs, the click waits for it (earlier waiting ones go)")
            queued[name] = (argv, click)
            return nil
        }
        let environment = environment.merging(click) { _, clicked in clicked }
        var arguments = argv
        if program == "weft" { arguments[0] = executable }
        // Nothing on the bar's protocol stream, no click events read; a group of its own, so the bar's end can stop
        // all of it, and ended by the kernel with the bar even when the bar is killed outright.
        let launch = Launch(arguments, environment: environment, stdin: .null, stdout: .null, stderr: .inherit)
        let ended = ended
        let logger = logger
        do throws(SpawnError) {
            let program = try launch.startDetached(scope: scope) { ending in
                logger.debug("block \"\(name)\": the action \(ending)")
                ended.add(name)
            }
            running[name] = program
            logger.debug("block \"\(name)\": started \(argv.joined(separator: " ")) (pid \(program.pid))")
            return nil
        } catch {
            let problem = "block \"\(name)\": \(error)"
            logger.error("\(problem)")
            return problem
        }
    }

    /// The blocks whose actions ended since the last call; a click kept for such a block starts now.
    public func reap() -> [String] {
        let names = ended.take()
        for name in names {
            running[name] = nil
            if let waiting = queued.removeValue(forKey: name) {
                _ = start(waiting.argv, block: name, click: waiting.click)
            }
        }
        return names
    }

    /// Stops every running action with its group, and kills whatever any action of the bar left running: the bar
    /// calls it when it ends.
    public func endAll() {
        queued = [:]
        for program in running.values { program.stop() }
        scope.end()
    }
}

/// The blocks whose actions ended, handed from the threads that reap them to the render loop.
private final class EndedActions: Sendable {
    private let names = Mutex<[String]>([])

    func add(_ name: String) { names.withLock { $0.append(name) } }

    func take() -> [String] {
        names.withLock { names in
            defer { names = [] }
            return names
        }
    }
}
