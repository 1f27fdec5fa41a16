import Foundation
import Testing

/// `weft schedule` checks the environment the timer will have (issue 25, point 11): the timer starts weft with HOME
/// and a short PATH, so a secret read from the shell's environment or a program found only on the shell's PATH
/// fails on every run; schedule says so, with the fix.
@Suite("schedule checks the timer's environment")
struct ScheduleCheckTests {
    static let pirate = """
        type = "pirate-weather"
        name = "NYC"
        latitude = 40.7
        longitude = -74
        api_key_env = "WEFT_TEST_PIRATE_KEY"
        """

    /// A provider whose key comes from `api_key_env`: `weft check` passes in the shell that has the variable, and
    /// `weft schedule` warns that the timer will not have it, offering `api_key_file` and an `Environment=` line,
    /// without ever printing the secret.
    @Test func aSecretFromTheShellsEnvironmentIsFlaggedWithItsFix() async throws {
        let box = try Sandbox()
        try box.provider("nyc", Self.pirate)
        let shell = ["HOME": box.root, "WEFT_TEST_PIRATE_KEY": "s3cr3t-key-value"]
        let check = await box.weft("check", environment: shell)
        #expect(check.exitCode == 0, "the shell has the key: \(check)")

        let units = await box.weft("schedule", "--systemd", environment: shell)
        #expect(units.exitCode == 0, "\(units)")
        #expect(units.stdout.contains("ExecStart="), "the units are still printed: \(units)")
        #expect(units.stderr.contains("PATH=/usr/local/bin:/usr/bin:/bin"), "\(units)")
        #expect(
            units.stderr.contains(
                "nyc.toml:5: key \"api_key_env\": the environment variable WEFT_TEST_PIRATE_KEY is not set or empty"),
            "\(units)")
        #expect(units.stderr.contains("api_key_file = \"~/.config/weft/weft_test_pirate_key\""), "\(units)")
        #expect(units.stderr.contains("Environment=WEFT_TEST_PIRATE_KEY="), "\(units)")
        #expect(!units.stdout.contains("s3cr3t") && !units.stderr.contains("s3cr3t"), "the secret is never printed")

        let cron = await box.weft("schedule", "--cron", environment: shell)
        #expect(cron.exitCode == 0 && cron.stderr.contains("PATH=/usr/bin:/bin"), "\(cron)")
        #expect(cron.stderr.contains("put this line above the schedule  WEFT_TEST_PIRATE_KEY=…"), "\(cron)")

        // With the key in a file, nothing is left to say.
        try box.write("nyc.key", "s3cr3t-key-value\n")
        try box.provider(
            "nyc",
            Self.pirate.replacingOccurrences(
                of: "api_key_env = \"WEFT_TEST_PIRATE_KEY\"", with: "api_key_file = \"\(box.path("nyc.key"))\""))
        let fixed = await box.weft("schedule", "--systemd", environment: shell)
        #expect(fixed.exitCode == 0 && fixed.stderr.isEmpty, "\(fixed)")
    }

    /// A command provider whose program is found only through a folder on the shell's PATH: schedule names the
    /// program's absolute path and the `Environment=PATH=…` (systemd) or `PATH=…` (cron) line that would find it.
    @Test func aProgramOnlyOnTheShellsPathIsFlaggedWithItsFix() async throws {
        let box = try Sandbox()
        try box.writeProgram("tools/uptime-json", "#!/bin/sh\necho '{\"load\": 1}'\n")
        try box.provider("up", "type = \"command\"\ncommand = [\"uptime-json\", \"--short\"]\n")
        let path = box.path("tools") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let shell = ["HOME": box.root, "PATH": path]
        #expect(await box.weft("check", environment: shell).exitCode == 0)

        let units = await box.weft("schedule", "--systemd", environment: shell)
        #expect(units.exitCode == 0, "\(units)")
        #expect(
            units.stderr.contains("up.toml:2: key \"command\": no program \"uptime-json\" on PATH"), "\(units)")
        #expect(units.stderr.contains("command = [\"\(box.path("tools/uptime-json"))\", …]"), "\(units)")
        #expect(
            units.stderr.contains("Environment=PATH=\(box.path("tools")):/usr/local/bin:/usr/bin:/bin"), "\(units)")

        let cron = await box.weft("schedule", "--cron", environment: shell)
        #expect(cron.stderr.contains("  PATH=\(box.path("tools")):/usr/bin:/bin"), "\(cron)")
    }

    /// Providers that need nothing from the shell get no warning; one broken everywhere is left to `weft check`.
    @Test func nothingToSayForProvidersThatWorkUnderTheTimer() async throws {
        let box = try Sandbox()
        try box.provider("up", shellProvider("echo '{\"a\": 1}'"))
        let clean = await box.weft("schedule", "--systemd", environment: ["HOME": box.root])
        #expect(clean.exitCode == 0 && clean.stderr.isEmpty, "\(clean)")
        try box.provider("bad", "type = \"command\"\ncommand = [\"no-such-program-anywhere\"]\n")
        let broken = await box.weft("schedule", "--systemd", environment: ["HOME": box.root])
        #expect(broken.exitCode == 0, "\(broken)")
        #expect(!broken.stderr.contains("will fail there"), "\(broken)")
        #expect(broken.stderr.contains("1 problem in the provider files fails in this shell too"), "\(broken)")
    }
}
