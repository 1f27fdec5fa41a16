import Foundation
import Logging
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The click actions of `weft bar` while they run: each an argv spawned without a shell, with `WEFT_CACHE` and
/// `WEFT_PROVIDERS` set to the bar's directories, reaped without blocking the render loop.
public final class BarActions {
    private let environment: [String: String]
    private let executable: String?
    private let logger: Logger
    private var running: [pid_t: String] = [:]

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

    /// Starts `argv` for the block `name`; a program that cannot start is logged and reported as the error.
    public func start(_ argv: [String], block name: String) -> String? {
        guard var program = argv.first else { return nil }
        if program == "weft", let executable { program = executable }
        var arguments = argv
        arguments[0] = program
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The action must not write into the bar's protocol stream nor read its click events.
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        // The bar ignores SIGPIPE (a closed bar shows as EPIPE); an ignored signal would outlive exec, so the
        // action gets the default back.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, &attributes, cArguments, cEnvironment)
        guard status == 0 else {
            let problem = "block \"\(name)\": cannot start \(argv[0]): \(String(cString: strerror(status)))"
            logger.error("\(problem)")
            return problem
        }
        running[pid] = name
        logger.debug("block \"\(name)\": started \(argv.joined(separator: " ")) (pid \(pid))")
        return nil
    }

    /// The blocks whose actions ended since the last call.
    public func reap() -> [String] {
        var ended: [String] = []
        for (pid, name) in running {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) {
                running[pid] = nil
                ended.append(name)
            }
        }
        return ended
    }
}
