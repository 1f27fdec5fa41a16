import Foundation
import Testing

import WeftCommandLine
import WeftRender
import WeftTemplate

@testable import weft

@Suite struct QuickParseTests {
    @Test func takesTheRenderOptionsInBothSpellings() throws {
        let parsed = try #require(
            ReadOptions.quickParse([
                "--cache", "/c", "{{a}}", "--tz=Europe/Berlin", "--now", "2026-03-10T09:30:00Z", "-", "--locale=de_DE",
                "--vars", "v.json", "--providers=/p",
            ]))
        #expect(parsed.positionals == ["{{a}}", "-"])
        #expect(parsed.settings.cacheDirectory == "/c")
        #expect(parsed.settings.providersDirectory == "/p")
        #expect(parsed.settings.timeZone == "Europe/Berlin")
        #expect(parsed.settings.now == "2026-03-10T09:30:00Z")
        #expect(parsed.settings.locale == "de_DE")
        #expect(parsed.settings.varsFile == "v.json")
    }

    @Test(arguments: [["--help"], ["-h"], ["key", "--bogus", "x"], ["key", "--cache"], ["--format", "json"]])
    func leavesEverythingElseToTheFullParser(_ arguments: [String]) {
        #expect(ReadOptions.quickParse(arguments) == nil)
    }

    /// The hot path must mean what the full parser means: for every option `get` and `resolve` declare (as
    /// ArgumentParser itself describes them), in both spellings, quickParse takes exactly the render options
    /// (``ReadOptions``) and gives the settings ArgumentParser gives; anything else it leaves to the full parser.
    @Test(arguments: ["get", "resolve"])
    func agreesWithArgumentParserOnEveryOption(_ command: String) throws {
        let declared = try DeclaredOptions(command == "get" ? GetCommand._dumpHelp() : ResolveCommand._dumpHelp())
        // ArgumentParser adds its own --help to the group's description; help is never a render option.
        let renderOptions = Set(try DeclaredOptions(ReadOptions._dumpHelp()).options.flatMap(\.names))
            .subtracting(["-h", "--help"])
        #expect(renderOptions.isSuperset(of: ["--now", "--tz", "--locale", "--vars", "--max-output", "--cache"]))
        var spellings = [[String]()]
        for option in declared.options {
            for name in option.names {
                let value = Self.sampleValue(name, allowed: option.allowed)
                guard option.takesValue else {
                    spellings.append([name])
                    continue
                }
                spellings.append([name, value])
                if name.hasPrefix("--") { spellings.append([name + "=" + value]) }
            }
        }
        for spelling in spellings {
            let arguments = ["{{a}}"] + spelling
            let quick = ReadOptions.quickParse(arguments)
            let isRenderOption = spelling.first.map { renderOptions.contains(String($0.prefix { $0 != "=" })) } ?? true
            #expect((quick != nil) == isRenderOption, "quickParse \(quick == nil ? "refused" : "took") \(spelling)")
            guard let quick else { continue }
            let settings: RenderSettings
            let positionals: [String]
            if command == "get" {
                let full = try GetCommand.parse(arguments)
                (settings, positionals) = (full.options.settings, [full.key])
            } else {
                let full = try ResolveCommand.parse(arguments)
                (settings, positionals) = (full.options.settings, full.templates)
            }
            #expect(Self.effective(quick.settings) == Self.effective(settings), "\(spelling)")
            #expect(quick.positionals == positionals, "\(spelling)")
        }
    }

    /// The settings as a render uses them: no output limit is the renderer's default one.
    private static func effective(_ settings: RenderSettings) -> RenderSettings {
        var settings = settings
        settings.outputLimit = settings.outputLimit ?? TemplateRenderer.defaultOutputLimit
        return settings
    }

    /// A value each render option accepts (and that differs from its default); any other option gets one of its
    /// allowed values, or a word.
    private static func sampleValue(_ name: String, allowed: [String]) -> String {
        let samples = [
            "--now": "2026-03-10T09:30:00Z", "--tz": "Europe/Berlin", "--locale": "de_DE", "--vars": "v.json",
            "--max-output": "100", "--cache": "/c", "--providers": "/p",
        ]
        return samples[name] ?? allowed.last ?? "x"
    }
}

/// The options of a command or option group as ArgumentParser's `--experimental-dump-help` describes them.
private struct DeclaredOptions {
    struct Option {
        /// Every spelling, `--long` and `-s`.
        var names: [String]
        var takesValue: Bool
        var allowed: [String]
    }

    var options: [Option]

    init(_ json: String) throws {
        let dump = try JSONDecoder().decode(Dump.self, from: Data(json.utf8))
        options = (dump.command.arguments ?? []).filter { $0.kind != "positional" }.map { argument in
            Option(
                names: (argument.names ?? []).map { ($0.kind == "long" ? "--" : "-") + $0.name },
                takesValue: argument.kind == "option", allowed: argument.allValues ?? [])
        }
    }

    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var names: [Name]?
            var allValues: [String]?
        }
        var command: Command
    }
}

