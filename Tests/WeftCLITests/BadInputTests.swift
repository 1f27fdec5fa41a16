import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Broken provider files and misbehaving commands: a clear message, exit 1 or 2, and the last good snapshot kept.
@Suite("bad input keeps the last good snapshot")
struct BadInputTests {
    /// Refreshes a good `demo` provider so there is a snapshot to keep (`__demo_temp` = 21).
    static func goodSnapshot() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21, "city": "Berlin"}'"#, extra: #"timeout = "5s""#))
        let first = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr.contains("demo: ok"), "\(first)")
        let value = await box.weft("get", "__demo_temp")
        #expect(value.exitCode == 0 && value.stdout == "21\n", "\(value)")
        return box
    }

    /// The old value is still served, and the built-in bookkeeping of the snapshot is intact.
    static func expectOldSnapshot(_ box: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) async {
        let temp = await box.weft("get", "__demo_temp")
        #expect(temp.exitCode == 0, "\(temp)", sourceLocation: sourceLocation)
        #expect(temp.stdout == "21\n", "\(temp)", sourceLocation: sourceLocation)
        let both = await box.weft(arguments: ["resolve", "{{__demo_city}} {{__demo_temp}}"] + Fixed.clock)
        #expect(both.stdout == "Berlin 21\n", "\(both)", sourceLocation: sourceLocation)
    }

    /// After a failed run: status shows the error, `__demo_error` prints it, the old value survives.
    static func expectRecordedFailure(
        _ box: Sandbox, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.exitCode == 0, "\(status)", sourceLocation: sourceLocation)
        #expect(status.stdout.contains("demo (command): updated 10:30"), "\(status)", sourceLocation: sourceLocation)
        #expect(status.stdout.contains("last error: "), "\(status)", sourceLocation: sourceLocation)
        #expect(status.stdout.contains(fragment), "\(status)", sourceLocation: sourceLocation)

        let json = await box.weft(arguments: ["status", "--json"] + Fixed.clock)
        let entries = (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) as? [[String: Any]]
        let lastError = entries?.first?["last_error"] as? String
        #expect(lastError?.contains(fragment) == true, "\(json)", sourceLocation: sourceLocation)

        let error = await box.weft("get", "__demo_error")
        #expect(error.exitCode == 0, "\(error)", sourceLocation: sourceLocation)
        #expect(error.stdout.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        #expect(error.stdout == (lastError ?? "") + "\n", "\(error)", sourceLocation: sourceLocation)
        await expectOldSnapshot(box, sourceLocation: sourceLocation)
    }

    // MARK: configuration errors (exit 2)

    @Test func malformedTOMLNamesFileAndLine() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider(
            "demo",
            """
            type = "command"
            command = ["true"]
            timeout = "2s
            """)
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("providers/demo.toml:3:"), "\(result)")
        #expect(result.stderr.contains("malformed TOML: in a string: "), "\(result)")
        #expect(!result.stderr.contains("Error while parsing"), "the parser's own prefix: \(result)")
        #expect(result.stdout.isEmpty)

        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.exitCode == 2, "\(status)")
        #expect(status.stderr.contains("demo.toml:3:"), "\(status)")
        await Self.expectOldSnapshot(box)
    }

    @Test func unknownProviderTypeListsKnownTypes() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", "# my demo\ntype = \"comand\"\ncommand = [\"true\"]\n")
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("providers/demo.toml:2"), "\(result)")
        #expect(result.stderr.contains("unknown provider type \"comand\""), "\(result)")
        #expect(
            result.stderr.contains("known types: air-quality, alarms, calendar, command, habits, met-norway"),
            "\(result)")

        await Self.expectOldSnapshot(box)
    }

    @Test func missingRequiredKeyIsNamed() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", "type = \"command\"\ntimeout = \"2s\"\n")
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("providers/demo.toml"), "\(result)")
        #expect(result.stderr.contains("missing required key \"command\""), "\(result)")
        await Self.expectOldSnapshot(box)
    }

    @Test func unknownKeyIsNamedWithItsLine() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", "type = \"command\"\ncommand = [\"true\"]\ntimout = \"2s\"\n")
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("providers/demo.toml:3: unknown key \"timout\""), "\(result)")
        #expect(result.stderr.contains("timeout"), "lists the known keys: \(result)")
        await Self.expectOldSnapshot(box)
    }

    @Test func badDurationIsNamedWithItsLine() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", "type = \"command\"\ncommand = [\"true\"]\n\ninterval = \"soon\"\n")
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("providers/demo.toml:4: key \"interval\""), "\(result)")
        #expect(result.stderr.contains("\"soon\" is not a duration"), "\(result)")
        await Self.expectOldSnapshot(box)
    }

    /// The three configuration errors the acceptance list names, as file text and a fragment of their message.
    static let brokenConfigs: [(name: String, toml: String, message: String)] = [
        ("malformed TOML", "type = \"command\"\ncommand = [\"true\"\n", "demo.toml:2"),
        ("unknown type", "type = \"comand\"\ncommand = [\"true\"]\n", "unknown provider type \"comand\""),
        ("missing key", "type = \"command\"\n", "missing required key \"command\""),
    ]

    @Test(
        arguments: 0..<3)
    func configErrorIsExposedAsInstanceError(_ index: Int) async throws {
        let broken = Self.brokenConfigs[index]
        let box = try await Self.goodSnapshot()
        try box.provider("demo", broken.toml)
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(broken.name): \(result)")
        #expect(result.stderr.contains(broken.message), "\(broken.name): \(result)")
        let error = await box.weft("get", "__demo_error")
        #expect(error.exitCode == 0, "\(broken.name): \(error)")
        #expect(error.stdout.contains(broken.message), "\(broken.name): \(error)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect((status.stdout + status.stderr).contains(broken.message), "\(broken.name): \(status)")
        await Self.expectOldSnapshot(box)
    }

    // MARK: runtime failures of the command (exit 1)

    @Test func commandExitingNonZeroReportsStatusAndStderr() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", shellProvider("echo 'warming up' >&2; echo 'disk on fire' >&2; exit 3"))
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("demo: failed:"), "\(result)")
        #expect(result.stderr.contains("exited with status 3"), "\(result)")
        #expect(result.stderr.contains("disk on fire"), "\(result)")
        await Self.expectRecordedFailure(box, containing: "exited with status 3: disk on fire")
    }

    @Test func commandPrintingNonJSON() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", shellProvider("echo 'temperature is 21 degrees'"))
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("is not JSON"), "\(result)")
        #expect(result.stderr.contains("temperature is 21 degrees"), "quotes what it printed: \(result)")
        await Self.expectRecordedFailure(box, containing: "is not JSON")
    }

    @Test func commandPrintingJSONThatIsNotAnObject() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", shellProvider("echo '[1, 2]'"))
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("it must print one JSON object of string or number values"), "\(result)")
        await Self.expectRecordedFailure(box, containing: "JSON object")
    }

    @Test func commandHangingPastItsTimeout() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", "type = \"command\"\ncommand = [\"sleep\", \"30\"]\ntimeout = \"1s\"\n")
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock, timeout: .seconds(20))
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("did not finish within 1 s"), "\(result)")
        #expect(result.seconds >= 0.9, "\(result)")
        #expect(result.seconds < 10, "the refresh must return promptly: \(result)")
        await Self.expectRecordedFailure(box, containing: "did not finish within 1 s")
    }

    @Test func grandchildHoldingThePipeDoesNotHangTheRefresh() async throws {
        let box = try await Self.goodSnapshot()
        let pidFile = box.path("grandchild.pid")
        try box.provider(
            "demo", shellProvider("sleep 30 & echo $! > '\(pidFile)'; sleep 30", extra: "timeout = \"1s\""))
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock, timeout: .seconds(20))
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("did not finish within 1 s"), "\(result)")
        #expect(result.seconds < 10, "the refresh must return promptly: \(result)")

        // The backgrounded grandchild is stopped with the rest of the command's process group.
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await Poll.until { !Self.isRunning(pid) }, "grandchild \(pid) still running")
        await Self.expectRecordedFailure(box, containing: "did not finish within 1 s")
    }

    @Test func commandPrintingFiftyMegabytes() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider(
            "demo", shellProvider("head -c 52428800 /dev/zero | tr '\\0' a", extra: "timeout = \"20s\""))
        let (result, peak) = await box.weftWithPeak(["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("printed more than 1048576 bytes"), "\(result)")
        #expect(result.seconds < 30, "the refresh must return promptly: \(result)")
        // Buffering 50 MB of output would show against a refresh that prints nothing.
        try box.provider("quiet", shellProvider("printf '{}'"))
        let (_, baseline) = await box.weftWithPeak(["refresh", "--force", "quiet"] + Fixed.clock)
        let (peakKiB, baselineKiB) = (try #require(peak), try #require(baseline))
        #expect(peakKiB < baselineKiB + 40_000, "peak RSS \(peakKiB) KiB vs \(baselineKiB)")
        await Self.expectRecordedFailure(box, containing: "printed more than 1048576 bytes")
    }

    @Test func configuredOutputLimitIsHonoured() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", shellProvider(#"printf '{"temp": 22, "pad": "%0200d"}' 0"#, extra: "max_output = 100"))
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("printed more than 100 bytes (max_output)"), "\(result)")
        await Self.expectRecordedFailure(box, containing: "printed more than 100 bytes")
    }

    @Test func successAfterFailureClearsTheError() async throws {
        let box = try await Self.goodSnapshot()
        try box.provider("demo", shellProvider("exit 4"))
        #expect(await box.weft(arguments: ["refresh", "--force"] + Fixed.clock).exitCode == 1)
        #expect(await box.weft("get", "__demo_error").exitCode == 0)

        try box.provider("demo", shellProvider(#"printf '{"temp": 23}'"#))
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(await box.weft("get", "__demo_temp").stdout == "23\n")
        let error = await box.weft("get", "__demo_error")
        #expect(error.exitCode == 1, "no error once the provider succeeded again: \(error)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(!status.stdout.contains("last error"), "\(status)")
    }

    @Test func providerThatNeverSucceededStillReportsItsError() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider("echo 'no sensor' >&2; exit 2"))
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        let error = await box.weft("get", "__demo_error")
        #expect(error.exitCode == 0 && error.stdout.contains("no sensor"), "\(error)")
        let temp = await box.weft("get", "__demo_temp")
        #expect(temp.exitCode == 1 && temp.stdout.isEmpty, "\(temp)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("demo (command): never refreshed"), "\(status)")
        #expect(status.stdout.contains("last error:"), "\(status)")
    }

    /// Alive and not a zombie (an orphaned zombie waits for init to reap it, which is not ours to await).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
        return state != "Z" && state != "X"
    }
}
