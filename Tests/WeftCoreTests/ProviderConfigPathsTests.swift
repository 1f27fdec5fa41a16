import Foundation
import Testing
import WeftCore

@Suite struct ProviderConfigPathsTests {
    func config(_ file: String) throws -> ProviderConfig {
        try ProviderConfig(text: "type = \"steps\"\n", file: file)
    }

    @Test func pathsInAProviderFileAreRelativeToItsDirectory() throws {
        let env = ["HOME": "/home/someone"]
        let absolute = try config("/etc/weft/providers/steps.toml")
        #expect(absolute.path("data/steps.csv", environment: env) == "/etc/weft/providers/data/steps.csv")
        #expect(absolute.path("~/exports/*.csv", environment: env) == "/home/someone/exports/*.csv")
        #expect(absolute.path("/srv/x.ics", environment: env) == "/srv/x.ics")
        let relative = try config("providers/steps.toml")
        #expect(relative.path("data.csv", environment: env) == "providers/data.csv")
        #expect(try config("steps.toml").path("data.csv", environment: env) == "data.csv", "no ./ shown")
    }
}
