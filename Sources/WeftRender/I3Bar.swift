import Foundation

/// The i3bar protocol of `weft bar`: the header, each rendering of the blocks as one JSON array, and the click
/// events i3bar and swaybar send on stdin.
public struct I3Bar: Sendable {
    /// The header line: protocol version 1, with click events.
    public static let header = #"{"version":1,"click_events":true}"#

    /// A click on a block, as the bar reports it.
    public struct Click: Sendable, Equatable {
        /// The block's name.
        public var name: String
        /// The button.
        public var button: BarFile.Button
    }

    /// The blocks, in order.
    public let blocks: [BarFile.Block]

    /// A bar of `blocks`.
    public init(blocks: [BarFile.Block]) { self.blocks = blocks }

    /// Every template the blocks render (to know whether they read the time to the second).
    public var templates: [String] {
        blocks.flatMap { [$0.template, $0.color, $0.urgent].compactMap { $0 } }
    }

    /// The blocks rendered from `session` as one JSON array, without a separator or newline. Stale providers
    /// grey a block and failing ones make it urgent, as `--format i3bar` does.
    public func render(_ session: RenderSession) -> String {
        let rendered = blocks.map { block -> I3Block in
            let line = session.statusLine(block.template)
            let color = block.color.map(session.render)?.trimmingCharacters(in: .whitespaces)
            let urgent = block.urgent.map(session.render)?.trimmingCharacters(in: .whitespaces)
            var result = I3Block(
                line, name: block.name, color: color?.isEmpty == false ? color : nil,
                urgent: urgent.map { !$0.isEmpty && $0 != "0" } ?? false)
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
    /// anything else.
    public static func click(from line: String) -> Click? {
        let trimmed = line.drop { $0 == "[" || $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" }
        guard trimmed.hasPrefix("{"),
            let event = try? JSONDecoder().decode(ClickEvent.self, from: Data(trimmed.utf8)),
            let button = BarFile.Button(rawValue: event.button)
        else { return nil }
        return Click(name: event.name, button: button)
    }

    /// The fields of a click event weft reads (the bar sends more: coordinates, modifiers).
    private struct ClickEvent: Decodable {
        var name: String
        var button: Int
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
    var name: String
    var color: String?
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
