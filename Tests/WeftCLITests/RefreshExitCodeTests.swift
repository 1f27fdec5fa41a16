import Foundation
import Testing

/// `weft refresh`: which providers run, what it says and how it exits.
@Suite("refresh exit codes and selection")
struct RefreshExitCodeTests {
    /// A provider that counts its runs in `<root>/<instance>.runs` and prints the count as `runs`.
    static func counting(_ box: Sandbox, _ instance: String, extra: String = "") throws {
        let file = box.path("\(instance).runs")
        try box.provider(
            instance,
            shellProvider(
                "n=$(cat '\(file)' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '\(file)'; "
                    + "printf '{\"runs\": %d}' $n", extra: extra))
    }

    static func runs(_ box: Sandbox, _ instance: String) -> Int {
        let text = (try? String(contentsOfFile: box.path("\(instance).runs"), encoding: .utf8)) ?? "0"
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func freshProviderIsSkippedUnlessForced() async throws {
        let box = try Sandbox()
        try Self.counting(box, "demo", extra: "interval = \"5m\"")

        let first = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr == "demo: ok, next due 10:35\n", "\(first)")
        #expect(Self.runs(box, "demo") == 1)
        #expect(await box.weft("get", "__demo_runs").stdout == "1\n")

        // Same instant: the snapshot is fresh, the command is not run and nothing was due → exit 0.
        let second = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(second.exitCode == 0, "\(second)")
        #expect(second.stderr == "demo: fresh, next due 10:35\n", "\(second)")
        #expect(Self.runs(box, "demo") == 1, "a fresh provider must not run")
        #expect(await box.weft("get", "__demo_runs").stdout == "1\n")

        let forced = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(forced.exitCode == 0, "\(forced)")
        #expect(forced.stderr.contains("demo: ok"), "\(forced)")
        #expect(Self.runs(box, "demo") == 2, "--force re-runs a fresh provider")
        #expect(await box.weft("get", "__demo_runs").stdout == "2\n")

        // Four minutes later still fresh; five minutes later due again.
        let later = await box.weft("refresh", "--now", "2026-03-10T09:34:00Z", "--tz", Fixed.zone)
        #expect(later.stderr.contains("demo: fresh"), "\(later)")
        #expect(Self.runs(box, "demo") == 2)
        let due = await box.weft("refresh", "--now", "2026-03-10T09:35:00Z", "--tz", Fixed.zone)
        #expect(due.exitCode == 0, "\(due)")
        #expect(due.stderr == "demo: ok, next due 10:40\n", "\(due)")
        #expect(Self.runs(box, "demo") == 3)
    }

