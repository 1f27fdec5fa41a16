import Testing
import WeftCore

/// A key inside an inline table or an array is placed on its own line, whatever the strings and comments around it.
@Suite struct NestedKeyLineTests {
    let config: ProviderConfig

    init() throws {
        config = try ProviderConfig(
            text: """
                type = "calendar"
                sources = [   # a comment with [brackets], {braces} and, commas
                  { name = "a, [b]", path = "x.ics" },
                  { "name" = 'c } d', url = "https://example.org/{e}.ics" },

                  { name = \"\"\"f\"\"\", path = "g" }, # trailing
                ]
                files = ["one", "two",
                  "three"]
                """, file: "/p/cal.toml")
    }

    @Test func elementsAndFieldsHaveTheirOwnLines() {
        #expect(config.line(of: "sources") == 2)
        #expect(config.line(of: "sources", element: 0) == 3)
        #expect(config.line(of: "sources", element: 1, field: "url") == 4)
        #expect(config.line(of: "sources", element: 1, field: "name") == 4)
        #expect(config.line(of: "sources", element: 2, field: "path") == 6)
        #expect(config.line(of: "files", element: 2) == 9)
    }

    @Test func whatIsNotThereFallsBackToTheParentsLine() {
        #expect(config.line(of: "sources", element: 7) == 2)
        #expect(config.line(of: "sources", element: 0, field: "url") == 3)
    }

    @Test func theErrorNamesTheElementAndItsLine() {
        let error = config.invalid("sources", element: 1, field: "url", "must be reachable")
        #expect(error.description == "/p/cal.toml:4: key \"sources[1].url\": must be reachable")
        #expect(error.line == 4)
    }

    @Test func theFingerprintIgnoresFormattingAndSeesValues() throws {
        let a = try ProviderConfig(text: "type = \"steps\"\ngoal_weekday = 8000\n", file: "s.toml")
        let b = try ProviderConfig(text: "# reformatted\ngoal_weekday=8000\ntype=\"steps\"\n", file: "s.toml")
        let c = try ProviderConfig(text: "type = \"steps\"\ngoal_weekday = 9000\n", file: "s.toml")
        #expect(a.fingerprint == b.fingerprint)
        #expect(a.fingerprint != c.fingerprint)
    }
}

@Suite struct ArrayElementTypeTests {
    @Test func aWrongElementIsNamedOnItsOwnLine() throws {
        let config = try ProviderConfig(text: "type = \"steps\"\nfiles = [\n  \"a.csv\",\n  3,\n]\n", file: "s.toml")
        #expect(
            throws: ConfigError.wrongType(
                file: "s.toml", line: 4, key: "files[1]", expected: "a string", found: "an integer")
        ) {
            _ = try config.stringArray("files")
        }
    }
}
