import Foundation
import Logging
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftCommandProvider

func makeProvider(_ toml: String, instance: String = "probe") throws -> any Provider {
    try CommandKind.make(try ProviderConfig(text: "type = \"command\"\n" + toml, file: "providers/\(instance).toml"))
}

func refresh(_ provider: any Provider) async throws -> Snapshot {
    let context = RefreshContext(
        now: Date(timeIntervalSince1970: 1_773_135_000), previous: nil, timeZone: TimeZone(identifier: "UTC")!,
        logger: Logger(label: "test"))
    guard case .updated(let snapshot) = try await provider.refresh(context).change else {
        throw NoSnapshot()
    }
    return snapshot
}

struct NoSnapshot: Error {}

func shell(_ script: String, extra: String = "") -> String {
    let escaped = script.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "command = [\"/bin/sh\", \"-c\", \"\(escaped)\"]\n" + extra
}

@Suite struct CommandProviderTests {
    @Test func printsAnObjectThatBecomesPrefixedVariables() async throws {
        let provider = try makeProvider(
            shell(#"echo '{"Load": 0.5, "users": 3, "host name": "box", "gone": null}'"#, extra: "interval = \"2m\"\n"))
        #expect(provider.prefix == "__probe_")
        let snapshot = try await refresh(provider)
        #expect(snapshot.validUntil.timeIntervalSince(snapshot.fetchedAt) == 120)
        let variables = try CommandKind.variables(
            of: snapshot,
            context: VariableContext(now: snapshot.fetchedAt, timeZone: .gmt, locale: Locale(identifier: "en_US")))
        #expect(variables == ["__probe_load": "0.5", "__probe_users": "3", "__probe_host name": "box"])
    }

    /// The table at the head of CommandVariables.swift is the one list of keys: every printed key, canonical, and
    /// nothing else.
    @Test func theProgramsKeysAreExactlyTheDocumentedRule() async throws {
        let provider = try makeProvider(shell(#"echo '{"Text": "Be kind.", "  Word   count ": 2, "gone": null}'"#))
        let snapshot = try await refresh(provider)
        let variables = try CommandKind.variables(
            of: snapshot,
            context: VariableContext(now: snapshot.fetchedAt, timeZone: .gmt, locale: Locale(identifier: "en_US")))
        let table = try KeyTable(sourceFile: "CommandVariables.swift")
        #expect(
            table.mismatches(
                derived: variables.keys, prefix: "__probe_", placeholders: ["key": ["text", "word count"]])
                == [])
    }

    @Test func configuredPrefix() throws {
        #expect(try makeProvider("command = [\"true\"]\nprefix = \"__up_\"\n").prefix == "__up_")
        #expect(throws: ConfigError.self) { try makeProvider("command = [\"true\"]\nprefix = \"Up\"\n") }
    }

    @Test func configErrorsNameTheKey() {
        #expect {
            _ = try makeProvider("timeout = \"1s\"\n")
        } throws: { "\($0)".contains("missing required key \"command\"") }
        #expect {
            _ = try makeProvider("command = []\n")
        } throws: { "\($0)".contains("providers/probe.toml:2: key \"command\": must name a program") }
        #expect {
            _ = try makeProvider("command = [\"true\"]\ntimout = \"1s\"\n")
        } throws: { "\($0)".contains("providers/probe.toml:3: unknown key \"timout\"") }
    }

    @Test func nonZeroExitReportsStatusAndStderr() async throws {
        let provider = try makeProvider(shell("echo working >&2; echo 'token expired' >&2; exit 3"))
        await #expect(
            throws: CommandError.exited(
                command: "/bin/sh -c echo working >&2; echo 'token expired' >&2; exit 3", status: 3,
                stderr: "token expired")
        ) {
            _ = try await refresh(provider)
        }
    }

    @Test func nonJSONOutputIsQuoted() async throws {
        let provider = try makeProvider(shell("echo 'load: high'"))
        await #expect {
            _ = try await refresh(provider)
        } throws: { "\($0)".contains("printed something that is not JSON (invalid JSON): \"load: high⏎\"") }
    }

    @Test func wrongShapesAreExplained() async throws {
        await #expect {
            _ = try await refresh(try makeProvider(shell("echo '[1,2]'")))
        } throws: { "\($0)".contains("printed JSON that is an array, not an object") }
        await #expect {
            _ = try await refresh(try makeProvider(shell(#"echo '{"ok": true}'"#)))
        } throws: { "\($0)".contains("printed a boolean for \"ok\"") }
        await #expect {
            _ = try await refresh(try makeProvider(shell("true")))
        } throws: { "\($0)".contains("(no output)") }
    }

    @Test func hangingCommandIsStoppedAtItsTimeout() async throws {
        let provider = try makeProvider(shell("sleep 300 & sleep 300", extra: "timeout = \"500ms\"\n"))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect {
            _ = try await refresh(provider)
        } throws: { "\($0)".contains("did not finish within 0.5 s; it was stopped") }
        // Far below the 300 s the command would run; generous because a loaded machine runs tests slowly.
        #expect(clock.now - start < .seconds(120))
    }

    @Test func floodingCommandIsStoppedAtItsCap() async throws {
        let provider = try makeProvider(shell("yes '{\"x\": 1}' | head -c 52428800", extra: "max_output = 65536\n"))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(
            throws: CommandError.outputTooLarge(command: "/bin/sh -c yes '{\"x\": 1}' | head -c 52428800", limit: 65536)
        ) {
            _ = try await refresh(provider)
        }
        #expect(clock.now - start < .seconds(120))
    }

    @Test func missingProgramCannotStart() async throws {
        await #expect {
            _ = try await refresh(try makeProvider("command = [\"/no/such/program\"]\n"))
        } throws: { "\($0)" == "cannot run /no/such/program: No such file or directory" }
    }

    @Test func programsAreFoundOnThePathAndGetNoShell() async throws {
        // The argument is passed as is: no shell expands `$HOME` or splits on spaces.
        let provider = try makeProvider(#"command = ["printf", "{\"a\": \"%s\"}", "$HOME and more"]"# + "\n")
        let snapshot = try await refresh(provider)
        #expect(String(decoding: snapshot.payload, as: UTF8.self) == #"{"values":{"a":"$HOME and more"}}"#)
    }
}