    @Test func editedProviderFileIsDueAgain() async throws {
        let box = try Sandbox()
        try Self.counting(box, "demo", extra: "interval = \"1h\"")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        // The file changes after the snapshot was taken (its mtime after --now): it runs without --force.
        try Self.counting(box, "demo", extra: "interval = \"2h\"")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_773_135_060)],  // 09:31Z
            ofItemAtPath: box.providers + "/demo.toml")
        let result = await box.weft("refresh", "--now", "2026-03-10T09:32:00Z", "--tz", Fixed.zone)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "demo: ok, next due 12:32\n", "\(result)")
        #expect(Self.runs(box, "demo") == 2)
    }

    @Test func anyFailureExitsOneAndTheOthersStillRun() async throws {
        let box = try Sandbox()
        try Self.counting(box, "good")
        try box.provider("bad", shellProvider("echo 'no route to sensor' >&2; exit 7"))
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("bad: failed: `sh -c"), "\(result)")
        #expect(result.stderr.contains("exited with status 7: no route to sensor"), "\(result)")
        #expect(result.stderr.contains("good: ok, next due 10:35"), "\(result)")
        #expect(Self.runs(box, "good") == 1)
        #expect(await box.weft("get", "__good_runs").stdout == "1\n")
    }

    @Test func quietPrintsOnlyFailures() async throws {
        let box = try Sandbox()
        try Self.counting(box, "good")
        let allFine = await box.weft(arguments: ["refresh", "--quiet"] + Fixed.clock)
        #expect(allFine.exitCode == 0, "\(allFine)")
        #expect(allFine.stderr.isEmpty, "\(allFine)")
        #expect(allFine.stdout.isEmpty, "\(allFine)")
        #expect(Self.runs(box, "good") == 1)

        try box.provider("bad", shellProvider("exit 5"))
        let mixed = await box.weft(arguments: ["refresh", "--quiet", "--force"] + Fixed.clock)
        #expect(mixed.exitCode == 1, "\(mixed)")
        #expect(mixed.stderr.hasPrefix("bad: failed: "), "\(mixed)")
        #expect(mixed.stderr.contains("exited with status 5"), "\(mixed)")
        #expect(!mixed.stderr.contains("good"), "\(mixed)")
        #expect(mixed.stderr.split(separator: "\n").count == 1, "\(mixed)")
        #expect(Self.runs(box, "good") == 2, "--quiet still refreshes")

        // A refresh that succeeded with warnings is no failure: --quiet leaves them to `weft status`.
        try FileManager.default.removeItem(atPath: box.providers + "/bad.toml")
        try box.provider("walk", "type = \"steps\"\nfiles = [\"\(box.path("none"))/*.csv\"]\n")
        let warned = await box.weft(arguments: ["refresh", "--quiet", "--force"] + Fixed.clock)
        #expect(warned.exitCode == 0 && warned.stderr.isEmpty, "\(warned)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("walk (steps)") && status.stdout.contains("[warning]"), "\(status)")
    }

    @Test func namedInstanceRunsOnlyThatOne() async throws {
        let box = try Sandbox()
        try Self.counting(box, "alpha")
        try Self.counting(box, "beta")
        let result = await box.weft(arguments: ["refresh", "beta"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "beta: ok, next due 10:35\n", "\(result)")
        #expect(Self.runs(box, "alpha") == 0)
        #expect(Self.runs(box, "beta") == 1)
        #expect(await box.weft("get", "__alpha_runs").exitCode == 1)

        let forced = await box.weft(arguments: ["refresh", "alpha", "--force"] + Fixed.clock)
        #expect(forced.exitCode == 0, "\(forced)")
        #expect(Self.runs(box, "alpha") == 1)
        #expect(Self.runs(box, "beta") == 1, "naming alpha must not run beta, even with --force")
    }

    @Test func unknownInstanceIsAConfigurationError() async throws {
        let box = try Sandbox()
        try Self.counting(box, "alpha")
        let result = await box.weft(arguments: ["refresh", "alhpa"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("no provider named \"alhpa\""), "\(result)")
        #expect(result.stderr.contains("alhpa.toml"), "\(result)")
        #expect(Self.runs(box, "alpha") == 0, "a configuration error runs nothing")
    }

    /// Issue 15 #2: under a timer, one typo in a new file must not freeze every other provider.
    @Test func aBrokenFileIsReportedAndEveryOtherProviderStillRuns() async throws {
        let box = try Sandbox()
        try Self.counting(box, "alpha")
        try box.provider("zeta", "type = \"command\"\ncomand = [\"true\"]\n")
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("alpha: ok, next due 10:35"), "\(result)")
        #expect(result.stderr.contains("zeta: invalid provider file, skipped: "), "\(result)")
        #expect(result.stderr.contains("zeta.toml:2: unknown key \"comand\""), "\(result)")
        #expect(Self.runs(box, "alpha") == 1)
        #expect(await box.weft("get", "__alpha_runs").stdout == "1\n")
        // The broken file shows in status and in its prefix's error variable, though it never refreshed.
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.exitCode == 2, "\(status)")
        #expect(status.stdout.contains("zeta (command): never refreshed"), "\(status)")
        #expect(status.stdout.contains("zeta.toml:2: unknown key \"comand\""), "\(status)")
        let error = await box.weft("get", "__zeta_error")
        #expect(error.stdout.contains("zeta.toml:2: unknown key \"comand\""), "\(error)")
        // Only the instances asked for are reported: `weft refresh alpha` does not mention zeta.
        let only = await box.weft(arguments: ["refresh", "alpha", "--force"] + Fixed.clock)
        #expect(only.exitCode == 0, "\(only)")
        #expect(!only.stderr.contains("zeta"), "\(only)")
    }

    @Test func duplicatePrefixIsAConfigurationError() async throws {
        let box = try Sandbox()
        try Self.counting(box, "alpha", extra: "prefix = \"__shared_\"")
        try Self.counting(box, "beta", extra: "prefix = \"__shared_\"")
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("alpha.toml"), "\(result)")
        #expect(result.stderr.contains("beta.toml"), "\(result)")
        #expect(result.stderr.contains("\"__shared_\""), "\(result)")
    }

    @Test func emptyProviderDirectoryIsNotAnError() async throws {
        let box = try Sandbox()
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("no providers in \(box.providers)"), "\(result)")
        let quiet = await box.weft(arguments: ["refresh", "--quiet"] + Fixed.clock)
        #expect(quiet.exitCode == 0 && quiet.stderr.isEmpty, "\(quiet)")
    }

    @Test func customPrefixAndTypedValues() async throws {
        let box = try Sandbox()
        try box.provider(
            "sensor",
            shellProvider(
                #"printf '{"Temp C": 21.50, "count": 3, "label": "kitchen", "gone": null}'"#,
                extra: "prefix = \"__k_\""))
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        let rendered = await box.weft(
            arguments: ["resolve", "{{__k_temp c}}|{{__k_count}}|{{__k_label}}|{{__k_gone|none}}"] + Fixed.clock)
        #expect(rendered.stdout == "21.5|3|kitchen|none\n", "\(rendered)")
        #expect(await box.weft("get", "__sensor_label").exitCode == 1, "the default prefix is replaced")
    }
}
