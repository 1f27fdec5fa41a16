import ArgumentParser
import Foundation
import WeftCore

/// `weft manual`: the manual pages of weft's files and its template language, written from the tables the code
/// checks files against (`make man` runs it; `weft.1` comes from the command line's own help). Run from
/// ``Weft/main()`` before the subcommands are parsed, so neither `--help`, the completions nor weft.1 list it.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Print the manual page of the provider files, the bar file or the template language.",
        usage: "weft manual [<page>] [--output-directory <dir>]")

    @Argument(help: "weft-providers.5, weft-bar.5 or weft-templates.7; all three with --output-directory.")
    var page: String?

    @Option(help: ArgumentHelp("Write every page into this folder as NAME.SECTION.", valueName: "dir"))
    var outputDirectory: String?

    func run() throws {
        let pages = ManualPages.all
        if let outputDirectory {
            guard page == nil else { throw ValidationError("give a page or --output-directory, not both") }
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
            for (name, text) in pages {
                try Data(text.utf8).write(to: URL(fileURLWithPath: outputDirectory + "/" + name))
            }
            return
        }
        guard let page else { throw ValidationError("name a page: " + pages.map(\.name).joined(separator: ", ")) }
        guard let text = pages.first(where: { $0.name == page })?.text else {
            throw ValidationError(
                "no page \"\(page)\"; there are " + pages.map(\.name).joined(separator: ", "))
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
