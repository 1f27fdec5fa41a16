import Foundation
import Testing
import WeftTestSupport

@testable import WeftCore

@Suite struct ProviderConfigTests {
    @Test func readsTypeAndTypedValues() throws {
        let config = try ProviderConfig(
            text: """
                type = "command"
                command = ["/bin/echo", "{}"]
                timeout = "1m30s"
                latitude = 52.52
                count = 3
                enabled = true
                """, file: "providers/uptime.toml")
        #expect(config.instance == "uptime")
        #expect(config.type == "command")
        #expect(try config.stringArray("command") == ["/bin/echo", "{}"])
        #expect(try config.duration("timeout") == .seconds(90))
        #expect(try config.double("latitude") == 52.52)
        #expect(try config.double("count") == 3)
        #expect(try config.integer("count") == 3)
        #expect(try config.bool("enabled") == true)
        #expect(try config.string("missing") == nil)
    }

    @Test func malformedTOMLNamesFileAndLine() {
        #expect {
            _ = try ProviderConfig(text: "type = \"command\"\ncommand = [\"a\",\n= broken\n", file: "p/x.toml")
        } throws: { error in
            guard case .malformedTOML(let file, let line, _, _) = error as? ConfigError else { return false }
            return file == "p/x.toml" && line >= 2 && "\(error)".hasPrefix("p/x.toml:\(line):")
        }
    }

    /// toml++ names its grammar rule ("Error while parsing key-value pair"); weft says where in the file's words.
    @Test(arguments: [
        ("type = \"a\"\ntype = \"b\"\n", "in a key = value line: cannot redefine existing string 'type'"),
        ("x = [1\ny = 2\n", "in a list [ … ]: expected comma or closing ']', saw 'y'"),
        ("x = [}\n", "in a value: could not determine value type"),
    ])
    func parserMessagesAreSaidInTheFilesWords(_ text: String, _ words: String) {
        do {
            _ = try TOMLText(text, file: "a.toml")
            Issue.record("\(text) parsed")
        } catch {
            guard case .malformedTOML(_, _, _, let message) = error as ConfigError else {
                Issue.record("\(error)")
                return
            }
            #expect(message == words)
        }
    }

    @Test func missingTypeIsExplained() {
        #expect(
            throws: ConfigError.missingKey(
                file: "a.toml", key: "type", expected: "the provider type, e.g. type = \"command\"")
        ) {
            _ = try ProviderConfig(text: "name = 1\n", file: "a.toml")
        }
    }

    @Test func wrongTypeNamesKeyAndLine() throws {
        let config = try ProviderConfig(text: "type = \"command\"\n\ncommand = \"not an array\"\n", file: "c.toml")
        #expect {
            _ = try config.stringArray("command")
        } throws: { error in
            "\(error)" == "c.toml:3: key \"command\" must be an array of strings, found a string"
        }
    }

    @Test func unknownKeyIsCaughtWithItsLine() throws {
        let config = try ProviderConfig(text: "type = \"command\"\ncomand = [\"x\"]\n", file: "c.toml")
        #expect {
            try config.checkKnownKeys([ConfigKey("command", .strings, "The program.")])
        } throws: { error in
            "\(error)".hasPrefix("c.toml:2: unknown key \"comand\"") && "\(error)".contains("command")
        }
    }

    @Test func badDurationIsExplained() throws {
        let config = try ProviderConfig(text: "type = \"x\"\ntimeout = \"soon\"\n", file: "d.toml")
        #expect {
            _ = try config.duration("timeout")
        } throws: { error in
            "\(error)".hasPrefix("d.toml:2: key \"timeout\": \"soon\" is not a duration")
        }
    }

    @Test(arguments: ["bad name.toml", "x.txt", ".toml"])
    func instanceNamesMustBeSimple(_ file: String) {
        #expect(throws: ConfigError.badInstanceName(file: file)) {
            _ = try ProviderConfig(text: "type = \"command\"\n", file: file)
        }
    }

    @Test func registryRejectsUnknownTypeListingKnownOnes() throws {
        let config = try ProviderConfig(text: "\ntype = \"wether\"\n", file: "w.toml")
        let registry = ProviderRegistry([])
        #expect {
            _ = try registry.make(config)
        } throws: { error in
            "\(error)" == "w.toml:2: unknown provider type \"wether\"; known types: "
        }
    }

    @Test func directoryReadsTomlFilesSortedAndSelects() throws {
        let home = try TemporaryHome("core")
        let dir = home.root
        try "type = \"b\"\n".write(toFile: dir + "/b.toml", atomically: true, encoding: .utf8)
        try "type = \"a\"\n".write(toFile: dir + "/a.toml", atomically: true, encoding: .utf8)
        try "ignored".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        let directory = try ProviderDirectory(path: dir)
        #expect(directory.configs.map(\.instance) == ["a", "b"])
        #expect(try directory.select(["b"]).map(\.type) == ["b"])
        #expect(throws: ConfigError.noSuchInstance("c", directory: dir)) { _ = try directory.select(["c"]) }
        #expect(try ProviderDirectory(path: dir + "/missing").configs.isEmpty)
    }
}
