import Foundation
import Testing
import WeftCore
import WeftProviders
import WeftRender
import WeftTemplate
import WeftTestSupport

/// The manual pages `weft manual` writes: every key the code checks a file against is in its page, every key a page
/// lists is one the built binary accepts, and each page is roff that groff, mandoc and man read without a warning.
@Suite struct ManualPageTests {
    /// What a page lists: the tags of `.TP` entries (`.B "name"`) by the `.SS` (or `.SH`) they stand under, the
    /// entries of an `.RS` block under the tag before it as `tag.subtag`.
    struct Listing {
        var tags: [String: [String]] = [:]

        init(_ page: String) {
            var heading = ""
            var depth = 0
            var parent = ""
            var afterTP = false
            for line in page.split(separator: "\n").map(String.init) {
                let argument = Self.argument(line)
                if line.hasPrefix(".SH ") || line.hasPrefix(".SS ") {
                    heading = argument
                } else if line == ".RS" || line.hasPrefix(".RS ") {
                    depth += 1
                } else if line == ".RE" {
                    depth -= 1
                } else if line == ".TP" {
                    afterTP = true
                    continue
                } else if afterTP, line.hasPrefix(".B ") {
                    if depth == 0 {
                        parent = argument
                        tags[heading, default: []].append(argument)
                    } else {
                        tags[heading, default: []].append(parent + "." + argument)
                    }
                }
                afterTP = false
            }
        }

