import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile input through the built binary (issue 20): numbers out of range, links in the cache directory, provider
/// values that hold templates, non-finite counter steps. Each case crashed, hung, leaked or clobbered a file before.
@Suite("hostile input")
struct HostileInputTests {
    static let now = "2026-08-13T19:15:00Z"
    static let clock = ["--now", now, "--tz", "Europe/Prague"]

    /// An Open-Meteo response with a `current` block whose members are `current` (JSON text).
    static func openMeteo(current: String) throws -> [UInt8] {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/weather/openmeteo-minutely15-derived-45min-rain.json")
        var text = String(decoding: try Data(contentsOf: fixtures), as: UTF8.self)
        let brace = try #require(text.lastIndex(of: "}"))
        text.replaceSubrange(brace...brace, with: ", \"current\": {\(current)}}")
        return Array(text.utf8)
    }

    static func weatherBox(_ server: TestHTTPServer) throws -> Sandbox {
        let box = try Sandbox()
        try box.provider(
            "home",
            "type = \"open-meteo\"\nname = \"Brno\"\nlatitude = 49.19\nlongitude = 16.61\nbase_url = \"\(server.baseURL)\"\n"
        )
        return box
    }

    // MARK: item 1: numbers out of range

    @Test(arguments: [
        (#""temperature_2m": 1e308, "weather_code": 3"#, "current.temperature"),
        (#""temperature_2m": 20, "relative_humidity_2m": 1e308"#, "current.humidity"),
        (#""temperature_2m": 20, "weather_code": 1e300"#, "current.weather_code"),
    ])
    func weatherValueOutOfRangeIsABadValueNamingTheField(current: String, field: String) async throws {
        let server = try TestHTTPServer()
        let body = try Self.openMeteo(current: current)
        server.route("/v1/forecast") { _ in TestResponse(headers: [("Content-Type", "application/json")], body: body) }
        let box = try Self.weatherBox(server)
        let refresh = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.signal == nil, "\(refresh)")
        #expect(refresh.exitCode == 1, "\(refresh)")
        #expect(refresh.stderr.contains(field), "the field is named: \(refresh)")
        let status = await box.weft(arguments: ["status"] + Self.clock)
        #expect(status.stdout.contains("never refreshed"), "the snapshot was not stored: \(status)")
        let vars = await box.weft(arguments: ["vars"] + Self.clock)
        #expect(vars.signal == nil && vars.exitCode == 0, "\(vars)")
    }

    /// toml++ asserts on these (found by FuzzProviderFile); built as `make` builds it, each is a config error with
    /// its line, never an abort, from `weft check` and from `weft refresh`.
    @Test func malformedTOMLThatTomlPlusPlusAssertsOnIsAConfigError() async throws {
        for (index, text) in ["files = [}", "[[[a]]]", "[#d", "x = ]"].enumerated() {
            let box = try Sandbox()
            try box.provider("bad\(index)", "type = \"steps\"\n\(text)\n")
            let check = await box.weft("check")
            #expect(check.exitCode == 2, "\(text): \(check)")
            #expect(check.stdout.contains("bad\(index).toml:2"), "\(text): \(check)")
            let refresh = await box.weft("refresh")
            #expect(refresh.exitCode == 2, "\(text): \(refresh)")
        }
    }

    @Test func aStoredSnapshotOutOfRangeIsReportedNotACrash() async throws {
        let server = try TestHTTPServer()
        let body = try Self.openMeteo(current: #""temperature_2m": 21.5, "weather_code": 3"#)
        server.route("/v1/forecast") { _ in TestResponse(headers: [("Content-Type", "application/json")], body: body) }
        let box = try Self.weatherBox(server)
        #expect(await box.weft(arguments: ["refresh"] + Self.clock).exitCode == 0)
        #expect(await box.weft(arguments: ["get", "__weather_temp"] + Self.clock).stdout == "22\n")
        // What an older weft stored: a temperature of 1e308 in the snapshot.
        let edit = await WeftProcess.run([
            "sqlite3", box.database,
            #"UPDATE snapshot SET payload = CAST(replace(CAST(payload AS TEXT), '"temperature":21.5', '"temperature":1e308') AS BLOB)"#,
        ])
        #expect(edit.exitCode == 0, "\(edit)")
        for command in [["get", "__weather_temp"], ["vars"], ["status"], ["status", "--json"]] {
            let result = await box.weft(arguments: command + Self.clock)
            #expect(result.signal == nil, "\(command): \(result)")
        }
        let error = await box.weft(arguments: ["get", "__weather_error"] + Self.clock)
        #expect(error.stdout.contains("cannot read its snapshot"), "\(error)")
        #expect(error.stdout.contains("current.temperature"), "\(error)")
        let status = await box.weft(arguments: ["status"] + Self.clock)
        #expect(status.stdout.contains("cannot read its snapshot"), "\(status)")
    }

    @Test func aStepValueOfTenToTheTwentyIsABadRow() async throws {
        let box = try Sandbox()
        let header = "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"
        func row(_ start: String, _ end: String, _ value: String) -> String {
            "\"iPhone\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\","
                + "\"2026-03-09 \(end) +0100\",\"2026-03-09 \(start) +0100\",\"2026-03-09 \(end) +0100\",\"\(value)\"\n"
        }
        try box.write("big.csv", header + row("09:00:00", "09:01:00", "1e20") + row("10:00:00", "10:30:00", "3000"))
        let result = await box.weft(
            arguments: [
                "steps", "import", box.path("big.csv"), "--lenient", "--now", "2026-03-10T19:00:00Z", "--tz",
                "Europe/Berlin",
            ])
        #expect(result.signal == nil, "\(result)")
        #expect(result.stderr.contains("big.csv:2"), "the row is named: \(result)")
        let days = await box.weft(arguments: ["steps", "days", "--json"])
        let table = try #require(try JSONSerialization.jsonObject(with: Data(days.stdout.utf8)) as? [[String: Any]])
        #expect(table.map { $0["steps"] as? Int } == [3000], "\(days)")
    }

    @Test func refreshForceSaysHowLongARetryAfterIsLeft() async throws {
        let server = try TestHTTPServer()
        server.route("/v1/forecast") { _ in
            TestResponse(status: 503, headers: [("Retry-After", "99999999999999999999")], body: Array("busy".utf8))
        }
        let box = try Self.weatherBox(server)
        #expect(await box.weft(arguments: ["refresh"] + Self.clock).exitCode == 1)
        let forced = await box.weft(arguments: ["refresh", "--force", "--now", "2026-08-13T20:15:00Z"])
        #expect(forced.stderr.contains("23 h left"), "a wait longer than a day is a day: \(forced)")
    }

    // MARK: item 3: provider values are data; renders are capped

    @Test func aProviderValueIsNeverExpandedButAStoredVariableIs() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"v": "{{__demo_x}}", "x": "SECRET"}'"#))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let provider = await box.weft(arguments: ["resolve", "{{__demo_v}}"] + Fixed.clock)
        #expect(provider.stdout == "{{__demo_x}}\n", "\(provider)")
        #expect(await box.weft("var", "set", "mine", "{{__demo_x}}").exitCode == 0)
        let stored = await box.weft(arguments: ["resolve", "{{mine}}"] + Fixed.clock)
        #expect(stored.stdout == "SECRET\n", "stored variables keep the 3-pass rule: \(stored)")
    }

    @Test func aSelfReferringStoredVariableRendersCappedAndFast() async throws {
        let box = try Sandbox()
        let bomb = String(repeating: "{{v}}", count: 300)
        #expect(await box.weft("var", "set", "v", bomb).exitCode == 0)
        let result = await box.weft(arguments: ["resolve", "{{v}}"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result.exitCode.map(String.init) ?? "signal")")
        #expect(result.stdout.utf8.count <= 65_536 + 1, "capped at 64 KiB: \(result.stdout.utf8.count) bytes")
        #expect(result.stdout.hasSuffix("…\n"), "a cut output ends with …")
        let small = await box.weft(arguments: ["resolve", "--max-output", "100", "{{v}}"] + Fixed.clock)
        #expect(small.stdout.utf8.count <= 101 && small.stdout.hasSuffix("…\n"), "\(small)")
        // `weft watch` keeps the same cap (its renderer is built by the live loop, not by `resolve`).
        let watch = try StreamingChild([WeftProcess.binary, "watch", "--max-output", "100", "{{v}}"] + box.locations)
        let line = await watch.line(within: .seconds(10)) ?? ""
        #expect(line.utf8.count <= 100 && line.hasSuffix("…"), "\(line.utf8.count) bytes")
        watch.send(SIGTERM)
        _ = watch.ending(within: .seconds(10))
    }

    // MARK: item 4: files the cache directory points to

    @Test func aLockThatIsASymlinkIsRefusedAndItsTargetKept() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"a": 1}'"#))
        try FileManager.default.createDirectory(atPath: box.cache, withIntermediateDirectories: true)
        _ = chmod(box.cache, 0o700)
        try box.write("precious.txt", "precious\n")
        #expect(symlink(box.path("precious.txt"), box.cache + "/weft.lock") == 0)
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode != 0 && result.signal == nil, "\(result)")
        #expect(result.stderr.contains("symbolic link"), "\(result)")
        #expect(try String(contentsOfFile: box.path("precious.txt"), encoding: .utf8) == "precious\n")
    }

    @Test func aDanglingDatabaseSymlinkIsRefusedAndNothingCreated() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"a": 1}'"#))
        try FileManager.default.createDirectory(atPath: box.cache, withIntermediateDirectories: true)
        _ = chmod(box.cache, 0o700)
        let target = box.path("elsewhere.sqlite")
        #expect(symlink(target, box.database) == 0)
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode != 0 && refresh.stderr.contains("symbolic link"), "\(refresh)")
        let get = await box.weft("get", "__demo_a")
        #expect(get.exitCode != 0 && get.stderr.contains("symbolic link"), "\(get)")
        #expect(!FileManager.default.fileExists(atPath: target), "no database was created at the link's target")
    }

    @Test(.enabled(if: getuid() == 0, "giving the directory to another user needs root"))
    func aCacheDirectoryOwnedBySomeoneElseIsRefused() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"a": 1}'"#))
        try FileManager.default.createDirectory(atPath: box.cache, withIntermediateDirectories: true)
        #expect(chown(box.cache, 65_534, 65_534) == 0)
        let result = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(result.exitCode != 0 && result.signal == nil, "\(result)")
        #expect(result.stderr.contains("user id 65534"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.database))
    }

    // MARK: item 5: secrets

    @Test func thePirateWeatherKeyNeverLandsInTheCache() async throws {
        let server = try TestHTTPServer()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/weather/pirateweather-forecast-derived-si-rain-in-12m.json")
        let body = Array(try Data(contentsOf: fixtures))
        let key = "SeCrEtKeY0123456789zz"
        server.route("/forecast/\(key)/40.7,-74") { _ in
            TestResponse(headers: [("ETag", "\"v1\""), ("Last-Modified", "Wed, 12 Aug 2026 19:00:00 GMT")], body: body)
        }
        let box = try Sandbox()
        try box.write("key", key + "\n")
        try box.provider(
            "pw",
            "type = \"pirate-weather\"\nname = \"X\"\nlatitude = 40.7\nlongitude = -74\nbase_url = \"\(server.baseURL)\"\n"
                + "api_key_file = \"\(box.path("key"))\"\n")
        let refresh = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(server.requests.contains { $0.path.contains(key) }, "the key was sent")
        for suffix in ["", "-wal"] {
            guard let bytes = FileManager.default.contents(atPath: box.database + suffix) else { continue }
            #expect(bytes.range(of: Data(key.utf8)) == nil, "weft.sqlite\(suffix) holds the key")
        }
    }

    // MARK: item 7: smaller

    @Test(arguments: ["nan", "inf", "-inf", "1e309"])
    func anIncrementByANonFiniteStepIsRefused(_ step: String) async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "n", "5").exitCode == 0)
        let result = await box.weft("var", "incr", "n", "--by", step)
        #expect(result.exitCode != 0 && result.signal == nil, "\(result)")
        #expect(result.stderr.contains("not a finite number"), "\(result)")
        #expect(await box.weft("get", "n").stdout == "5\n", "the counter is unchanged")
    }

    @Test func aCacheCellOfTheWrongTypeIsADamagedCache() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21}'"#))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let edit = await WeftProcess.run(["sqlite3", box.database, "UPDATE snapshot SET fetched_at = x'00ff'"])
        #expect(edit.exitCode == 0, "\(edit)")
        for command in [["get", "__demo_temp"], ["status"], ["vars"]] {
            let result = await box.weft(arguments: command + Fixed.clock)
            #expect(result.signal == nil, "\(command): \(result)")
            #expect(result.exitCode != 0, "\(command): \(result)")
            #expect(result.stderr.contains("damaged"), "\(command): \(result)")
        }
    }

    @Test(.enabled(if: TmpfsMount.possible, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"))
    func aReaderOnAReadOnlyCacheReadsItImmutably() async throws {
        let box = try Sandbox()
        let disk = try TmpfsMount(at: box.path("disk"), size: "2m")
        try box.provider("demo", shellProvider(#"printf '{"temp": 21}'"#))
        let locations = ["--providers", box.providers, "--cache", disk.path + "/cache"]
        #expect(await WeftProcess.weft(["refresh"] + locations).exitCode == 0)
        #expect(await WeftProcess.weft(["var", "set", "mood", "ok"] + locations).exitCode == 0)
        let remount = await WeftProcess.run(["mount", "-o", "remount,ro", disk.path])
        #expect(remount.exitCode == 0, "\(remount)")
        let get = await WeftProcess.weft(["resolve", "{{__demo_temp}} {{mood}}"] + locations)
        #expect(get.exitCode == 0 && get.stdout == "21 ok\n", "\(get)")
    }

    /// A command provider running `script` with bash (for `exec -a`, which names the process for pgrep).
    static func bash(_ script: String, extra: String) -> String {
        "type = \"command\"\ncommand = \(tomlArray(["bash", "-c", script]))\n\(extra)\n"
    }

    @Test func aBackgroundChildHoldingStdoutDoesNotMakeAFinishedCommandTimeOut() async throws {
        let box = try Sandbox()
        let marker = "weft-hostile-\(getpid())-bg"
        // The shell prints its JSON and exits, leaving a child that holds stdout for a minute.
        try box.provider(
            "bg", Self.bash("(exec -a \(marker) sleep 60) & printf '{\"a\": 1}'", extra: #"timeout = "10s""#))
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0 && refresh.stderr.contains("bg: ok"), "\(refresh)")
        #expect(await box.weft("get", "__bg_a").stdout == "1\n")
        let left = await WeftProcess.run(["pgrep", "-f", "^\(marker)"])
        #expect(left.stdout.isEmpty, "the background child was stopped with its group: \(left)")
    }

    @Test func aCommandDiesWithARefreshKilledWithSignalNine() async throws {
        let box = try Sandbox()
        let marker = "weft-hostile-\(getpid())-orphan"
        let pidFile = box.path("command.pid")
        // The shell writes its pid and becomes the marked sleep (exec keeps the pid). Watched by that pid, not by a
        // pgrep over every process: reading other processes' command lines stalls while a big import in another
        // test holds its memory map, and the command's 30 s could pass unseen.
        try box.provider(
            "slow", Self.bash("echo $$ > '\(pidFile)'; exec -a \(marker) sleep 600", extra: #"timeout = "300s""#))
        let refresh = try StreamingChild([WeftProcess.binary, "refresh"] + box.locations)
        var pid: pid_t?
        let started = await Poll.until(within: .seconds(180), every: .milliseconds(50)) {
            let text = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
            pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            guard let pid else { return false }
            return ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").hasPrefix(marker)
        }
        #expect(started, "the command started")
        refresh.send(SIGKILL)
        _ = refresh.ending(within: .seconds(5))
        guard let pid else { return }
        let stopped = await Poll.until(every: .milliseconds(50)) { !BadInputTests.isRunning(pid) }
        #expect(stopped, "the parent-death signal stopped the command \(pid)")
        if !stopped { kill(pid, SIGKILL) }
    }

    // MARK: item 2: a crash leaves a record

    @Test func aProviderThatCrashedIsNamedAndRunsLastNextTime() async throws {
        let box = try Sandbox()
        let order = box.path("order")
        for name in ["a", "b", "c"] {
            try box.provider(name, shellProvider("echo \(name) >> '\(order)'; " + #"printf '{"v": 1}'"#))
        }
        // A real trap inside the refresh (debug builds honour this variable; release builds do not have it).
        let crash = await box.weft(
            arguments: ["refresh"] + Fixed.clock,
            environment: ["WEFT_TEST_CRASH_PROVIDER": "b", "SWIFT_BACKTRACE": "enable=no"])
        #expect(crash.signal != nil, "the refresh crashed: \(crash)")
        try box.write(order, "--\n")
        let next = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(next.exitCode == 0, "\(next)")
        #expect(next.stderr.contains("b: weft died while this provider was refreshing"), "\(next)")
        // Every provider the crash interrupted (b, and any that ran beside it) runs after the others.
        let interrupted = ["a", "b", "c"].filter { next.stderr.contains("\($0): weft died") }
        let ran = try String(contentsOfFile: order, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
        #expect(ran.count == 3, "\(ran)")
        let firstInterrupted = ran.firstIndex { interrupted.contains($0) } ?? ran.endIndex
        #expect(ran[firstInterrupted...].allSatisfy { interrupted.contains($0) }, "interrupted ones ran last: \(ran)")
        #expect(await box.weft("get", "__b_v").stdout == "1\n")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: box.cache)).contains { $0.contains("running") })
    }

    /// Found by the FuzzProviderFile target: toml++ asserts (killing weft) on a third bracket in a table header.
    @Test(arguments: ["[[[a]]]", "[[ [a]]", "[#d.", "type = \"command\"\n[[[[[[[[latitude = 1e300"])
    func aTableHeaderWithTooManyBracketsIsAConfigError(_ text: String) async throws {
        let box = try Sandbox()
        try box.provider("odd", text + "\n")
        let check = await box.weft(arguments: ["check"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(check.signal == nil, "\(check)")
        #expect(check.stdout.contains("odd.toml:") && check.stdout.contains("malformed TOML"), "\(check)")
    }

    @Test func theCronLineEscapesPercentSigns() async throws {
        let box = try Sandbox()
        let odd = box.path("p%x")
        let result = await WeftProcess.weft([
            "schedule", "--cron", "--providers", odd + "/providers", "--cache", odd + "/cache",
        ])
        #expect(result.exitCode == 0, "\(result)")
        let line = try #require(result.stdout.split(separator: "\n").last)
        #expect(line.contains(#"p\%x/providers"#), "\(result)")
        #expect(!line.replacingOccurrences(of: #"\%"#, with: "").contains("%"), "no bare % is left: \(line)")
    }
}
