import ArgumentParser
import Foundation
import WeftCommandLine
import WeftPrimitives
import WeftRefresh
import WeftStore

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Merge a backup written by `weft backup` back into the database.",
        discussion: """
            What the backup has and the database lacks is added; an entry the database holds in an older state is \
            replaced (a replaced habit or history record goes to the trash, `weft forget --list-trash`); anything \
            newer here stays. Restoring the same file twice changes nothing the second time. The configured habits \
            and steps instances are then refreshed, so the variables show what came back.

            Examples:
              weft restore ~/weft-backup.json
              gunzip -c weft-2026-11-27.json.gz | weft restore -
            """)

    @Argument(help: ArgumentHelp("The backup file (- for standard input).", valueName: "file"))
    var file: String

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func run() async throws {
        let document: Data
        if file == "-" {
            // One byte over the limit is enough for the restore to refuse it as too large.
            document = (try? FileHandle.standardInput.read(upToCount: Backup.maximumSize + 1)) ?? Data()
        } else {
            do {
                document = try InputFile.read(file, limit: Backup.maximumSize)
            } catch {
                throw CLIError { [file] catalog in
                    catalog.text("cannot read {file}: {reason}", ["file": file, "reason": error.description])
                }
            }
        }
        let now = try clock.instant()
        let summary = try CacheWriter(cacheDirectory: locations.resolved.cacheDirectory).store.restore(
            document, file: file == "-" ? "standard input" : file, at: now)
        let catalog = ReaderLanguage.catalog
        var line = catalog.text(
            "restored {variables} and {records}",
            [
                "variables": catalog.plural("{count} variable", "{count} variables", count: summary.variables),
                "records": catalog.plural("{count} record", "{count} records", count: summary.records),
            ])
        if summary.notifications > 0 {
            line += catalog.plural(
                "; {count} notification already fired", "; {count} notifications already fired",
                count: summary.notifications)
        }
        if summary.unchanged > 0 {
            line += catalog.plural(
                "; {count} already up to date", "; {count} already up to date", count: summary.unchanged)
        }
        if summary.trashed > 0 {
            line += catalog.plural(
                "; {count} older here moved to the trash as \"restore\"",
                "; {count} older here moved to the trash as \"restore\"", count: summary.trashed)
        }
        Stderr.line("weft: " + line)
        let rebuilt = try await RecordViews.rebuild(locations: locations.resolved, zone: try clock.zone(), now: now)
        RecordViews.sayRefreshed(rebuilt, catalog)
    }
}
