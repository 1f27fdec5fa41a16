import ArgumentParser
import Foundation
import WeftCommandLine
import WeftRefresh
import WeftStore

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Merge a backup written by `weft backup` back into the database.",
        discussion: """
            What the backup has and the database lacks is added; an entry the database holds in an older state is \
            replaced (a replaced habit or history record goes to the trash, `weft forget --list-trash`); anything \
            newer here stays. Restoring the same file twice changes nothing the second time. Then \
            `weft refresh --force` shows the restored habits and history in the variables.

            Examples:
              weft restore ~/weft-backup.json && weft refresh --force
              gunzip -c weft-2026-11-27.json.gz | weft restore -
            """)

    @Argument(help: ArgumentHelp("The backup file (- for standard input).", valueName: "file"))
    var file: String

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func run() throws {
        let document: Data
        if file == "-" {
            document = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CLIError("cannot read \(file)")
            }
            document = data
        }
        let writer = try CacheWriter(cacheDirectory: locations.resolved.cacheDirectory)
        let summary = try writer.store.restore(document, file: file == "-" ? "standard input" : file, at: try clock.instant())
        var line = "weft: restored \(summary.variables) variable\(summary.variables == 1 ? "" : "s") and "
        line += "\(summary.records) record\(summary.records == 1 ? "" : "s")"
        if summary.unchanged > 0 { line += "; \(summary.unchanged) already up to date" }
        if summary.trashed > 0 { line += "; \(summary.trashed) older here moved to the trash as \"restore\"" }
        Stderr.line(line)
    }
}
