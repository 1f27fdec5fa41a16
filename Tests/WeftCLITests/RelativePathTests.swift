import Foundation
import Testing

/// Locations given as bare relative names (`--providers providers`, `--cache cache`, `--providers p/`), as a user in
/// their weft folder types them: every command that takes a path's parent works (`weft check` crashed with a
/// trap in Foundation's path code).
@Suite struct RelativePathTests {
    @Test(arguments: [["providers", "cache"], ["providers/", "cache/"], [".", "cache"]])
    func everyCommandTakesRelativeLocations(_ locations: [String]) async throws {
        let box = try Sandbox()
        try box.provider("mood", "type = \"command\"\ncommand = [\"/bin/echo\", \"{\\\"feel\\\": \\\"ok\\\"}\"]\n")
        let flags = ["--providers", locations[0], "--cache", locations[1]]
        for arguments in [
            ["check"], ["refresh"], ["resolve", "{{__mood_feel|none}}"], ["status"],
            ["notify", "--dry-run", "--now", "2026-01-14T18:00:00Z"],
        ] {
            let command = ([WeftProcess.binary] + arguments + flags).map { "'\($0)'" }.joined(separator: " ")
            let run = await WeftProcess.run(["/bin/sh", "-c", "cd '\(box.providers)/..' && exec \(command)"])
            #expect(run.signal == nil && run.exitCode != nil, "\(arguments) \(locations): \(run)")
            #expect(!run.stderr.contains("crashed"), "\(arguments) \(locations): \(run)")
        }
    }
}
