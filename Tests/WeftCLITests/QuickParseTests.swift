import Testing

import WeftCommandLine

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
}
