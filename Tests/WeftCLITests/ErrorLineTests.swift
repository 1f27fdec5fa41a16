import Foundation
import Testing

/// Every weft program ends on an error the same way (`ProgramEntry`): one `weft: error: …` line (the usage after a
/// mistake in the arguments), never ArgumentParser's bare `Error:`, and exit status 64 for a usage error, else 1.
@Suite struct ErrorLineTests {
    private static func firstLine(_ result: ProcessResult) -> String {
        String(result.stderr.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    @Test func aMistakeInTheArgumentsIsAnErrorLineWithTheUsage() async throws {
        let box = try Sandbox()
        for (arguments, said) in [
            (["bogus"], "weft: error: Unexpected argument 'bogus'"),
            (["habit", "done"], "weft: error: Missing expected argument '<name>'"),
            (["serve", "--port", "eighty"], "weft: error: The value 'eighty' is invalid for '--port <port>'"),
            (["notify", "--dry-run", "--missed"], "weft: error: give one of --dry-run or --missed"),
        ] {
            // The sandbox's locations after `bogus` would be the first mistake: the root command gets none.
            let run = await (arguments == ["bogus"] ? WeftProcess.weft(arguments) : box.weft(arguments: arguments))
            #expect(run.exitCode == 64, "\(arguments): \(run)")
            #expect(Self.firstLine(run) == said, "\(arguments): \(run)")
            #expect(run.stderr.contains("Usage: weft"), "\(arguments): \(run)")
            #expect(!run.stderr.contains("Error: "), "\(arguments): \(run)")
        }
    }

    @Test func aFailureIsOneErrorLineInEveryProgram() async throws {
        let box = try Sandbox()
        let calendar = await box.weft(arguments: ["calendar", "next"])
        #expect(calendar.exitCode == 1, "\(calendar)")
        #expect(Self.firstLine(calendar).hasPrefix("weft: error: no SOURCE given"), "\(calendar)")
        try box.write("notify.toml", "[alarms]\nenabled = maybe\n")
        let notify = await box.weft(arguments: ["notify", "--dry-run", "--now", "2026-01-14T18:00:00Z"])
        #expect(notify.exitCode != 0, "\(notify)")
        #expect(notify.stderr.hasPrefix("weft: "), "\(notify)")
        #expect(!notify.stderr.contains("Error: "), "\(notify)")
        let serve = await box.weft(arguments: ["serve", "--port", "0", "--bind", "192.0.2.1"])
        #expect(serve.exitCode == 1, "\(serve)")
        #expect(Self.firstLine(serve).hasPrefix("weft: error: "), "\(serve)")
    }

    /// A message quoting outside text (here an argument) reaches the terminal without its control characters.
    @Test func theErrorLineIsSanitized() async throws {
        let run = await WeftProcess.weft(["bogus\u{1B}]0;owned\u{07}"])
        #expect(run.exitCode == 64, "\(run)")
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{07}"), "\(run)")
    }
}
