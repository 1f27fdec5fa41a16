import Foundation
import Testing
import WeftPrimitives

@testable import WeftCalendar
import WeftRecurrence

/// Thousands of random valid RRULEs (every part), expanded by the engine and by python-dateutil's `rrulestr`,
/// compared on their first instances. `make test` installs python-dateutil into a venv and names its Python in
/// `WEFT_TEST_PYTHON`; without python-dateutil the test is skipped with a message.
///
/// The generator leaves out the few shapes where dateutil knowingly departs from RFC 5545: plain and numbered
/// weekdays in one BYDAY (dateutil intersects them), BYSETPOS in a WEEKLY rule whose DTSTART is not on WKST
/// (dateutil cuts the first week at DTSTART), and negative BYWEEKNO beyond -10 (it counts those in the wrong year).
@Suite struct DateutilDifferentialTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recurrence/dateutil_expand.py").path

    /// The Python to run, as a program and its leading arguments: `WEFT_TEST_PYTHON`, else `python3` on the PATH.
    static var python: (program: String, arguments: [String]) {
        if let path = ProcessInfo.processInfo.environment["WEFT_TEST_PYTHON"] { return (path, []) }
        return ("/usr/bin/env", ["python3"])
    }

    /// True when the Python has python-dateutil.
    static let hasDateutil: Bool = {
        guard let result = try? run(python.program, python.arguments + ["-c", "import dateutil.rrule"], input: "")
        else { return false }
        return result.status == 0
    }()

    static func run(_ program: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Write on another thread: the script's output may fill the pipe before it has read all input.
        let data = Data(input.utf8)
        let writer = Thread {
            stdin.fileHandleForWriting.write(data)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// A small deterministic generator (SplitMix64), so a failure names a case that can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
        }
        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
        mutating func values(_ range: ClosedRange<Int>, most: Int = 3, nonZero: Bool = false) -> [Int] {
            var found: [Int] = []
            for _ in 0..<int(1...most) {
                let value = int(range)
                if nonZero && value == 0 { continue }
                if !found.contains(value) { found.append(value) }
            }
            return found.isEmpty ? [range.upperBound == 0 ? -1 : max(1, range.upperBound)] : found
        }
    }

    struct Case {
        let start: Int64
        let rule: String
    }

    static let weekdayNames = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    static func randomCase(_ random: inout Random) -> Case {
        let frequencies = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
        // Longer frequencies more often: they have more parts that interact.
        let frequency = frequencies[random.chance(20) ? random.int(0...2) : random.int(3...6)]
        let day = CivilDate.daysFromCivil(
            year: random.int(1990...2030), month: random.int(1...12), day: random.int(1...28))
        let start = day * 86_400 + Int64(random.int(0...23) * 3600 + random.int(0...59) * 60 + random.int(0...59))
        var parts = ["FREQ=\(frequency)"]
        if random.chance(40) { parts.append("INTERVAL=\(random.int(1...(frequency == "SECONDLY" ? 90 : 5)))") }
        if random.chance(40) { parts.append("COUNT=\(random.int(1...30))") }
        func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
        if random.chance(25) { parts.append("BYMONTH=" + list(random.values(1...12))) }
        if random.chance(25) { parts.append("BYMONTHDAY=" + list(random.values(-31...31, nonZero: true))) }
        if random.chance(15) { parts.append("BYYEARDAY=" + list(random.values(-366...366, nonZero: true))) }
        if random.chance(15) && frequency != "WEEKLY" {
            let numbers = random.chance(70) ? random.values(1...53) : random.values(-10 ... -1)
            parts.append("BYWEEKNO=" + list(numbers))
        }
        if random.chance(35) {
            let numbered = (frequency == "MONTHLY" || frequency == "YEARLY") && random.chance(50)
            var days: [String] = []
            for _ in 0..<random.int(1...3) {
                let name = weekdayNames[random.int(0...6)]
                let limit = frequency == "YEARLY" && !parts.contains(where: { $0.hasPrefix("BYMONTH=") }) ? 53 : 5
                let ordinal = random.chance(50) ? random.int(1...limit) : -random.int(1...limit)
                let item = numbered ? "\(ordinal)\(name)" : name
                if !days.contains(item) { days.append(item) }
            }
            parts.append("BYDAY=" + days.joined(separator: ","))
        }
        if random.chance(frequency == "SECONDLY" ? 60 : 25) { parts.append("BYHOUR=" + list(random.values(0...23))) }
        if random.chance(frequency == "SECONDLY" ? 60 : 25) { parts.append("BYMINUTE=" + list(random.values(0...59))) }
        if random.chance(20) { parts.append("BYSECOND=" + list(random.values(0...59))) }
        var weekStart = random.int(0...6)
        if random.chance(20) && parts.count > 1 {
            parts.append("BYSETPOS=" + list(random.values(-6...6, most: 2, nonZero: true)))
            if frequency == "WEEKLY" { weekStart = LocalDay.weekday(day) - 1 }
        }
        if random.chance(40) || parts.contains(where: { $0.hasPrefix("BYSETPOS") }) {
            parts.append("WKST=\(weekdayNames[weekStart])")
        }
        return Case(start: start, rule: parts.joined(separator: ";"))
    }

    static func text(_ wall: Int64) -> String {
        let date = CivilDate.civil(fromDays: wall.floorDiv(86_400))
        let rest = wall.floorMod(86_400)
        return String(
            format: "%04d%02d%02dT%02d%02d%02d", date.year, date.month, date.day, rest / 3600, rest / 60 % 60, rest % 60
        )
    }

    /// How far ahead instances are compared: dateutil steps sub-daily rules one period at a time, so those look
    /// days ahead, not years.
    static func horizon(_ rule: String) -> Int64 {
        if rule.contains("FREQ=SECONDLY") { return 2 * 86_400 }
        if rule.contains("FREQ=MINUTELY") { return 20 * 86_400 }
        if rule.contains("FREQ=HOURLY") { return 400 * 86_400 }
        return 12 * 365 * 86_400
    }

    @Test(
        "random RRULEs give python-dateutil's first instances",
        .enabled(if: hasDateutil, "python-dateutil is not installed (make test installs it into a venv); skipped"))
    func matchesDateutil() throws {
        var random = Random(state: 20_251_126)
        let instances = 12
        var cases: [Case] = []
        var input = ""
        while cases.count < 2000 {
            let item = Self.randomCase(&random)
            cases.append(item)
            let horizon = item.start + Self.horizon(item.rule)
            input += "\(Self.text(item.start))|\(item.rule)|\(instances)|\(Self.text(horizon))\n"
        }
        // WEFT_DATEUTIL_CASES=FILE keeps the cases, to replay them with the script by hand.
        if let path = ProcessInfo.processInfo.environment["WEFT_DATEUTIL_CASES"] {
            try input.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let result = try Self.run(Self.python.program, Self.python.arguments + [Self.script], input: input)
        try #require(result.status == 0, "dateutil_expand.py failed")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count >= cases.count)
        var compared = 0
        var mismatches: [String] = []
        for (item, line) in zip(cases, lines) {
            if line.hasPrefix("error:") { continue }
            let rule = try RecurrenceRule.parse(item.rule)
            let engine = RecurrenceEngine(rule: rule, start: item.start, isDate: false)
            let horizon = item.start + Self.horizon(item.rule)
            let expansion = engine.instances(from: item.start, through: horizon, budget: 2_000_000)
            #expect(!expansion.budgetExceeded, "\(item.rule)")
            let mine = expansion.instances.prefix(instances).map(Self.text).joined(separator: " ")
            compared += 1
            if mine != line {
                mismatches.append(
                    "DTSTART:\(Self.text(item.start)) RRULE:\(item.rule)\n  weft:     \(mine)\n  dateutil: \(line)")
            }
        }
        #expect(compared > 1200, "only \(compared) cases were comparable")
        let report = "\(mismatches.count) of \(compared) differ:\n" + mismatches.prefix(8).joined(separator: "\n")
        #expect(mismatches.isEmpty, "\(report)")
    }
}
