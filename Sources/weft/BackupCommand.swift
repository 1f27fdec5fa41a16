import ArgumentParser
import Foundation
import WeftCommandLine
import WeftPrimitives
import WeftStore

#if canImport(Glibc)
    import Glibc
#endif

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write everything you entered or imported to one JSON file.",
        discussion: """
            The backup holds your own records: stored variables and counters with every setting (step, goal, \
            reset, limits), habits kept by hand (added, marked done or undone), imported step and activity \
            history with its sources, alarms and timers, and the notifications already fired (so a restored \
            notifier does not fire them again). Snapshots are not in it: `weft refresh` makes them again. `weft \
            restore` reads it back on this or another machine, merging it with what is there.

            Examples:
              weft backup ~/weft-backup.json
              weft backup | gzip > weft-$(date +%F).json.gz
            """)

    @Argument(help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var file: String?

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func run() throws {
        let store = try locations.workspace.openCache()
        let document = try store.backup(now: try clock.instant())
        guard let file, file != "-" else {
            FileHandle.standardOutput.write(document + Data("\n".utf8))
            return
        }
        // Written beside its final name and renamed, private to the user: a backup holds health data.
        let temporary = file + ".partial"
        func failure() -> CLIError {
            let reason = ErrorText.systemText(errno)
            unlink(temporary)
            return CLIError { catalog in
                catalog.text("cannot write {file}: {reason}", ["file": file, "reason": reason])
            }
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure() }
        let bytes = document + Data("\n".utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.write(descriptor, $0 + written, buffer.count - written) } ?? -1
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = failure()
                close(descriptor)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0, rename(temporary, file) == 0 else { throw failure() }
        Stderr.line("weft: " + ReaderLanguage.catalog.text("wrote {file}", ["file": file]))
    }
}
