import WeftPrimitives

/// The rain ribbon as inline SVG: one path per wet run filled with a horizontal gradient whose opacity follows each
/// minute's chance, a baseline, a hatched area where the provider gave no data, and minute labels.
struct RibbonSVG {
    var ribbon: RainRibbon
    /// A document-unique id for the gradient and pattern.
    var id: String
    /// The first wet minute the headline speaks of, for the page's tests and tools.
    var startMinute: Int?
    /// The language of the minute labels.
    var catalog: Catalog = .english

    /// What the `ribbon` template reads: every value is a number (or the id the board makes), in the text
    /// ``RainRibbon/number(_:)`` gives it.
    private struct View {
        struct Stop {
            var offset: String
            var opacity: String
        }
        struct Unknown {
            var x: String
            var width: String
            var height: String
            var minute: Int
        }
        struct Segment {
            var path: String
            var start: Int
            var end: Int
        }
        struct Label {
            var x: String
            var text: String
            var anchor: String
        }
        var id: String
        var width: String
        var height: String
        var viewHeight: String
        var knownMinutes: Int
        var endX: String
        var startMinute: Int?
        var stops: [Stop]
        var unknown: Unknown?
        var grid: [String]
        var segments: [Segment]
        var baseline: String
        var labels: [Label]
    }

    func html() -> String {
        let width = ribbon.width
        let height = ribbon.height
        let labels = 16.0
        let number = RainRibbon.number
        let stops = ribbon.opacities.enumerated().compactMap { minute, opacity in
            opacity.map {
                View.Stop(offset: number((Double(minute) + 0.5) / 60 * 100), opacity: number($0 * 100))
            }
        }
        let left = ribbon.x(ribbon.knownMinutes)
        let unknown =
            ribbon.knownMinutes < 60
            ? View.Unknown(
                x: number(left), width: number(width - left), height: number(height), minute: ribbon.knownMinutes)
            : nil
        let marks = [
            (0, catalog.text("now"), "start"), (15, "15", "middle"), (30, "30", "middle"), (45, "45", "middle"),
            (60, catalog.text("{count} min", ["count": "60"]), "end"),
        ]
        let view = View(
            id: id, width: number(width), height: number(height), viewHeight: number(height + labels),
            knownMinutes: ribbon.knownMinutes, endX: number(left), startMinute: startMinute, stops: stops,
            unknown: unknown, grid: (1..<4).map { number(ribbon.x($0 * 15)) },
            segments: ribbon.segments.map {
                View.Segment(path: RainRibbon.pathData($0), start: $0.startMinute, end: $0.endMinute)
            },
            baseline: number(height + labels - 3),
            labels: marks.map { View.Label(x: number(ribbon.x($0.0)), text: $0.1, anchor: $0.2) })
        return DashboardTemplates.render(.ribbon, view)
    }
}
