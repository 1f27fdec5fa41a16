import Foundation
import Testing

/// A damaged cache file: a clear message naming it and a non-zero exit, never a crash.
@Suite("corrupt cache")
struct CorruptCacheTests {
    /// A sandbox with a good snapshot and a stored variable, its database then damaged by `damage`.
    static func damaged(_ damage: (inout [UInt8]) -> Void) async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21}'"#))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        #expect(await box.weft("var", "set", "mood", "happy").exitCode == 0)
        #expect(await box.weft("get", "__demo_temp").stdout == "21\n")
        // A read-only reader cannot checkpoint on close, so fold the WAL into the main file first: the damage
        // must hit the data, not a file SQLite would ignore.
        let checkpoint = await WeftProcess.run(["sqlite3", box.database, "PRAGMA wal_checkpoint(TRUNCATE)"])
        #expect(checkpoint.exitCode == 0, "\(checkpoint)")
        #expect(!FileManager.default.fileExists(atPath: box.database + "-wal"))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: box.database)))
        damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: box.database))
        return box
    }

    /// Deterministic noise that is neither zeros nor a valid page.
    static func noise(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index &* 131 &+ 7) }

    static let commands: [[String]] = [
        ["get", "__demo_temp"],
        ["get", "mood"],
        ["resolve", "{{__demo_temp|?}} {{__time}}"],
        ["refresh", "--force"],
        ["vars"],
        ["status"],
        ["var", "get", "mood"],
        ["var", "incr", "mood"],
    ]

    @Test(arguments: commands)
    func garbageFileGivesAClearErrorNotACrash(_ command: [String]) async throws {
        let box = try await Self.damaged { bytes in
            for index in bytes.indices { bytes[index] = Self.noise(index) }
        }
        let result = await box.weft(arguments: command + Fixed.clock)
        #expect(result.signal == nil, "\(command): \(result)")
        #expect(result.exitCode != 0, "\(command): \(result)")
        #expect(result.exitCode != 127, "\(command): \(result)")
        #expect(result.stderr.contains(box.database), "names the cache file: \(command): \(result)")
        #expect(result.stderr.contains("damaged or not a weft cache"), "\(command): \(result)")
        #expect(result.stdout.isEmpty, "\(command): \(result)")
    }

    @Test func damagedFileIsNotOverwrittenByRefresh() async throws {
        let box = try await Self.damaged { bytes in
            for index in bytes.indices { bytes[index] = Self.noise(index) }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: box.database))
        let result = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("move it aside or delete it"), "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == before, "evidence is left alone")

        // Once the user moves it aside, refresh rebuilds a cache from scratch.
        try FileManager.default.moveItem(atPath: box.database, toPath: box.database + ".broken")
        let rebuilt = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(rebuilt.exitCode == 0, "\(rebuilt)")
        #expect(await box.weft("get", "__demo_temp").stdout == "21\n")
    }

    @Test func damagedHeaderWithIntactSize() async throws {
        // A valid-looking file size with the "SQLite format 3" header overwritten.
        let box = try await Self.damaged { bytes in
            for index in 0..<100 { bytes[index] = Self.noise(index) }
        }
        for command in [["get", "__demo_temp"], ["resolve", "{{__demo_temp}}"], ["refresh", "--force"]] {
            let result = await box.weft(arguments: command + Fixed.clock)
            #expect(result.signal == nil && result.exitCode != 0, "\(command): \(result)")
            #expect(result.stderr.contains(box.database), "\(command): \(result)")
        }
    }

    @Test func damagedDataPagesFailGetAndRefresh() async throws {
        // Page 1 (header and schema) intact, every other page garbage: opening works, reading tables fails.
        let box = try await Self.damaged { bytes in
            for index in 4096..<bytes.count { bytes[index] = Self.noise(index) }
        }
        for command in [["get", "__demo_temp"], ["get", "mood"], ["var", "get", "mood"], ["refresh", "--force"]] {
            let result = await box.weft(arguments: command + Fixed.clock)
            #expect(result.signal == nil && result.exitCode != 0, "\(command): \(result)")
            #expect(result.stderr.contains(box.database), "\(command): \(result)")
            #expect(result.stderr.contains("damaged or not a weft cache"), "\(command): \(result)")
            #expect(result.stdout.isEmpty, "\(command): \(result)")
        }
    }

    @Test(
        arguments: ["data pages", "empty file"])
    func resolveFailsOnUnreadableTables(_ kind: String) async throws {
        let box = try await Self.damaged { bytes in
            if kind == "empty file" {
                bytes = []
            } else {
                for index in 4096..<bytes.count { bytes[index] = Self.noise(index) }
            }
        }
        for command in [["resolve", "{{__demo_temp|?}}"], ["vars"]] {
            let result = await box.weft(arguments: command + Fixed.clock)
            #expect(result.signal == nil, "\(kind) \(command): \(result)")
            #expect(result.exitCode != 0, "\(kind) \(command): \(result)")
            #expect(result.stderr.contains(box.database), "\(kind) \(command): \(result)")
        }
    }

    @Test func cacheDirectoryThatIsAFile() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21}'"#))
        try box.write("notadir", "x")
        let cache = box.path("notadir")
        for command in [["refresh"], ["var", "set", "mood", "ok"]] {
            let result = await WeftProcess.weft(command + ["--providers", box.providers, "--cache", cache])
            #expect(result.signal == nil && result.exitCode != 0, "\(command): \(result)")
            #expect(result.stderr.contains(cache), "\(command): \(result)")
        }
    }
}
