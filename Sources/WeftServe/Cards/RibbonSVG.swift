/// The rain ribbon as inline SVG: one path per wet run filled with a horizontal gradient whose opacity follows each
/// minute's chance, a baseline, a hatched area where the provider gave no data, and minute labels.
struct RibbonSVG {
    var ribbon: RainRibbon
    /// A document-unique id for the gradient and pattern.
    var id: String
    /// The first wet minute the headline speaks of, for the page's tests and tools.
    var startMinute: Int?

    func html() -> String {
        let width = ribbon.width
        let height = ribbon.height
        let labels = 16.0
        var svg =
            "<svg class=\"ribbon\" viewBox=\"0 0 \(RainRibbon.number(width)) \(RainRibbon.number(height + labels))\" "
            + "role=\"img\" "
            + "aria-label=\"expected rain over the next 60 minutes\" data-minutes=\"\(ribbon.knownMinutes)\" "
            + "data-end-x=\"\(RainRibbon.number(ribbon.x(ribbon.knownMinutes)))\""
            + (startMinute.map { " data-start-minute=\"\($0)\"" } ?? "") + ">"
        svg += "<defs><linearGradient id=\"\(id)-g\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"0\" "
        svg += "x2=\"\(RainRibbon.number(width))\" y2=\"0\">"
        for (minute, opacity) in ribbon.opacities.enumerated() {
            guard let opacity else { continue }
            let offset = RainRibbon.number((Double(minute) + 0.5) / 60 * 100)
            svg +=
                "<stop offset=\"\(offset)%\" stop-color=\"currentColor\" "
                + "stop-opacity=\"\(RainRibbon.number(opacity * 100))%\"/>"
        }
        svg += "</linearGradient>"
        svg +=
            "<pattern id=\"\(id)-u\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
            + "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" class=\"hatch\"/></pattern></defs>"
        if ribbon.knownMinutes < 60 {
            let left = ribbon.x(ribbon.knownMinutes)
            svg +=
                "<rect class=\"unknown\" x=\"\(RainRibbon.number(left))\" y=\"0\" "
                + "width=\"\(RainRibbon.number(width - left))\" height=\"\(RainRibbon.number(height))\" "
                + "fill=\"url(#\(id)-u)\"><title>no forecast beyond minute \(ribbon.knownMinutes)</title></rect>"
        }
        for quarter in 1..<4 {
            let x = RainRibbon.number(ribbon.x(quarter * 15))
            svg += "<line class=\"grid\" x1=\"\(x)\" y1=\"0\" x2=\"\(x)\" y2=\"\(RainRibbon.number(height))\"/>"
        }
        for segment in ribbon.segments {
            svg +=
                "<path class=\"rain\" d=\"\(RainRibbon.pathData(segment))\" fill=\"url(#\(id)-g)\" "
                + "data-start=\"\(segment.startMinute)\" data-end=\"\(segment.endMinute)\"/>"
        }
        svg +=
            "<line class=\"base\" x1=\"0\" y1=\"\(RainRibbon.number(height))\" x2=\"\(RainRibbon.number(width))\" "
            + "y2=\"\(RainRibbon.number(height))\"/>"
        let baseline = RainRibbon.number(height + labels - 3)
        for (minute, label, anchor) in [
            (0, "now", "start"), (15, "15", "middle"), (30, "30", "middle"),
            (45, "45", "middle"), (60, "60 min", "end"),
        ] {
            svg +=
                "<text x=\"\(RainRibbon.number(ribbon.x(minute)))\" y=\"\(baseline)\" text-anchor=\"\(anchor)\">"
                + "\(label)</text>"
        }
        return svg + "</svg>"
    }
}
