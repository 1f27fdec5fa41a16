import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// One program to start, the one description every child of weft goes through (a command provider, a bar action, a
/// notification's command): an argv run without a shell, its environment and working directory, where its standard
/// streams go, and two rules for its lifetime.
///
/// - A new process group (the default) lets a timeout stop everything the program started, grandchildren included,
///   and keeps a parent's group signals (a bar hidden with SIGSTOP) off it.
/// - A parent-death signal (SIGKILL by default) ends the program when weft ends, even by `kill -9`. The kernel sends
///   it when the thread that started the program ends; both ways to run a launch start it on a thread that lives
///   until the program is reaped.
///
/// - A ``SpawnScope`` marks the program's environment, so what it starts is found again even outside its group
///   (`setsid`), and ended with the scope, or by the next weft when this one was killed outright.
///
/// Run it with `run(timeout:maxOutput:)` to capture what it prints (a scope of its own, ended with the run), or with
/// `startDetached(limit:scope:onEnd:)` to let it run on its own and be reaped when it ends.
public struct Launch: Sendable, Equatable {
    /// Where a standard stream of the program goes.
    public enum Stream: Sendable, Equatable {
        /// /dev/null.
        case null
        /// The same file as weft's own stream.
        case inherit
    }

    /// The program and its arguments. A program without a slash is looked up on the `PATH` of `environment` (through
    /// `Executables`); one with a slash is taken as it is, relative to `directory` when it is relative.
    public var argv: [String]
    /// The whole environment the program gets; nil keeps weft's own.
    public var environment: [String: String]?
    /// The working directory; nil keeps weft's own.
    public var directory: String?
    /// The program's standard input.
    public var stdin: Stream
    /// The program's standard output (a pipe when it is run to capture its output).
    public var stdout: Stream
    /// The program's standard error (a pipe when it is run to capture its output).
    public var stderr: Stream
    /// Whether the program leads a process group of its own (see the type's rules).
    public var newProcessGroup: Bool
    /// The signal the program gets when weft ends, or nil for none (see the type's rules).
    public var parentDeathSignal: Int32?

    /// A launch of `argv`; `adding` sets variables over `environment` (weft's own when nil), for a program that
    /// learns its input from the environment.
    public init(
        _ argv: [String], environment: [String: String]? = nil, adding extra: [String: String] = [:],
        directory: String? = nil, stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .inherit,
        newProcessGroup: Bool = true, parentDeathSignal: Int32? = SIGKILL
    ) {
        self.argv = argv
        if extra.isEmpty {
            self.environment = environment
        } else {
            self.environment = (environment ?? ProcessInfo.processInfo.environment).merging(extra) { _, new in new }
        }
        self.directory = directory
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.newProcessGroup = newProcessGroup
        self.parentDeathSignal = parentDeathSignal
    }

    /// The executable `exec` is given: a name found on the launch's `PATH`, or the path as written.
    func executable() throws(SpawnError) -> String {
        guard let program = argv.first, !program.isEmpty else { throw .emptyCommand }
        // A path is checked by exec itself, which reports what is wrong with it (missing, not executable).
        if program.contains("/") { return program }
        let environment = environment ?? ProcessInfo.processInfo.environment
        guard let found = Executables.find(program, environment: environment) else {
            throw .cannotStart(
                program: program, reason: "no such program on PATH (\(Executables.searchPath(environment)))")
        }
        return found
    }
}

/// How a program ended; its description reads after the program's name ("exited with status 3").
public enum Ending: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (not weft's timeout).
    case signalled(Int32)
    /// It ran past its time limit, and its process group was stopped.
    case timedOut
    /// It printed more than the output cap, and its process group was stopped.
    case outputTooLarge

    /// The text a user reads.
    public var description: String {
        switch self {
        case .exited(let status): return "exited with status \(status)"
        case .signalled(let signal): return "was killed by signal \(signal)"
        case .timedOut: return "ran past its time limit and was stopped"
        case .outputTooLarge: return "printed more than its output limit and was stopped"
        }
    }

    /// The ending a wait status describes.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// Why a program could not be started.
public enum SpawnError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The argv is empty or its program is an empty string.
    case emptyCommand
    /// The program could not be started; `reason` says why (not found on PATH, the system's error).
    case cannotStart(program: String, reason: String)

    /// The text a user reads.
    public var description: String {
        switch self {
        case .emptyCommand: return "the command is empty"
        case .cannotStart(let program, let reason): return "cannot run \(program): \(reason)"
        }
    }
}
