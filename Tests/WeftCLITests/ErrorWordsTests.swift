import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every error a user can meet names the thing, the place and the fix in words, through the built binary: never a
/// Swift type, an enum case, a system call's signature or an errno.
@Suite struct ErrorWordsTests {
    /// What a programmer's name for an error looks like in text a person reads.
    static let internals: [(name: String, pattern: String)] = [
        ("a call with labels", #"[a-z]+[A-Z][a-zA-Z]*\("#), ("an error type", #"Error\("#), ("an errno", "errno:"),
        ("an enum case", #"\.[a-z]+[A-Z]\w*"#), ("an optional", #"Optional\("#),
        ("a bare case name", #"(^|[\s:(])[a-z]+[A-Z][A-Za-z]*[a-z]($|[\s;,.)])"#),
    ]

    /// The internals `text` shows, by name (the sandbox's own path left out: it is not weft's wording).
    static func internals(in text: String, box: Sandbox) -> [String] {
        // Names that are written so (iCalendar, iPhone) are words, not cases.
        var text = text.replacingOccurrences(of: box.root, with: "ROOT")
        for name in ["iCalendar", "iPhone", "iOS", "macOS"] { text = text.replacingOccurrences(of: name, with: "NAME") }
        return internals.compactMap { name, pattern in
            text.range(of: pattern, options: .regularExpression).map { "\(name): \(text[$0])" }
        }
    }

    /// A socket listening on 127.0.0.1 at a port the system picked, and that port.
    static func listeningSocket() throws -> (socket: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SandboxError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && listen(descriptor, 1) == 0
                    && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else { throw SandboxError("bind: \(errno)") }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test func servingOnAPortInUseSaysTheAddressAndThePortOption() async throws {
        let box = try Sandbox()
        let (descriptor, port) = try Self.listeningSocket()
        defer { close(descriptor) }
        let run = await box.weft(arguments: ["serve", "--port", "\(port)", "--no-token"])
        #expect(run.exitCode == 1, "\(run)")
        #expect(
            run.stderr.contains(
                "weft: error: cannot listen on 127.0.0.1:\(port): the port is in use (another weft serve?); choose "
                    + "another with --port"), "\(run)")
        #expect(!run.stderr.contains("bind(") && !run.stderr.contains("errno"), "\(run)")
    }

    @Test func aWeatherKitKeyThatIsNotAPEMKeySaysWhatTheFileMustHold() async throws {
        let box = try Sandbox()
        try box.write("providers/key.p8", "not a key\n")
        try box.provider(
            "wk",
            """
            type = "weatherkit"
            latitude = 52.5
            longitude = 13.4
            team_id = "ABCDE12345"
            service_id = "com.example.weft"
            key_id = "K1"
            private_key_file = "key.p8"
            """)
        let run = await box.weft("check")
        #expect(run.exitCode == 2, "\(run)")
        #expect(
            run.stdout.contains(
                "wk.toml:7: key \"private_key_file\": \(box.providers)/key.p8: it holds no PEM key (no -----BEGIN "
                    + "PRIVATE KEY----- line); download the key from Apple Developer"), "\(run)")
        #expect(!run.stdout.contains("PEMDocument"), "\(run)")
    }

    @Test func aCommandPrintingAJSONArraySaysAnObjectIsWanted() async throws {
        let box = try Sandbox()
        try box.provider("arr", shellProvider("echo '[1, 2]'"))
        let run = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(run.exitCode == 1, "\(run)")
        #expect(
            run.stderr.contains(
                "printed JSON that is an array, not an object; it must print one JSON object of string or number "
                    + "values, such as {\"load\": 0.4, \"state\": \"ok\"}"), "\(run)")
    }

    @Test func anInstanceGivenAsItsFileNameSaysTheInstanceName() async throws {
        let box = try Sandbox()
        try box.provider("weather", shellProvider("echo '{}'"))
        for name in ["weather.toml", "\(box.providers)/weather.toml"] {
            let run = await box.weft(arguments: ["refresh", name] + Fixed.clock)
            #expect(run.exitCode == 2, "\(run)")
            #expect(
                run.stderr.contains(
                    "no provider named \"\(name)\": an instance is named by its file name without the folder and "
                        + ".toml (\"weather\" for \(box.providers)/weather.toml)"), "\(run)")
            #expect(!run.stderr.contains(".toml.toml"), "\(run)")
        }
    }

