import ArgumentParser
import Foundation
import WeftCommandLine
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
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: document + Data("\n".utf8),
                attributes: [.posixPermissions: 0o600])
        else { throw CLIError { catalog in catalog.text("cannot write {file}", ["file": file]) } }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError { catalog in catalog.text("cannot write {file}: {reason}", ["file": file, "reason": reason])
            }
        }
        Stderr.line("weft: wrote \(file)")
    }
}
