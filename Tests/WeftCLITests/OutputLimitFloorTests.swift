import Foundation
import Testing

/// `--max-output` below the renderer's floor is an error that names the option, the floor and the value; it was
/// raised to the floor without a word.
@Suite("--max-output floor")
struct OutputLimitFloorTests {
    @Test(arguments: [
        ["get", "__time"], ["resolve", "{{__time}}"], ["watch", "{{__time}}"],
    ])
    func belowTheFloorIsAnError(_ command: [String]) async throws {
        let box = try Sandbox()
        for value in ["15", "0", "-1"] {
            let result = await box.weft(
                arguments: command + ["--max-output=\(value)"] + Fixed.clock, timeout: .seconds(10))
            #expect(result.exitCode != 0 && result.exitCode != nil, "\(command) \(value): \(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(
                result.stderr.contains("--max-output must be at least 16 bytes, not \(value)"),
                "\(command) \(value): \(result)")
        }
    }

    @Test func theFloorItselfIsAccepted() async throws {
        let box = try Sandbox()
        let get = await box.weft(arguments: ["get", "__time", "--max-output", "16"] + Fixed.clock)
        #expect(get.exitCode == 0 && get.stdout == "10:30\n", "\(get)")
        let resolve = await box.weft(
            arguments: ["resolve", "--max-output=16", String(repeating: "x", count: 40)] + Fixed.clock)
        #expect(resolve.exitCode == 0 && resolve.stdout.utf8.count == 17, "cut to 16 bytes: \(resolve)")
    }
}
