import ArgumentParser
import Foundation
import Logging
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// How every weft program (`weft`, `weft-serve`, `weft-notify`) starts and ends, so the three speak alike: logs on
/// stderr at `WEFT_LOG`'s level through the one sanitizer, an unknown `TZ` said once, and an error that ends the
/// program as `weft: error: …`.
public enum ProgramEntry {
    /// Logs go to stderr through ``TerminalText`` (a provider's error may quote a file or a command's output);
    /// `WEFT_LOG=debug|info|warning|error` picks how much (default: error).
    public static func begin() {
        let level = getenv("WEFT_LOG").flatMap { Logger.Level(rawValue: String(cString: $0)) } ?? .error
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return SanitizingLogHandler(handler)
        }
    }

    /// Says an unknown `TZ` in `environment` once: it is UTC for every view of this run (``ZoneRule``), never an error
    /// that would blank a status bar. Called by the program that renders (`weft` hands `serve` and `notify` over
    /// first, so they say it themselves).
    public static func sayUnknownZone(in environment: [String: String]) {
        if let warning = ZoneRule.environmentWarning(environment) { Stderr.line("weft: warning: \(warning)") }
    }

    /// Parses this process's arguments as `root`'s command line and runs the command it names; an error ends the
    /// process as ``end(with:of:)`` says.
    public static func run(_ root: any ParsableCommand.Type) async {
        do {
            var command = try root.parseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            end(with: error, of: root)
        }
    }

    /// ``run(_:)`` from a synchronous `main`: a synchronous command runs on this thread, and only an async one starts
    /// Swift concurrency (this thread waits for it). A process that never starts it has no runtime thread of its own
    /// waking it up, which is what a long-running status loop needs.
    public static func runOnThisThread(_ root: any ParsableCommand.Type) {
        do {
            let command = try root.parseAsRoot(nil)
            if let asyncCommand = command as? AsyncParsableCommand {
                try AsyncRun(asyncCommand).wait()
            } else {
                var command = command
                try command.run()
            }
        } catch {
            end(with: error, of: root)
        }
    }

    /// Ends the process for `error` thrown by `command` (or while parsing its arguments): help and `--version` as
    /// ArgumentParser prints them; anything else as `weft: error: …` (weft's own errors in the reader's language,
    /// ``ReaderLanguage``; the usage after a mistake in the arguments), sanitized, with ArgumentParser's exit status
    /// (64 for a usage error, else 1 unless the error gives one).
    public static func end(with error: Error, of command: any ParsableCommand.Type) -> Never {
        // Help, --version and a command's own exit status (it said why already) end as ArgumentParser ends them;
        // help arrives wrapped in the parser's error, so it is known by its exit status.
        if error is ExitCode || command.exitCode(for: error) == .success { command.exit(withError: error) }
        // A library's error (Foundation, NIO, a decoder) that reached here unexplained is put into words, never shown
        // as its Swift type or enum case.
        if let words = ErrorText.library(error) {
            Stderr.line("weft: error: " + words)
            Foundation.exit(command.exitCode(for: error).rawValue)
        }
        // weft's own errors are said in the reader's language; `weft: error:` stays as it is, for scripts that look
        // for it.
        if let said = error as? any CatalogText {
            Stderr.line("weft: error: " + said.text(in: ReaderLanguage.catalog))
            Foundation.exit(command.exitCode(for: error).rawValue)
        }
        var text = command.fullMessage(for: error)
        let parserPrefix = "Error: "
        if text.hasPrefix(parserPrefix) { text.removeFirst(parserPrefix.count) }
        if !text.isEmpty { Stderr.line("weft: error: " + text) }
        Foundation.exit(command.exitCode(for: error).rawValue)
    }
}

/// Log lines through the one sanitizer (``TerminalText``): a provider's error may quote a file or a command's output.
struct SanitizingLogHandler: LogHandler {
    private var inner: StreamLogHandler

    init(_ inner: StreamLogHandler) { self.inner = inner }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(TerminalText.sanitized(event.message.description))"
        inner.log(event: event)
    }
}

/// One async command run to its end on Swift concurrency's executor while the calling thread waits.
private final class AsyncRun: @unchecked Sendable {
    // Unchecked: `command` and `error` are touched by the task alone until `done` is signalled, and by the waiting
    // thread alone after.
    private var command: any AsyncParsableCommand
    private var error: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    init(_ command: any AsyncParsableCommand) { self.command = command }

    func wait() throws {
        Task.detached {
            do { try await self.command.run() } catch { self.error = error }
            self.done.signal()
        }
        done.wait()
        if let error { throw error }
    }
}
