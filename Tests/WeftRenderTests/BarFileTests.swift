import Foundation
import Testing
import WeftCore
import WeftRender

/// `weft bar`'s file: blocks with templates, i3bar fields and argv actions; problems on their lines.
@Suite struct BarFileTests {
    @Test func readsBlocksWithTheirFieldsAndActions() throws {
        let file = BarFile(
            text: """
                [[block]]
                name = "water"
                template = "💧 {{water|0}}/8"
                color = "{{water_color|}}"
                min_width = 80
                align = "right"
                separator = false
                interval = "5s"
                on_click = ["weft", "var", "incr", "water"]
                on_scroll_down = ["weft", "var", "incr", "water", "--by", "-1"]

                [[block]]
                name = "clock"
                template = "{{__time}}"
                min_width = "00:00"
                """, file: "bar.toml")
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.blocks.map(\.name) == ["water", "clock"])
        let water = try #require(file.blocks.first)
        #expect(water.line == 1 && file.blocks[1].line == 12)
        #expect(water.minWidth == .pixels(80) && file.blocks[1].minWidth == .text("00:00"))
        #expect(water.align == "right" && water.separator == false && water.interval == .seconds(5))
        #expect(water.actions[.left] == ["weft", "var", "incr", "water"])
        #expect(water.actions[.scrollDown]?.last == "-1" && water.actions[.right] == nil)
    }

    @Test func problemsNameTheFileAndLine() {
        let file = BarFile(
            text: """
                [[block]]
                name = "a"
                template = "x"

                [[block]]
                name = "a"
                template = "y"

                [[block]]
                template = "z"
                interval = "5ms"
                on_right_click = []
                """, file: "bar.toml")
        let messages = file.problems.map(\.description)
        #expect(
            messages.contains { $0.hasPrefix("bar.toml:6: a second block named \"a\" (the first is on line 1)") },
            "\(messages)")
        #expect(messages.contains { $0.hasPrefix("bar.toml:9: block 3: missing name") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("bar.toml:11: block 3: interval:") }, "\(messages)")
        #expect(
            messages.contains { $0.hasPrefix("bar.toml:12: block 3: on_right_click: must be a non-empty") },
            "\(messages)")
        #expect(file.blocks.map(\.name) == ["a"])
        #expect(BarFile(text: "", file: "e.toml").problems.first?.description.contains("no [[block]] tables") == true)
        #expect(BarFile(text: "[[block]\n", file: "m.toml").problems.first?.description.hasPrefix("m.toml:1:") == true)
    }
}