        /// The argument of a request, quotes and escapes undone.
        static func argument(_ line: String) -> String {
            guard let space = line.firstIndex(of: " ") else { return "" }
            var text = String(line[line.index(after: space)...])
            if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
                text = String(text.dropFirst().dropLast())
            }
            return text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(dq", with: "\"")
        }
    }

    static func page(_ name: String) async throws -> String {
        let result = await WeftProcess.weft(["manual", name])
        guard result.exitCode == 0 else { throw SandboxError("weft manual \(name): \(result)") }
        return result.stdout
    }

    /// The names of keys and of their tables' keys (`sources.url`).
    static func names(_ keys: [ConfigKey]) -> [String] {
        keys.flatMap { key in [key.name] + key.subkeys.map { key.name + "." + $0.name } }
    }

    @Test func providersPageListsEveryKeyOfEveryKindAndNothingElse() async throws {
        let listing = Listing(try await Self.page("weft-providers.5"))
        let registry = BuiltinProviders.registry
        for type in registry.types {
            let kind = try #require(registry.kind(type))
            #expect(!kind.summary.isEmpty, "\(type) has no summary")
            #expect(kind.fileKeys.contains { $0.name == "prefix" }, "\(type) lists no prefix")
            #expect(listing.tags[type] == Self.names(kind.fileKeys), "\(type)")
        }
        let sections = Set(listing.tags.keys).subtracting(["FILES"])
        #expect(sections == Set(registry.types))
    }

    /// The keys a message about an unknown key says are known (`…; this provider type knows: a, b`).
    static func known(in line: Substring?, after marker: String) -> Set<String>? {
        guard let line, let range = line.range(of: marker) else { return nil }
        return Set(line[range.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// A file of each type that sets every key its section lists: `weft check` finds no unknown key in any (values
    /// of the wrong type are other problems). A key nobody knows is refused with the keys the binary knows, and those
    /// are the page's: a key weft accepts and the page lacks fails here.
    @Test func everyKeyTheProvidersPageListsIsOneWeftCheckAccepts() async throws {
        let listing = Listing(try await Self.page("weft-providers.5"))
        let box = try Sandbox()
        let types = BuiltinProviders.registry.types
        for type in types {
            let tags = try #require(listing.tags[type])
            var lines = ["type = \"\(type)\""]
            var tables: [String: [String]] = [:]
            for tag in tags {
                let parts = tag.split(separator: ".").map(String.init)
                if parts.count == 2 { tables[parts[0], default: []].append(parts[1]) }
            }
            for tag in tags where !tag.contains(".") {
                if let subkeys = tables[tag] {
                    lines.append("\(tag) = [{ " + subkeys.map { "\($0) = \"x\"" }.joined(separator: ", ") + " }]")
                } else {
                    lines.append("\(tag) = \"x\"")
                }
            }
            try box.provider(type, lines.joined(separator: "\n") + "\n")
            try box.provider(type + "-control", "type = \"\(type)\"\nnot_a_key_of_weft = 1\n")
        }
        try box.provider(
            "sources-control", "type = \"calendar\"\nsources = [{ path = \"a.ics\", not_a_key_of_weft = 1 }]\n")
        let check = await box.weft("check")
        let lines = check.stdout.split(separator: "\n")
        let marker = "this provider type knows: "
        for type in types {
            let tags = try #require(listing.tags[type])
            let own = lines.filter { $0.contains("/\(type).toml:") }
            #expect(!own.contains { $0.contains("unknown key") }, "\(type): \(own)")
            // The file's other problems (a required key missing) are on lines of their own.
            let control = lines.first { $0.contains("/\(type)-control.toml:") && $0.contains("unknown key") }
            #expect(control?.contains("unknown key \"not_a_key_of_weft\"") == true, "\(type): \(check)")
            let known = Self.known(in: control, after: marker)
            #expect(
                known == Set(tags.filter { !$0.contains(".") } + ["type"]), "\(type): \(String(describing: control))")
        }
        let sources = lines.first { $0.contains("/sources-control.toml:") }
        let subkeys = (listing.tags["calendar"] ?? []).filter { $0.hasPrefix("sources.") }.map { $0.dropFirst(8) }
        #expect(Self.known(in: sources, after: marker) == Set(subkeys.map(String.init)), "\(check)")
    }

    @Test func barPageListsEveryBlockKeyAndWeftBarAcceptsEachOne() async throws {
        let listing = Listing(try await Self.page("weft-bar.5"))
        let tags = try #require(listing.tags["BLOCK KEYS"])
        #expect(tags == Self.names(BarFile.blockKeys))
        let box = try Sandbox()
        let file = box.path("bar.toml")
        let block = tags.map { "\($0) = \"x\"" }.joined(separator: "\n")
        try Data(("[[block]]\n" + block + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let check = await box.weft("bar", "--check", "--config", file)
        #expect(check.exitCode == 2, "\(check)")
        #expect(!check.stderr.contains("unknown key"), "\(check)")
        try Data(("[[block]]\n" + block + "\nnot_a_key_of_weft = 1\n").utf8).write(to: URL(fileURLWithPath: file))
        let control = await box.weft("bar", "--check", "--config", file)
        #expect(control.stderr.contains("not_a_key_of_weft: unknown key"), "\(control)")
        let line = control.stderr.split(separator: "\n").first { $0.contains("not_a_key_of_weft") }
        #expect(Self.known(in: line, after: "a block knows ") == Set(tags), "\(control)")
    }

    @Test func templatesPageListsEveryFilterAndEveryProviderPrefix() async throws {
        let listing = Listing(try await Self.page("weft-templates.7"))
        let filters = try #require(listing.tags["FILTERS"])
        let names = filters.map { String($0.prefix { $0 != "[" && $0 != ":" }) }
        #expect(names == FilterEntry.all.map(\.name))
        let box = try Sandbox()
        let all = await box.weft("check", "--template", "{{x|1||" + names.joined(separator: "|") + "}}")
        #expect(!all.stderr.contains("unknown filter") && !all.stdout.contains("unknown filter"), "\(all)")
        let control = await box.weft("check", "--template", "{{x|1||not_a_filter}}")
        #expect((control.stderr + control.stdout).contains("unknown filter `not_a_filter`"), "\(control)")
        // One entry for each prefix a provider type gives (the weather types share one), `command`'s made from
        // its file's name.
        let prefixes = try #require(listing.tags["VARIABLES"])
        let registry = BuiltinProviders.registry
        let expected = Set(
            registry.types.compactMap { registry.kind($0)?.defaultPrefix(instance: "<file name>") }.map { $0 + "*" })
        #expect(Set(prefixes) == expected)
        #expect(prefixes.count == expected.count)
        #expect(prefixes.contains("__<file name>_*") && prefixes.contains("__weather_*"), "\(prefixes)")
    }

    /// Each page read by groff with every warning on, by mandoc's linter, and shown by man as a reader sees it.
    @Test func pagesAreCleanRoffThatManShows() async throws {
        let box = try Sandbox()
        let folder = box.path("man")
        let written = await WeftProcess.weft(["manual", "--output-directory", folder])
        #expect(written.exitCode == 0, "\(written)")
        let pages = ["weft-providers.5", "weft-bar.5", "weft-templates.7"]
        for page in pages {
            let path = folder + "/" + page
            let groff = await WeftProcess.run(["groff", "-man", "-ww", "-z", path])
            #expect(groff.exitCode == 0 && groff.stderr.isEmpty, "groff \(page) (make deps installs it): \(groff)")
            let mandoc = await WeftProcess.run(["mandoc", "-T", "lint", "-W", "all", path])
            #expect(
                mandoc.exitCode == 0 && mandoc.stdout.isEmpty && mandoc.stderr.isEmpty,
                "mandoc \(page) (make deps installs it): \(mandoc)")
            let man = await WeftProcess.run(["man", "-l", path], environment: ["MANWIDTH": "80", "MANPAGER": "cat"])
            #expect(man.exitCode == 0 && man.stderr.isEmpty, "man -l \(page): \(man)")
            let title = page.uppercased().replacingOccurrences(of: ".", with: "(") + ")"
            #expect(man.stdout.contains(title), "\(page): \(man.stdout.prefix(300))")
            #expect(man.stdout.contains("SEE ALSO"), "\(page)")
        }
        let providers = try String(contentsOfFile: folder + "/weft-providers.5", encoding: .utf8)
        #expect(providers.contains(".SS \"open\\-meteo\""))
    }
}
