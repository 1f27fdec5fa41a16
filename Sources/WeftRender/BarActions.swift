import Foundation
import Logging
import Synchronization
import WeftPrimitives
import WeftSpawn

/// The click actions of `weft bar` while they run: each an argv started without a shell, with `WEFT_CACHE` and
/// `WEFT_PROVIDERS` set to the bar's directories, reaped without blocking the render loop.
public final class BarActions {
    private let environment: [String: String]
    private let executable: String
    private let logger: Logger
    private let ended = EndedActions()
    private var running = 0

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
    public var isBusy: Bool { running > 0 }

    /// Starts `argv` for the block `name`; a program that cannot start is logged and reported as the error.
    public func start(_ argv: [String], block name: String) -> String? {
        guard let program = argv.first else { return nil }
        var arguments = argv
        if program == "weft" { arguments[0] = executable }
        // Nothing on the bar's protocol stream, no click events read; in the bar's process group, and left running
        // when the bar ends (an action may open a window that should stay).
        let launch = Launch(
            arguments, environment: environment, stdin: .null, stdout: .null, stderr: .inherit,
            newProcessGroup: false, parentDeathSignal: nil)
        let ended = ended
        let logger = logger
        do throws(SpawnError) {
            let pid = try launch.startDetached { ending in
                logger.debug("block \"\(name)\": the action \(ending)")
                ended.add(name)
            }
            running += 1
            logger.debug("block \"\(name)\": started \(argv.joined(separator: " ")) (pid \(pid))")
            return nil
        } catch {
            let problem = "block \"\(name)\": \(error)"
            logger.error("\(problem)")
            return problem
        }
    }

    /// The blocks whose actions ended since the last call.
    public func reap() -> [String] {
        let names = ended.take()
        running -= names.count
        return names
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
