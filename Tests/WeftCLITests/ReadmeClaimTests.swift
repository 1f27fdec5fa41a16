import Foundation
import Testing
import WeftTestSupport

/// README claims that are not a console example (a status class, a JSON shape, a refusal), each tested under the
/// name of its README section. `/board`'s 304 is DashboardTests'.
@Suite("README claims")
struct ReadmeClaimTests {
    /// A sandbox with one command provider `up` that refreshed at 09:00 and failed at 09:10 (its file prints `bad`).
    static func failedProvider() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("up", "type = \"command\"\ncommand = [\"cat\", \"value.json\"]\ninterval = \"1h\"\n")
        try box.write("providers/value.json", #"{"load": 1}"#)
        let good = await box.weft("refresh", "--now", "2026-03-10T09:00:00Z")
        #expect(good.exitCode == 0, "\(good)")
        try box.write("providers/value.json", "bad")
        let bad = await box.weft("refresh", "--force", "--now", "2026-03-10T09:10:00Z")
        #expect(bad.exitCode == 1, "\(bad)")
        return box
    }

    /// "Status-bar formats" and the Health table: a failed provider the template reads gives Waybar's `class` the
    /// `error` class (not `stale` while its data is still valid), i3bar's `urgent`, and JSON's `errors`.
    @Test func statusBarFormatsAFailedProviderIsTheErrorClass() async throws {
        let box = try await Self.failedProvider()
        let at = ["--now", "2026-03-10T09:11:00Z", "--tz", "UTC"]
        let waybar = await box.weft(arguments: ["resolve", "--format", "waybar", "{{__up_load}}"] + at)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any], "\(waybar)")
        #expect(object["class"] as? [String] == ["error"], "\(waybar)")
        #expect(object["text"] as? String == "1", "the last good value stays: \(waybar)")
        let i3bar = await box.weft(arguments: ["resolve", "--format", "i3bar", "{{__up_load}}"] + at)
        #expect(i3bar.stdout.contains(#""urgent":true"#), "\(i3bar)")
        let json = await box.weft(arguments: ["resolve", "--format", "json", "{{__up_load}}"] + at)
        #expect(json.stdout.contains(#""errors":{"up":"#), "\(json)")
        // Unread, it changes nothing.
        let other = await box.weft(arguments: ["resolve", "--format", "waybar", "{{__time}}"] + at)
        #expect(other.stdout.contains(#""class":[]"#), "\(other)")
    }

    /// "Over HTTP": `GET /v1/status` is `{"providers": […]}` holding what `weft status --json` prints.
    @Test func overHTTPStatusIsWhatWeftStatusJSONPrints() async throws {
        let box = try await Self.failedProvider()
        // The zone is the one the refresh ran in (a different one makes the provider due now, in both views).
        let at = ["--now", "2026-03-10T09:11:00Z"]
        let printed = await box.weft(arguments: ["status", "--json"] + at)
        let cli = try #require(
            try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? NSArray, "\(printed)")
        let server = try await ServeTests.Server(box, at)
        defer {
            server.child.send(SIGTERM)
            _ = server.child.ending(within: .seconds(15))
        }
        let answer = try ServeTests.object(await server.request("/v1/status"))
        let served = try #require(answer["providers"] as? NSArray, "\(answer)")
        #expect(served == cli, "served: \(served)\nprinted: \(cli)")
        #expect(cli.count == 1 && (cli.firstObject as? [String: Any])?["next_due"] != nil, "\(cli)")
    }

    /// "Configuration": a cache folder that others may write to (a shared folder) is refused, with the fix, and
    /// nothing is written in it.
    @Test(arguments: [0o775, 0o777, 0o1777])
    func configurationASharedCacheFolderIsRefused(_ mode: Int) async throws {
        let box = try Sandbox()
        let shared = box.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: shared)
        let run = await WeftProcess.weft(["var", "set", "x", "1", "--cache", shared, "--providers", box.providers])
        #expect(run.exitCode == 1, "\(run)")
        #expect(run.stderr.contains("refusing the cache \(shared): others may write to it"), "\(run)")
        #expect(run.stderr.contains("chmod 700 \(shared)"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
    }
}
