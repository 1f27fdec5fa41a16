import Foundation
import Testing
import WeftTestSupport

/// Real processes at once: readers during refreshes, racing refreshes on a new cache, and the refresh lock.
@Suite("concurrency with real processes")
struct ConcurrencyTests {
    @Test func readersNeverFailWhileRefreshesLoop() async throws {
        let box = try Sandbox()
        let counter = box.path("loop.count")
        // Each run takes ~0.3 s and publishes an increasing `n` with some bulk, so every commit rewrites pages.
        try box.provider(
            "loop",
            shellProvider(
                "sleep 0.3; n=$(cat '\(counter)' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '\(counter)'; "
                    + #"printf '{"n": %d, "pad": "%02000d"}' $n $n"#))
        let first = await box.weft("refresh")
        #expect(first.exitCode == 0, "\(first)")

        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(3)

        let writerDone = Flag()
        // At least ~3 s and at least 3 refreshes, however slowly a loaded machine starts processes.
        async let refreshes: [ProcessResult] = {
            var results: [ProcessResult] = []
            while clock.now < deadline || results.count < 3 {
                results.append(await box.weft("refresh", "--force", "--quiet"))
            }
            await writerDone.set()
            return results
        }()

        let readers = await withTaskGroup(of: (Int, [ProcessResult]).self) { group in
            for reader in 0..<4 {
                group.addTask {
                    var results: [ProcessResult] = []
                    while await !writerDone.isSet || results.count < 3 {
                        results.append(await box.weft("get", "__loop_n", timeout: .seconds(10)))
                    }
                    return (reader, results)
                }
            }
            var all: [Int: [ProcessResult]] = [:]
            for await (reader, results) in group { all[reader] = results }
            return all
        }
        let writes = await refreshes

        #expect(writes.count >= 3, "the refresh loop ran \(writes.count) times")
        for write in writes { #expect(write.exitCode == 0 && write.stderr.isEmpty, "refresh: \(write)") }
        let runs = Int(
            try String(contentsOfFile: counter, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(runs == writes.count + 1)

        var reads = 0
        for (reader, results) in readers.sorted(by: { $0.key < $1.key }) {
            var last = 0
            for result in results {
                reads += 1
                #expect(result.exitCode == 0, "reader \(reader): \(result)")
                #expect(result.signal == nil, "reader \(reader): \(result)")
                let value = Int(result.stdout.trimmingCharacters(in: .newlines))
                #expect(value != nil && (value ?? 0) >= 1, "reader \(reader) read \(result.stdout.debugDescription)")
                // A reader never goes back to an older snapshot than one it has already seen.
                #expect((value ?? 0) >= last, "reader \(reader): \(value ?? -1) after \(last)")
                last = max(last, value ?? 0)
            }
        }
        #expect(reads >= 12)
        let check = await WeftProcess.run(["sqlite3", box.database, "PRAGMA integrity_check"])
        #expect(check.stdout == "ok\n", "\(check)")
    }

    @Test(arguments: [true, false])
    func twoRefreshesOnANewCache(cacheDirectoryExists: Bool) async throws {
        for round in 0..<3 {
            let box = try Sandbox()
            if !cacheDirectoryExists { try FileManager.default.removeItem(atPath: box.cache) }
            try box.provider("demo", shellProvider(#"sleep 0.2; printf '{"temp": 21}'"#))
            async let a = box.weft("refresh", timeout: .seconds(15))
            async let b = box.weft("refresh", timeout: .seconds(15))
            let results = await [a, b]
            for result in results { #expect(result.signal == nil, "round \(round): \(result)") }
            let codes = results.compactMap(\.exitCode).sorted()
            if codes == [0, 1] {
                let loser = results.first { $0.exitCode == 1 }
                #expect(
                    loser?.stderr.contains("another refresh") == true
                        && loser?.stderr.contains("is still running") == true,
                    "round \(round): \(String(describing: loser))")
            } else {
                #expect(codes == [0, 0], "round \(round): \(results)")
            }
            // Exactly one of them ran the provider; the other found it fresh (or gave up on the lock).
            let ran = results.filter { $0.stderr.contains("demo: ok") }.count
            #expect(ran == 1, "round \(round): \(results)")

            let check = await WeftProcess.run(["sqlite3", box.database, "PRAGMA integrity_check"])
            #expect(check.exitCode == 0 && check.stdout == "ok\n", "round \(round): \(check)")
            let get = await box.weft("get", "__demo_temp")
            #expect(get.stdout == "21\n", "round \(round): \(get)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: box.cache).filter {
                $0.contains(".new-")
            }
            #expect(leftovers.isEmpty, "temporary databases left behind: \(leftovers)")
        }
    }

    @Test func overlappingRefreshGivesUpAfterTheLockWait() async throws {
        let box = try Sandbox()
        let started = box.path("slow.started")
        let release = box.path("slow.release")
        try box.provider("quick", shellProvider(#"printf '{"v": "old"}'"#))
        #expect(await box.weft("refresh").exitCode == 0)
        try box.provider("quick", shellProvider(#"printf '{"v": "new"}'"#))
        // The slow command holds the refresh lock until the test releases it (at most ~100 s), so the overlap
        // does not depend on how quickly a loaded machine starts the second process.
        try box.provider(
            "slow",
            shellProvider(
                "touch '\(started)'; i=0; while [ ! -e '\(release)' ] && [ $i -lt 1000 ]; do sleep 0.1; i=$((i+1)); done; "
                    + #"printf '{"v": 8}'"#, extra: "timeout = \"150s\""))

        async let first = box.weft("refresh", "slow", timeout: .seconds(180))
        // The command only starts once its refresh holds the lock.
        #expect(
            await Poll.until { FileManager.default.fileExists(atPath: started) }, "the slow command never started")

        // Start the overlapping refresh at once; meanwhile readers and stored-variable writes must not be held up.
        async let second = box.weft("refresh", "quick", "--force", timeout: .seconds(60))
        let read = await box.weft("get", "__quick_v", timeout: .seconds(10))
        #expect(read.exitCode == 0 && read.stdout == "old\n", "\(read)")
        #expect(read.seconds < 30, "a reader must not wait for the refresh: \(read)")
        let set = await box.weft("var", "set", "mood", "waiting", timeout: .seconds(10))
        #expect(set.exitCode == 0 && set.seconds < 30, "\(set)")

        let gaveUp = await second
        #expect(gaveUp.exitCode == 1, "\(gaveUp)")
        #expect(gaveUp.signal == nil)
        #expect(gaveUp.stderr.contains("another refresh (pid "), "\(gaveUp)")
        #expect(gaveUp.stderr.contains("is still running after waiting 5 s"), "\(gaveUp)")
        #expect(gaveUp.stderr.contains(box.cache + "/weft.lock"), "\(gaveUp)")
        #expect(gaveUp.seconds > 4.5 && gaveUp.seconds < 60, "gave up after \(gaveUp.seconds) s")

        try box.write(release, "")
        let firstResult = await first
        #expect(firstResult.exitCode == 0, "\(firstResult)")
        #expect(firstResult.stderr.contains("slow: ok"), "\(firstResult)")
        #expect(await box.weft("get", "__slow_v").stdout == "8\n")
        #expect(await box.weft("get", "__quick_v").stdout == "old\n", "the run that gave up changed nothing")
        #expect(await box.weft("get", "mood").stdout == "waiting\n")
    }
}

/// A one-way signal between tasks.
actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}
