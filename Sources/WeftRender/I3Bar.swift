import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The i3bar protocol of `weft bar`: the header, each rendering of the blocks as one JSON array, and the click
/// events i3bar and swaybar send on stdin.
public struct I3Bar: Sendable {
    /// The header line: protocol version 1, with click events, and the signals that pause and resume weft while the
    /// bar is hidden: SIGSTOP and SIGCONT (i3bar's and swaybar's defaults, written out so the choice is visible).
    /// SIGSTOP cannot be caught: the kernel holds the whole process, so nothing renders, wakes up or reads the cache
    /// until SIGCONT, and the first turn after it renders at once (the time boundaries it slept past are due).
    public static let header =
        #"{"version":1,"click_events":true,"stop_signal":"# + "\(SIGSTOP),\"cont_signal\":\(SIGCONT)}"

    /// A click on a block, as the bar reports it.
    public struct Click: Sendable, Equatable {
        /// The block's name.
        public var name: String
        /// The block's instance, if it has one.
        public var instance: String?
        /// The button.
        public var button: BarFile.Button
        /// The modifier keys held (`Shift`, `Control`, `Mod1`…), as the bar names them.
        public var modifiers: [String] = []
        /// The coordinates and sizes the bar sent, by their protocol names (`x`, `relative_x`, `width`…): only
        /// whole numbers within ``largestCoordinate`` are kept.
        public var numbers: [String: Int] = [:]

        /// Whether the click is on `block`: its name and its instance (or none) are the click's.
        public func isOn(_ block: BarFile.Block) -> Bool { block.name == name && block.instance == instance }

        /// The click as environment variables for its action, named as i3blocks names them: `button`, `modifiers`
        /// (comma-separated), `x`, `y`, `relative_x`, `relative_y`, `output_x`, `output_y`, `width`, `height`, `name`
        /// and `instance`. Every one is set, empty when the bar did not send it, so none leaks from the bar's own
        /// environment.
        public var environment: [String: String] {
            var environment = ["button": String(button.rawValue), "modifiers": modifiers.joined(separator: ",")]
            environment["name"] = name
            environment["instance"] = instance ?? ""
            for key in Self.numberKeys { environment[key] = numbers[key].map(String.init) ?? "" }
            return environment
        }

        /// The numbers of a click event, as i3bar and swaybar send them.
        static let numberKeys = ["x", "y", "relative_x", "relative_y", "output_x", "output_y", "width", "height"]
        /// The largest coordinate or size kept (in either sign): larger than any screen.
        static let largestCoordinate = 1_000_000
        /// The most modifiers kept, and the longest name of one.
        static let mostModifiers = 16
        static let longestModifier = 32
    }

    /// The blocks, in order.
    public let blocks: [BarFile.Block]

    /// A bar of `blocks`.
    public init(blocks: [BarFile.Block]) { self.blocks = blocks }

    /// Every template the blocks render (to know whether they read the time to the second).
    public var templates: [String] {
        blocks.flatMap {
            [$0.template, $0.shortTemplate, $0.color, $0.background, $0.border, $0.urgent].compactMap { $0 }
        }
    }

