import Foundation
import Testing

/// Counters you can manage (issue 25, point 10): a floor and a ceiling, buttons and `incr`/`decr` that apply the
/// signed amount they show, and the README's counter example right past the goal.
@Suite("counter limits, signed steps and ratio")
struct CounterLimitTests {
    /// `weft var …` in Berlin at the pinned instant.
    static func vars(_ box: Sandbox, _ arguments: String...) async -> ProcessResult {
        await box.weft(arguments: ["var"] + arguments + Fixed.clock)
    }

    /// Water went to −6: without a floor every extra right-click counted. With `--min 0` it stops at 0, with
    /// `--max` at the ceiling, and a value set outside the limits is refused with the reason.
    @Test func aCounterStopsAtItsFloorAndCeiling() async throws {
        let box = try Sandbox()
        let make = await Self.vars(box, "set", "water", "1", "--goal", "8", "--reset", "daily", "--min", "0")
        #expect(make.exitCode == 0, "\(make)")
        #expect(await Self.vars(box, "incr", "water", "--by", "-1").stdout == "0\n")
        for _ in 0..<6 {
            let down = await Self.vars(box, "incr", "water", "--by", "-1")
            #expect(down.exitCode == 0 && down.stdout == "0\n", "the floor holds: \(down)")
        }
        #expect(await Self.vars(box, "decr", "water").stdout == "0\n")
        #expect(await Self.vars(box, "incr", "water", "--max", "10", "--by", "25").stdout == "10\n")
        #expect(await Self.vars(box, "incr", "water").stdout == "10\n", "the ceiling holds")
        #expect(await Self.vars(box, "decr", "water", "--by", "3").stdout == "7\n")

        let below = await WeftProcess.weft(["var", "set", "water"] + Fixed.clock + box.locations + ["--", "-3"])
        #expect(below.exitCode == 1, "\(below)")
        #expect(below.stderr.contains("counter \"water\": -3 is below the minimum 0; nothing was changed"), "\(below)")
        let crossed = await Self.vars(box, "set", "water", "5", "--min", "11")
        #expect(
            crossed.exitCode == 1 && crossed.stderr.contains("the minimum 11 is above the maximum 10"), "\(crossed)")
        let resets = await Self.vars(box, "set", "water", "7", "--min", "1")
        #expect(
            resets.exitCode == 1 && resets.stderr.contains("the reset value 0 is below the minimum 1"), "\(resets)")
        #expect(await Self.vars(box, "get", "water").stdout == "7\n", "a refused write changes nothing")

        let list = await Self.vars(box, "list")
        #expect(list.stdout.contains("water = 7  (counter, step 1, goal 8, min 0, max 10, resets daily)"), "\(list)")
        let json = await Self.vars(box, "list", "--json")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(entries.first?["min"] as? Double == 0 && entries.first?["max"] as? Double == 10, "\(json)")

        // `none` lifts a limit; the rule keeps the other one.
        #expect(await Self.vars(box, "incr", "water", "--max", "none", "--by", "5").stdout == "12\n")
        #expect(await Self.vars(box, "list").stdout.contains("(counter, step 1, goal 8, min 0, resets daily)"))
    }

    /// A count-down counter (`--step -1`): `incr` applies −1 and `decr` +1, on the command line and on the
    /// dashboard, whose buttons are labelled with the amount they apply and placed lower-left, raise-right.
    @Test func aCountDownCounterMovesTheWayItsButtonsSay() async throws {
        let box = try Sandbox()
        #expect(await Self.vars(box, "set", "fuel", "5", "--step=-1", "--reset", "daily").exitCode == 0)
        #expect(await Self.vars(box, "incr", "fuel").stdout == "4\n", "incr applies the step, −1")
        #expect(await Self.vars(box, "decr", "fuel").stdout == "5\n", "decr applies its opposite, +1")

        let server = try await ServeTests.Server(box, Fixed.clock)
        defer {
            server.child.send(SIGTERM)
            _ = server.child.ending(within: .seconds(15))
        }
        let board = await server.request("/board")
        #expect(board.status == 200, "\(board.status)")
        let buttons = Self.buttons(of: "fuel", in: board.body)
        #expect(buttons.map(\.label) == ["−1", "+1"], "\(buttons)")
        // The right-hand (raising) button raises: before, it was `+` and posted `incr`, which applied −1.
        let raise = try #require(buttons.first { $0.css.contains("plus") }, "\(board.body)")
        #expect(raise.label == "+1")
        let up = await server.request(raise.action, method: "POST", headers: ["Accept: application/json"])
        #expect(up.status == 200 && up.body.contains(#""value":"6""#), "the +1 button adds 1: \(up)")
        let lower = try #require(buttons.first { $0.css.contains("minus") })
        #expect(lower.label == "−1")
        let down = await server.request(lower.action, method: "POST", headers: ["Accept: application/json"])
        #expect(down.status == 200 && down.body.contains(#""value":"5""#), "the −1 button takes 1: \(down)")
    }

    /// At its floor the counter's lowering button is shown disabled, so a click cannot push against the limit.
    @Test func theButtonAtALimitIsDisabled() async throws {
        let box = try Sandbox()
        #expect(await Self.vars(box, "set", "water", "0", "--goal", "8", "--min", "0").exitCode == 0)
        let server = try await ServeTests.Server(box, Fixed.clock)
        defer {
            server.child.send(SIGTERM)
            _ = server.child.ending(within: .seconds(15))
        }
        let buttons = Self.buttons(of: "water", in: await server.request("/board").body)
        #expect(buttons.map(\.label) == ["−1", "+1"], "\(buttons)")
        #expect(buttons.map(\.disabled) == [true, false], "\(buttons)")
    }

    /// The README's counter example, taken from the README itself, at 0, 4, 8 and 9 of 8: the bar fills and the
    /// percentage reads 100% at and past the goal (WidgetWeaver's `bar` and `percent` read a value above 1 as a
    /// percentage already, so `water/8` showed an empty bar and 1.12% at 9).
    @Test(arguments: [
        ("0", "💧 0/8 ░░░░░░░░ 0%"), ("4", "💧 4/8 ████░░░░ 50%"), ("8", "💧 8/8 ████████ 100%"),
        ("9", "💧 9/8 ████████ 100%"),
    ])
    func theReadmeCounterExampleStaysRightPastTheGoal(_ water: String, _ expected: String) async throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let line = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("$ weft resolve '💧 {{water|0}}/8") }, "README example")
        let open = try #require(line.firstIndex(of: "'"))
        let close = try #require(line.lastIndex(of: "'"))
        let template = String(line[line.index(after: open)..<close])
        #expect(template.contains("ratio(water,8)"), "\(template)")
        let box = try Sandbox()
        #expect(await Self.vars(box, "set", "water", water, "--goal", "8").exitCode == 0)
        let render = await box.weft(arguments: ["resolve", template] + Fixed.clock)
        #expect(render.exitCode == 0 && render.stdout == expected + "\n", "\(render)")
    }

    /// A cache written before counter limits existed (no `counter_min`/`counter_max` columns, no v7 migration) is
    /// read as it is; the next write migrates it and the counter keeps its value and rule.
    @Test func aCacheWithoutLimitColumnsIsStillRead() async throws {
        let box = try Sandbox()
        #expect(await Self.vars(box, "set", "water", "3", "--goal", "8").exitCode == 0)
        let downgrade = await WeftProcess.run([
            "sqlite3", box.database,
            "ALTER TABLE variable DROP COLUMN counter_min; ALTER TABLE variable DROP COLUMN counter_max; "
                + "DELETE FROM grdb_migrations WHERE identifier LIKE 'v7%';",
        ])
        #expect(downgrade.exitCode == 0, "\(downgrade)")
        #expect(await Self.vars(box, "get", "water").stdout == "3\n")
        #expect(await box.weft(arguments: ["resolve", "{{water}}/8"] + Fixed.clock).stdout == "3/8\n")
        #expect(await Self.vars(box, "list").stdout.contains("water = 3  (counter, step 1, goal 8)"))
        #expect(await Self.vars(box, "decr", "water", "--min", "3").stdout == "3\n", "the write migrates")
        #expect(await Self.vars(box, "list").stdout.contains("water = 3  (counter, step 1, goal 8, min 3)"))
    }

    /// One button of a counter's card row: its endpoint, label, classes and whether it is disabled.
    struct Button: CustomStringConvertible {
        var action: String
        var label: String
        var css: String
        var disabled: Bool
        var description: String { "\(label) → \(action) [\(css)]\(disabled ? " disabled" : "")" }
    }

    /// The buttons in the counter row of `key`, left to right.
    static func buttons(of key: String, in html: String) -> [Button] {
        guard let start = html.range(of: "<li data-key=\"\(key)\">") else { return [] }
        let row = html[start.upperBound...].prefix { $0 != "\n" }
        return row.components(separatedBy: "<form").dropFirst().compactMap { form in
            guard let action = attribute("action", in: form), let css = buttonClass(in: form),
                let end = form.range(of: "</button>"), let open = form[..<end.lowerBound].lastIndex(of: ">")
            else { return nil }
            return Button(
                action: action, label: String(form[form.index(after: open)..<end.lowerBound]), css: css,
                disabled: form.contains(" disabled>"))
        }
    }

    private static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: name + "=\"") else { return nil }
        let rest = text[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    private static func buttonClass(in form: String) -> String? {
        guard let button = form.range(of: "<button") else { return nil }
        return attribute("class", in: String(form[button.upperBound...]))
    }
}
