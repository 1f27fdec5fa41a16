import Foundation
import Testing
import WeftRender
import WeftTestSupport

/// `weft bar`'s click actions: started through the one spawner, seeing the bar's directories, reaped when they end.
@Suite struct BarActionsTests {
    @Test func anActionSeesTheBarsDirectoriesAndIsReapedWhenItEnds() throws {
        let home = try TemporaryHome("bar-actions")
        let actions = BarActions(
            environment: ProcessInfo.processInfo.environment, cacheDirectory: home.cache,
            providersDirectory: home.providers)
        defer { actions.endAll() }
        let seen = home.root + "/seen"
        let problem = actions.start(
            ["sh", "-c", #"printf '%s|%s' "$WEFT_CACHE" "$WEFT_PROVIDERS" > "$0""#, seen], block: "water")
        #expect(problem == nil)
        var ended: [String] = []
        #expect(
            Poll.blocking {
                ended += actions.reap()
                return !ended.isEmpty
            })
        #expect(ended == ["water"] && !actions.isBusy)
        #expect(try String(contentsOfFile: seen, encoding: .utf8) == home.cache + "|" + home.providers)
    }

    @Test func anActionThatCannotStartIsReportedByNameAndLeavesTheBarIdle() throws {
        let home = try TemporaryHome("bar-actions")
        let actions = BarActions(
            environment: ["PATH": "/usr/bin:/bin"], cacheDirectory: home.cache, providersDirectory: home.providers)
        defer { actions.endAll() }
        let problem = actions.start(["weft-no-such-action"], block: "water")
        #expect(
            problem == "block \"water\": cannot run weft-no-such-action: no such program on PATH (/usr/bin:/bin)")
        #expect(!actions.isBusy && actions.reap().isEmpty)
    }
}