    /// The blocks rendered from `session` as one JSON array, without a separator or newline. Stale providers
    /// grey a block and failing ones make it urgent, as `--format i3bar` does. A colour template that renders to
    /// something other than `#rrggbb` or `#rrggbbaa` leaves that colour to the bar.
    public func render(_ session: RenderSession) -> String {
        let pango = session.escaping(for: .pango)
        let rendered = blocks.map { block -> I3Block in
            // Under markup the values are escaped and the templates' own tags kept; colours read values as they are.
            let texts = block.pango ? pango : session
            let line = texts.statusLine(block.template)
            func colour(_ template: String?) -> String? {
                guard let text = template.map(session.render)?.trimmingCharacters(in: .whitespaces),
                    HexColor.isValid(text)
                else { return nil }
                return text
            }
            let urgent = block.urgent.map(session.render)?.trimmingCharacters(in: .whitespaces)
            var result = I3Block(
                line, name: block.name, color: colour(block.color),
                urgent: urgent.map { !$0.isEmpty && $0 != "0" } ?? false)
            result.instance = block.instance
            result.short_text = block.shortTemplate.map { OneLine.flatten(texts.renderText($0)) }
            result.markup = block.pango ? "pango" : nil
            result.background = colour(block.background)
            result.border = colour(block.border)
            (result.border_top, result.border_right, result.border_bottom, result.border_left) = (
                block.borderWidths[0], block.borderWidths[1], block.borderWidths[2], block.borderWidths[3]
            )
            switch block.minWidth {
            case .pixels(let pixels): result.min_width = .pixels(pixels)
            case .text(let text): result.min_width = .text(text)
            case .none: break
            }
            result.align = block.align
            result.separator = block.separator
            result.separator_block_width = block.separatorBlockWidth
            return result
        }
        return StatusLine.encode(rendered, fallback: "[]")
    }

    /// The click in one line of the bar's endless input array (`[`, then `{…}` and `,{…}` lines); nil for
    /// anything else. The bar is outside input: numbers that are not whole or lie beyond ``Click/largestCoordinate``
    /// are left out, and modifiers are kept only as short names of letters, digits and `_`.
    public static func click(from line: String) -> Click? {
        let trimmed = line.drop { $0 == "[" || $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" }
        guard trimmed.hasPrefix("{"),
            let event = try? JSONDecoder().decode(ClickEvent.self, from: Data(trimmed.utf8)),
            let button = BarFile.Button(rawValue: event.button)
        else { return nil }
        var click = Click(name: event.name, instance: event.instance, button: button)
        click.modifiers = (event.modifiers ?? []).prefix(Click.mostModifiers).filter { name in
            !name.isEmpty && name.utf8.count <= Click.longestModifier
                && name.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
                }
        }
        for (key, value) in event.numbers {
            guard value.isFinite, value.rounded() == value, abs(value) <= Double(Click.largestCoordinate) else {
                continue
            }
            click.numbers[key] = Int(value)
        }
        return click
    }

    /// The fields of a click event weft reads.
    private struct ClickEvent: Decodable {
        var name: String
        var instance: String?
        var button: Int
        var modifiers: [String]?
        var numbers: [String: Double] = [:]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            name = try container.decode(String.self, forKey: Key(stringValue: "name"))
            instance = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "instance"))
            button = try container.decode(Int.self, forKey: Key(stringValue: "button"))
            // A bar that sends something else in these fields loses that field, not the click.
            modifiers = try? container.decodeIfPresent([String].self, forKey: Key(stringValue: "modifiers"))
            for key in Click.numberKeys {
                if let value = try? container.decodeIfPresent(Double.self, forKey: Key(stringValue: key)) {
                    numbers[key] = value
                }
            }
        }
    }
}

/// One block of the i3bar protocol, as `--format i3bar` and `weft bar` write it.
struct I3Block: Encodable {
    /// The colour of a block that shows data past its validity.
    static let staleColor = "#999999"

    enum Width: Encodable {
        case pixels(Int)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .pixels(let pixels): try container.encode(pixels)
            case .text(let text): try container.encode(text)
            }
        }
    }

    var full_text: String
    var short_text: String?
    var name: String
    var instance: String?
    var markup: String?
    var color: String?
    var background: String?
    var border: String?
    var border_top: Int?
    var border_right: Int?
    var border_bottom: Int?
    var border_left: Int?
    var urgent: Bool?
    var min_width: Width?
    var align: String?
    var separator: Bool?
    var separator_block_width: Int?

    /// `line` as the block `name`, on one line: grey while a provider it read is stale (whatever `color` says),
    /// urgent while one failed or when `urgent` holds.
    init(_ line: StatusLine, name: String, color: String? = nil, urgent: Bool = false) {
        full_text = OneLine.flatten(line.text)
        self.name = name
        self.color = line.isStale ? Self.staleColor : color
        self.urgent = line.hasErrors || urgent ? true : nil
    }
}
