import Foundation
import Testing
import WeftPrimitives

@Suite struct PathExpansionTests {
    @Test func tildeIsHomeFromTheEnvironmentNotThePasswdEntry() {
        let env = ["HOME": "/tmp/weft-home"]
        #expect(PathExpansion.expand("~", environment: env) == "/tmp/weft-home")
        #expect(PathExpansion.expand("~/exports/*.csv", environment: env) == "/tmp/weft-home/exports/*.csv")
        #expect(PathExpansion.expand("~/a", environment: ["HOME": "/h/"]) == "/h/a")
        #expect(PathExpansion.home(environment: env) == "/tmp/weft-home")
    }

    @Test func thePasswdHomeOnlyWhenHomeIsUnset() {
        let passwd = PathExpansion.home(environment: [:])
        #expect(passwd.hasPrefix("/"))
        #expect(PathExpansion.home(environment: ["HOME": ""]) == passwd)
        #expect(PathExpansion.expand("~/x", environment: [:]) == (passwd == "/" ? "/x" : passwd + "/x"))
    }

    @Test func otherUsersHomesComeFromTheirPasswdEntries() {
        #expect(PathExpansion.expand("~root/x", environment: ["HOME": "/h"]) == "/root/x")
        #expect(PathExpansion.expand("~no-such-user-weft/x", environment: ["HOME": "/h"]) == "~no-such-user-weft/x")
    }

    @Test func relativePathsAreRelativeToTheBase() {
        let env = ["HOME": "/h"]
        #expect(
            PathExpansion.expand("data/steps.csv", relativeTo: "/etc/weft/providers", environment: env)
                == "/etc/weft/providers/data/steps.csv")
        #expect(PathExpansion.expand("../x.ics", relativeTo: "/p/", environment: env) == "/p/../x.ics")
        #expect(PathExpansion.expand("/abs/file", relativeTo: "/p", environment: env) == "/abs/file")
        #expect(PathExpansion.expand("~/file", relativeTo: "/p", environment: env) == "/h/file")
        #expect(PathExpansion.expand("file", environment: env) == "file", "no base: left relative")
        #expect(PathExpansion.expand("file", relativeTo: "", environment: env) == "file")
        #expect(PathExpansion.expand("a~b", relativeTo: "/p", environment: env) == "/p/a~b")
        #expect(PathExpansion.expand("./to.sh", relativeTo: "/h/pv", environment: env) == "/h/pv/to.sh")
        #expect(PathExpansion.expand("x.csv", relativeTo: ".", environment: env) == "x.csv")
    }

    /// A path shown to a person has no `.` components or doubled slashes; `..` stays (a symbolic link may be on it).
    @Test func normalizedPaths() {
        #expect(PathExpansion.normalized("/h/pv/./to.sh") == "/h/pv/to.sh")
        #expect(PathExpansion.normalized("pv//a/./") == "pv/a/")
        #expect(PathExpansion.normalized("./.") == ".")
        #expect(PathExpansion.normalized("/") == "/")
        #expect(PathExpansion.normalized("/p/../x.ics") == "/p/../x.ics")
    }

    @Test func theDirectoryOfAFile() {
        #expect(PathExpansion.directory(of: "/etc/weft/providers/steps.toml") == "/etc/weft/providers")
        #expect(PathExpansion.directory(of: "providers/steps.toml") == "providers")
        #expect(PathExpansion.directory(of: "steps.toml") == ".")
        // The cases Foundation's deletingLastPathComponent traps on, and trailing or doubled slashes.
        #expect(PathExpansion.directory(of: "providers/") == ".")
        #expect(PathExpansion.directory(of: ".") == ".")
        #expect(PathExpansion.directory(of: "a/b/") == "a")
        #expect(PathExpansion.directory(of: "a//b") == "a")
        #expect(PathExpansion.directory(of: "/p") == "/")
        #expect(PathExpansion.directory(of: "/") == "/")
        #expect(PathExpansion.directory(of: "/steps.toml") == "/")
    }
}
