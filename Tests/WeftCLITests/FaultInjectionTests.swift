import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Faults a cron job really meets: `kill -9` midway through a refresh or an import, a full disk, many readers at
/// once. `make test` runs a few rounds of each; `make stress` (WEFT_STRESS=1) runs the long versions.
@Suite("fault injection")
struct FaultInjectionTests {
    /// Rounds per fault: short in `make test`, long in `make stress`.
    static func rounds(short: Int, long: Int) -> Int {
        ProcessInfo.processInfo.environment["WEFT_STRESS"] == "1" ? long : short
    }

    /// A provider whose every run publishes `n`, `m` and a 200 kB `pad`, all made from the run's start time in
    /// nanoseconds, so a snapshot mixing two runs shows as disagreeing values and a later run has a larger `n`.
    ///
    /// A clock rather than a counter file: a killed refresh's command lives on for a moment and would race on it.
    static let stampProvider = shellProvider(
        #"n=$(date +%s%N); printf '{"n": "%s", "m": "%s", "pad": "%0200000d"}' $n $n $n"#)

    @Test func killDuringRefreshLeavesTheOldOrTheNewSnapshot() async throws {
        var random = SeededRandom()
        let box = try Sandbox()
        try box.provider("loop", Self.stampProvider)
        var timings: [Double] = []
        for _ in 0..<2 {
            let run = await box.weft("refresh", "--force", "--quiet")
            #expect(run.exitCode == 0, "\(run)")
            timings.append(run.seconds)
        }
        // Kill points spread over a run, from process start to its commit; a run that finished first (the
        // machine got quicker) shortens the span, so most rounds really are killed midway.
        var span = (timings.max() ?? 0.1) * 1.1
        var seen = 0
        var killed = 0
        for round in 0..<Self.rounds(short: 10, long: 100) {
            let delay = Double.random(in: 0...span, using: &random)
            let run = await box.weft("refresh", "--force", "--quiet", timeout: .milliseconds(Int(delay * 1000)))
            let context = "round \(round), kill after \(Int(delay * 1000)) ms, \(random.seed)"
            if run.killedByHarness {
                killed += 1
            } else {
                #expect(run.exitCode == 0, "\(run) (\(context))")
                span = min(span, run.seconds)
            }
            try await Self.expectIntact(box, context)
            // Over the 64 KiB default cap on a render, which this check must see whole.
            let read = await box.weft("resolve", "--max-output", "1000000", "{{__loop_n}} {{__loop_m}} {{__loop_pad}}")
            let fields = read.stdout.trimmingCharacters(in: .newlines).split(separator: " ").map(String.init)
            let n = Int(fields.first ?? "") ?? -1
            #expect(
                fields.count == 3 && fields[1] == fields[0] && Int(fields[2]) == n && fields[2].count == 200_000,
                "the snapshot mixes runs: \(read.stdout.prefix(80)) (\(context))")
            // Never an older snapshot than before; a run that finished published its own.
            #expect(n >= seen, "snapshot \(n) after \(seen) (\(context))")
            if !run.killedByHarness { #expect(n > seen, "a finished run left the old snapshot (\(context))") }
            seen = max(seen, n)
        }
        #expect(killed > 0, "no refresh was killed; the kill points missed every run")
        let status = await box.weft("status")
        #expect(status.exitCode == 0, "\(status)")
    }

    @Test func killDuringStepsImportLeavesTheOldOrTheNewHistory() async throws {
        var random = SeededRandom()
        let box = try Sandbox()
        // The same 30,000 minutes in two exports of one source: 1 step a minute, then 2. The newer import of an
        // interval wins, so the history totals 30,000 or 60,000 and nothing in between.
        for (name, value) in [("one.csv", 1), ("two.csv", 2)] {
            try box.write(name, Self.stepExport(minutes: 30_000, steps: value))
        }
        let zone = ["--tz", "Europe/Berlin"]
        let first = await box.weft(arguments: ["steps", "import", box.path("one.csv")] + zone)
        #expect(first.exitCode == 0, "\(first)")
        let timing = await box.weft(arguments: ["steps", "import", box.path("two.csv")] + zone)
        #expect(timing.exitCode == 0, "\(timing)")
        var total = try await Self.stepTotal(box)
        #expect(total == 60_000)
        var killed = 0
        var span = timing.seconds * 1.1
        for round in 0..<Self.rounds(short: 6, long: 100) {
            let file = round % 2 == 0 ? "one.csv" : "two.csv"
            let imported = file == "one.csv" ? 30_000 : 60_000
            let delay = Double.random(in: 0...span, using: &random)
            let run = await box.weft(
                arguments: ["steps", "import", box.path(file)] + zone, timeout: .milliseconds(Int(delay * 1000)))
            if run.killedByHarness {
                killed += 1
            } else {
                #expect(run.exitCode == 0, "round \(round): \(run)")
                span = min(span, run.seconds)
            }
            let context = "round \(round), kill after \(Int(delay * 1000)) ms, \(random.seed)"
            try await Self.expectIntact(box, context)
            let after = try await Self.stepTotal(box)
            #expect(after == total || after == imported, "history totals \(after) (\(context))")
            // The stored samples match the snapshot: rebuilding from them (an import adding nothing) changes nothing.
            try box.write("empty.csv", Self.stepExport(minutes: 0, steps: 0))
            let rebuild = await box.weft(arguments: ["steps", "import", box.path("empty.csv")] + zone)
            #expect(rebuild.exitCode == 0, "\(rebuild)")
            #expect(try await Self.stepTotal(box) == after, "samples and snapshot disagree (\(context))")
            total = after
        }
        #expect(killed > 0, "no import was killed; the kill points missed every run")
    }

    @Test(.enabled(if: TmpfsMount.possible, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"))
    func fullDiskKeepsTheOldSnapshotWithAClearError() async throws {
        let box = try Sandbox()
        let disk = try TmpfsMount(at: box.path("disk"), size: "1m")
        let big = box.path("big")
        try box.write(big, "0")
        // Each run prints a payload of the size `big` holds: small first, then larger than the whole disk.
        try box.provider(
            "grow",
            shellProvider(
                "s=$(cat '\(big)'); " + #"printf '{"v": "run%d", "pad": "%0*d"}' $s $s 0"#,
                extra: "max_output = 8000000"))
        let locations = ["--providers", box.providers, "--cache", disk.path + "/cache"]
        let first = await WeftProcess.weft(["refresh"] + locations)
        #expect(first.exitCode == 0, "\(first)")
        try box.write(big, "3000000")
        let full = await WeftProcess.weft(["refresh", "--force"] + locations)
        #expect(full.exitCode != 0, "\(full)")
        #expect(full.signal == nil, "\(full)")
        #expect(full.stderr.contains("the disk is full"), "the error says so: \(full)")
        let get = await WeftProcess.weft(["get", "__grow_v"] + locations)
        #expect(get.exitCode == 0 && get.stdout == "run0\n", "the old snapshot survives: \(get)")
        let check = await WeftProcess.run(["sqlite3", disk.path + "/cache/weft.sqlite", "PRAGMA integrity_check"])
        #expect(check.stdout == "ok\n", "\(check)")
        // Space freed: the next refresh works again.
        try box.write(big, "1000")
        let again = await WeftProcess.weft(["refresh", "--force"] + locations)
        #expect(again.exitCode == 0, "\(again)")
        #expect(await WeftProcess.weft(["get", "__grow_v"] + locations).stdout == "run1000\n")
    }

    @Test func manyReadersDuringContinuousRefreshesNeverFail() async throws {
        let box = try Sandbox()
        try box.provider("loop", Self.stampProvider)
        #expect(await box.weft("refresh").exitCode == 0)
        let perReader = Self.rounds(short: 15, long: 1000)
        let done = Flag()
        async let writes: [ProcessResult] = {
            var results: [ProcessResult] = []
            while await !done.isSet { results.append(await box.weft("refresh", "--force", "--quiet")) }
            return results
        }()
        let failures = await withTaskGroup(of: [String].self) { group in
            for reader in 0..<8 {
                group.addTask {
                    var failures: [String] = []
                    for _ in 0..<perReader {
                        let read = await box.weft("get", "__loop_m", timeout: .seconds(30))
                        if read.exitCode != 0 || Int(read.stdout.trimmingCharacters(in: .newlines)) == nil {
                            failures.append("reader \(reader): \(read)")
                        }
                    }
                    return failures
                }
            }
            var all: [String] = []
            for await failures in group { all += failures }
            return all
        }
        await done.set()
        let refreshes = await writes
        #expect(failures.isEmpty, "\(failures.count) of \(8 * perReader) reads failed; first: \(failures.first ?? "")")
        #expect(
            refreshes.allSatisfy { $0.exitCode == 0 }, "\(refreshes.first { $0.exitCode != 0 }.map { "\($0)" } ?? "")")
        try await Self.expectIntact(box, "after \(refreshes.count) refreshes")
    }

    /// `PRAGMA integrity_check` passes on the sandbox's cache.
    static func expectIntact(_ box: Sandbox, _ context: String) async throws {
        let check = await WeftProcess.run(["sqlite3", box.database, "PRAGMA integrity_check"])
        #expect(check.exitCode == 0 && check.stdout == "ok\n", "integrity_check: \(check) (\(context))")
    }

    /// The sum of every day in `weft steps days`.
    static func stepTotal(_ box: Sandbox) async throws -> Int {
        let days = await box.weft("steps", "days", "--json")
        #expect(days.exitCode == 0, "\(days)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(days.stdout.utf8)) as? [[String: Any]])
        return rows.compactMap { $0["steps"] as? Int }.reduce(0, +)
    }

    /// An Apple Health export with one 30-second sample of `steps` at the start of each of `minutes` minutes.
    static func stepExport(minutes: Int, steps: Int) -> String {
        var text = "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let start = Date(timeIntervalSince1970: 1_769_900_400)  // 2026-02-01T00:00:00+01:00
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = calendar.timeZone
        format.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        for minute in 0..<minutes {
            let from = format.string(from: start + Double(minute * 60))
            let to = format.string(from: start + Double(minute * 60 + 30))
            text +=
                "\"iPhone\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\","
                + "\"\(to)\",\"\(from)\",\"\(to)\",\"\(steps)\"\n"
        }
        return text
    }
}

/// A SplitMix64 generator seeded from `WEFT_FAULT_SEED` or the clock, so a failing round can be replayed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    /// How to replay this run.
    let seed: String

    init() {
        let given = ProcessInfo.processInfo.environment["WEFT_FAULT_SEED"].flatMap { UInt64($0) }
        let value = given ?? UInt64(Date().timeIntervalSince1970 * 1000)
        state = value
        seed = "WEFT_FAULT_SEED=\(value)"
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A small tmpfs mounted for one test and unmounted when it ends: a disk that really fills up.
final class TmpfsMount: Sendable {
    let path: String

    /// Whether this process may mount one (root with CAP_SYS_ADMIN, as in CI's containers and here).
    static let possible: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.path + "/weft-tmpfs-probe-\(getpid())"
        guard let mount = try? TmpfsMount(at: probe, size: "64k") else { return false }
        _ = mount
        return true
    }()

    init(at path: String, size: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = WeftProcess.runBlocking(
            ["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path], stdin: nil, environment: [:],
            timeout: .seconds(10))
        guard result.exitCode == 0 else { throw SandboxError("mount tmpfs at \(path): \(result)") }
        self.path = path
    }

    deinit {
        _ = WeftProcess.runBlocking(["umount", "-l", path], stdin: nil, environment: [:], timeout: .seconds(10))
        try? FileManager.default.removeItem(atPath: path)
    }
}