    @Test func aRelativeProgramPathIsShownWithoutDotComponents() async throws {
        let box = try Sandbox()
        try box.provider("rel", "type = \"command\"\ncommand = [\"./to.sh\"]\n")
        let run = await box.weft("check")
        #expect(
            run.stdout.contains("rel.toml:2: key \"command\": \(box.providers)/to.sh is not an executable file"),
            "\(run)")
        #expect(!run.stdout.contains("/./"), "\(run)")
    }

    @Test func aPrefixConflictNamesBothFilesAtTheirLines() async throws {
        let box = try Sandbox()
        try box.provider("a", "type = \"command\"\ncommand = [\"true\"]\nprefix = \"__s_\"\n")
        try box.provider("b", "# the second\ntype = \"command\"\ncommand = [\"true\"]\nprefix = \"__s_\"\n")
        let run = await box.weft("check")
        #expect(run.exitCode == 2, "\(run)")
        #expect(
            run.stdout.contains(
                "\(box.providers)/b.toml:4: the variable prefix \"__s_\" is already used by \(box.providers)/a.toml:3; "
                    + "give this file a prefix of its own, such as prefix = \"__b_\""), "\(run)")
    }

    @Test func checkSaysEveryProblemOfAFile() async throws {
        let box = try Sandbox()
        try box.provider(
            "two",
            "type = \"command\"\ncomand = [\"x\"]\ncommand = [\"./gone.sh\"]\ntimout = \"5s\"\nmax_output = \"big\"\n")
        let run = await box.weft("check")
        #expect(run.exitCode == 2, "\(run)")
        let lines = run.stdout.split(separator: "\n").filter { $0.contains("two.toml:") }
        #expect(lines.count == 4, "\(run)")
        #expect(lines.first?.contains("two.toml:2: unknown key \"comand\"") == true, "\(run)")
        #expect(lines.dropFirst().first?.contains("two.toml:3: key \"command\": ") == true, "\(run)")
        #expect(lines.dropFirst(2).first?.contains("two.toml:4: unknown key \"timout\"") == true, "\(run)")
        #expect(lines.last?.contains("two.toml:5: key \"max_output\" must be") == true, "\(run)")
    }

    @Test func barCheckValidatesColoursAndSaysWhatAWidthIs() async throws {
        let box = try Sandbox()
        try box.write(
            "bar.toml",
            """
            [[block]]
            name = "x"
            template = "hi"
            color = "red"
            min_width = -5

            [[block]]
            name = "y"
            template = "hi"
            color = "#ff880080"
            min_width = "00:00"
            """)
        let run = await WeftProcess.weft(["bar", "--check", "--config", box.path("bar.toml")])
        #expect(run.exitCode != 0, "\(run)")
        #expect(
            run.stderr.contains(
                "bar.toml:4: block \"x\": color: must be a colour #rrggbb or #rrggbbaa (or a template giving one), "
                    + "found \"red\""), "\(run)")
        #expect(
            run.stderr.contains(
                "bar.toml:5: block \"x\": min_width: must be a whole number of pixels (0 to 10000) or a text as wide as "
                    + "the block should be, such as \"00:00\", found -5"), "\(run)")
        #expect(!run.stderr.contains("block \"y\""), "\(run)")
    }

    /// The bar on a terminal: its first frame has read for no time, so it shows no rate (it showed rows per 1 ms).
    @Test func theProgressBarsFirstFrameShowsNoRate() async throws {
        let box = try Sandbox()
        let file = FixtureFiles.path("steps", "fitbit/minuteStepsWide_merged.csv")
        let command = ([WeftProcess.binary, "steps", "import", file] + box.locations + Fixed.clock).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
        // script(1) gives weft a terminal, where the bar is drawn.
        let run = await WeftProcess.run(["/usr/bin/script", "-qec", command, "/dev/null"])
        #expect(run.exitCode == 0, "\(run)")
        let frames = run.stdout.split(separator: "\r").filter { $0.contains("minuteStepsWide_merged.csv ") }
        let first = try #require(frames.first, "\(run)")
        #expect(first.contains("rows"), "\(run)")
        #expect(!first.contains("/s"), "\(first)")
    }

    /// A backup that cannot be read or written says why: the system's reason, or what the path is instead.
    @Test func backupAndRestoreSayWhyAFileCannotBeUsed() async throws {
        let box = try Sandbox()
        let missing = await box.weft(arguments: ["restore", box.path("missing.json")])
        #expect(
            missing.exitCode == 1
                && missing.stderr == "weft: error: cannot read \(box.path("missing.json")): no such file or directory\n",
            "\(missing)")
        let folder = await box.weft(arguments: ["restore", box.root])
        #expect(folder.stderr.contains("cannot read \(box.root): it is a directory, not a regular file"), "\(folder)")
        let target = box.path("no/such/folder/backup.json")
        let unwritable = await box.weft(arguments: ["backup", target])
        #expect(
            unwritable.exitCode == 1
                && unwritable.stderr == "weft: error: cannot write \(target): no such file or directory\n",
            "\(unwritable)")
    }

    /// A list of failing commands, one per kind of mistake; none of their output shows weft's or a library's
    /// internals.
    @Test func failingCommandsSayNoInternals() async throws {
        let box = try Sandbox()
        // The patterns see what these messages said before they were put into words.
        for said in [
            "bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)", "x.p8: invalidPEMDocument",
            "CryptoKitASN1Error.invalidPEMDocument", "HeaderFailure(message: \"x\")", "Optional(\"x\")",
        ] {
            #expect(!Self.internals(in: said, box: box).isEmpty, "\(said)")
        }
        let (descriptor, port) = try Self.listeningSocket()
        defer { close(descriptor) }
        try box.write(
            "providers/key.p8",
            "-----BEGIN PRIVATE KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PRIVATE KEY-----\n")
        try box.provider(
            "wk",
            """
            type = "weatherkit"
            latitude = 52.5
            longitude = 13.4
            team_id = "T"
            service_id = "S"
            key_id = "K"
            private_key_file = "key.p8"
            """)
        try box.provider("arr", shellProvider("echo '[1]'"))
        try box.provider("notjson", shellProvider("echo 'hello'"))
        try box.provider("broken", "type = \"command\"\ncommand = [\"true\"\n")
        try box.provider("keys", "type = \"command\"\ncomand = 1\ncommand = [\"./missing.sh\"]\ntimeout = 5\n")
        try box.write("vars.json", "[1, 2]")
        try box.write("bad.json", "{\"a\": ")
        try box.write("bar.toml", "[[block]]\nname = 1\ncolor = \"blue\"\nmin_width = 1.5\n")
        try box.write("backup.json", "{\"x\": 1}")
        let runs: [[String]] = [
            ["serve", "--port", "\(port)", "--no-token"],
            ["serve", "--port", "70000"],
            ["check"],
            ["refresh"] + Fixed.clock,
            ["refresh", "weather.toml"],
            ["status"],
            ["resolve", "{{x}}", "--vars", box.path("vars.json")],
            ["resolve", "{{x}}", "--vars", box.path("bad.json")],
            ["resolve", "{{x}}", "--vars", box.path("missing.json")],
            ["resolve", "{{x}}", "--now", "yesterday"],
            ["steps", "import", box.path("missing.csv")] + Fixed.clock,
            ["steps", "import", box.path("vars.json")] + Fixed.clock,
            ["bar", "--check", "--config", box.path("bar.toml")],
            ["bar", "--check", "--config", box.path("missing.toml")],
            ["restore", box.path("backup.json")],
            ["restore", box.path("missing.json")],
            ["weather", "parse", "--type", "open-meteo", box.path("bad.json")] + Fixed.clock,
            ["calendar", "next", box.path("bad.json")] + Fixed.clock,
            ["steps", "days", "--instance", "steps.toml"],
            ["backup", box.path("no/such/folder/backup.json")],
        ]
        for arguments in runs {
            let run = await box.weft(arguments: arguments)
            #expect(run.exitCode != 0, "\(arguments): \(run)")
            let shown = Self.internals(in: run.stdout + "\n" + run.stderr, box: box)
            #expect(shown.isEmpty, "\(arguments): \(shown)\n\(run)")
        }
    }
}
