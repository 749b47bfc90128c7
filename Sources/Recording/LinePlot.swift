import Foundation
import ScrollEngine

/// A line chart as a display list: axes with ticks and labels, one or more series, optional
/// shaded bands (refresh states), vertical event markers and failure marks.
///
/// Labels never overlap each other and are never cut: band and failure labels sit in lanes
/// above the plot area (no grid line runs through them), stacked into as many rows as they need,
/// each box as wide as its text (`labelWidth`, a generous estimate of the pinned fonts' advance).
public struct LinePlot: Sendable {
    public struct Band: Sendable { public var from: Double; public var to: Double; public var color: Color; public var label: String }
    public struct Marker: Sendable { public var x: Double; public var label: String }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [[(Double, Double)]]
    public var bands: [Band] = []
    public var markers: [Marker] = []
    /// Refreshes that failed (or were cancelled): a red line and a label at the time.
    public var failures: [Marker] = []
    /// Canvas in points.
    public var size = Size(800, 450)
    public static let seriesColors = [Color(hex: 0x007AFF), Color(hex: 0xFF3B30), Color(hex: 0x34C759)]
    /// Colour of failure marks.
    public static let failureColor = Color(hex: 0xD70015)

    /// `c` darkened until it reads as text on white (AA, 4.5:1).
    static func readable(_ c: Color) -> Color {
        var k = c
        while Contrast.ratio(k, .white) < 4.5 && (k.r + k.g + k.b) > 0.01 { k = Color(r: k.r * 0.85, g: k.g * 0.85, b: k.b * 0.85) }
        return k
    }

    public init(
        title: String, xLabel: String, yLabel: String, series: [[(Double, Double)]],
        bands: [Band] = [], markers: [Marker] = [], failures: [Marker] = []
    ) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series
        self.bands = bands; self.markers = markers; self.failures = failures
    }

    /// "Nice" tick values covering lo…hi.
    static func ticks(_ lo: Double, _ hi: Double, count: Int = 6) -> [Double] {
        let span = max(hi - lo, 1e-9)
        let raw = span / Double(count)
        let mag = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * mag }.first { $0 >= raw } ?? 10 * mag
        var t = ceil(lo / step) * step
        var out: [Double] = []
        while t <= hi + step * 1e-6 { out.append(abs(t) < step * 1e-9 ? 0 : t); t += step }
        return out
    }

    /// Width (pt) a one-line label of `text` at `size` pt needs: an upper bound of the pinned
    /// fonts' advances (wide for CJK), plus padding.
    static func labelWidth(_ text: String, size: Double) -> Double {
        var w = 0.0
        for ch in text.unicodeScalars { w += ch.value > 0x2E80 ? size * 1.05 : size * 0.62 }
        return (w + 6).rounded(.up)
    }

    /// Places boxes of `widths` at preferred x positions into rows so that no two in a row overlap
    /// (with `gap` between them) and none passes `maxX`; returns (x, row) for each, in order.
    static func stack(_ items: [(x: Double, width: Double)], minX: Double, maxX: Double, gap: Double = 4) -> [(x: Double, row: Int)] {
        var rowEnds: [Double] = []
        var out: [(Double, Int)] = []
        for item in items {
            let x = min(max(item.x, minX), max(minX, maxX - item.width))
            var row = rowEnds.firstIndex { $0 + gap <= x } ?? rowEnds.count
            if row == rowEnds.count { rowEnds.append(-.infinity) }
            if rowEnds[row] + gap > x { row = rowEnds.count; rowEnds.append(-.infinity) }
            rowEnds[row] = x + item.width
            out.append((x, row))
        }
        return out
    }

    static func label(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        return String(format: "%.2f", v)
    }

    public func frame() -> FrameModel {
        let left = 70.0, right = 20.0, bottom = 50.0
        let laneHeight = 15.0, bandLabelSize = 10.0, markerLabelSize = 9.0
        let all = series.flatMap { $0 }
        var xs = all.map(\.0), ys = all.map(\.1)
        xs += bands.flatMap { [$0.from, $0.to] } + markers.map(\.x) + failures.map(\.x)
        if xs.isEmpty { xs = [0, 1] }
        if ys.isEmpty { ys = [0, 1] }
        var (x0, x1) = (xs.min()!, xs.max()!)
        var (y0, y1) = (ys.min()!, ys.max()!)
        if x1 - x0 < 1e-9 { x1 = x0 + 1 }
        if y1 - y0 < 1e-9 { y0 -= 1; y1 += 1 }
        let pad = (y1 - y0) * 0.05
        y0 -= pad; y1 += pad
        let plotX = left, plotWidth = size.width - left - right
        func px(_ x: Double) -> Double { plotX + (x - x0) / (x1 - x0) * plotWidth }

        // Band and failure labels, in lanes above the plot.
        let laneLabels: [(text: String, x: Double, color: Color, size: Double, weight: FontWeight)] =
            bands.map { ($0.label, px($0.from), $0.color.withAlpha(1), bandLabelSize, .regular) }
            + failures.map { ("failed: \($0.label)", px($0.x), Self.failureColor, bandLabelSize, .semibold) }
        let laneOrder = laneLabels.indices.sorted { laneLabels[$0].x < laneLabels[$1].x }
        let lanePlaces = Self.stack(
            laneOrder.map { (laneLabels[$0].x, Self.labelWidth(laneLabels[$0].text, size: laneLabels[$0].size)) },
            minX: plotX, maxX: size.width - 2)
        let laneRows = (lanePlaces.map(\.row).max() ?? -1) + 1
        let top = 40.0 + Double(laneRows) * laneHeight
        let plot = Rect(x: plotX, y: top, width: plotWidth, height: size.height - top - bottom)
        func py(_ y: Double) -> Double { plot.maxY - (y - y0) / (y1 - y0) * plot.height }

        let ink = Color(hex: 0x1C1C1E), grid = Color(hex: 0xE5E5EA), muted = Color(hex: 0x6C6C70)
        var c: [DrawCommand] = []
        c.append(.text(title, Rect(x: left, y: 8, width: plot.width, height: 24), TextStyle(size: 15, weight: .semibold, color: ink)))
        for b in bands {
            let r = Rect(x: px(b.from), y: plot.y, width: max(0.5, px(b.to) - px(b.from)), height: plot.height)
            c.append(.fill(r, b.color, cornerRadius: 0))
        }
        // Ticks first, from each label down to where its band or failure starts; then the labels
        // on white backings, so a tick passing a label of a lower row never runs through its text.
        for (k, place) in zip(laneOrder, lanePlaces) {
            let l = laneLabels[k]
            let y = 38.0 + Double(place.row) * laneHeight
            c.append(.line(from: Point(l.x, y + laneHeight - 2), to: Point(l.x, top), color: l.color.withAlpha(0.6), width: 1))
        }
        for (k, place) in zip(laneOrder, lanePlaces) {
            let l = laneLabels[k]
            let r = Rect(
                x: place.x, y: 38.0 + Double(place.row) * laneHeight, width: Self.labelWidth(l.text, size: l.size), height: laneHeight - 1)
            c.append(.fill(r, .white, cornerRadius: 0))
            c.append(.text(l.text, r, TextStyle(size: l.size, weight: l.weight, color: Self.readable(l.color))))
        }
        for t in Self.ticks(y0, y1) {
            c.append(.line(from: Point(plot.x, py(t)), to: Point(plot.maxX, py(t)), color: grid, width: 1))
            c.append(
                .text(
                    Self.label(t), Rect(x: 0, y: py(t) - 8, width: left - 8, height: 16),
                    TextStyle(size: 11, color: muted, alignment: .right)))
        }
        for t in Self.ticks(x0, x1) {
            c.append(.line(from: Point(px(t), plot.maxY), to: Point(px(t), plot.maxY + 4), color: ink, width: 1))
            c.append(
                .text(
                    Self.label(t), Rect(x: px(t) - 30, y: plot.maxY + 6, width: 60, height: 16),
                    TextStyle(size: 11, color: muted, alignment: .center)))
        }
        // Event markers: labels stacked from the bottom of the plot upwards, never overlapping,
        // each on a small backing so grid lines do not run through it.
        let markerPlaces = Self.stack(
            markers.map { (px($0.x) + 2, Self.labelWidth($0.label, size: markerLabelSize)) },
            minX: plot.x, maxX: plot.maxX)
        for (m, place) in zip(markers, markerPlaces) {
            let x = px(m.x)
            c.append(.line(from: Point(x, plot.y), to: Point(x, plot.maxY), color: Color(hex: 0xFF9500, alpha: 0.7), width: 1))
            let w = Self.labelWidth(m.label, size: markerLabelSize)
            let r = Rect(x: place.x, y: plot.maxY - 16 - Double(place.row) * 14, width: w, height: 13)
            c.append(.fill(r, Color.white.withAlpha(0.9), cornerRadius: 2))
            c.append(.text(m.label, r, TextStyle(size: markerLabelSize, color: Color(hex: 0xC93400))))
        }
        for f in failures {
            let x = px(f.x)
            c.append(.line(from: Point(x, plot.y), to: Point(x, plot.maxY), color: Self.failureColor, width: 2))
        }
        c.append(.line(from: Point(plot.x, plot.y), to: Point(plot.x, plot.maxY), color: ink, width: 1))
        c.append(.line(from: Point(plot.x, plot.maxY), to: Point(plot.maxX, plot.maxY), color: ink, width: 1))
        if y0 < 0 && y1 > 0 { c.append(.line(from: Point(plot.x, py(0)), to: Point(plot.maxX, py(0)), color: muted, width: 0.5)) }
        for (i, s) in series.enumerated() {
            let color = Self.seriesColors[i % Self.seriesColors.count]
            for (a, b) in zip(s, s.dropFirst()) {
                c.append(.line(from: Point(px(a.0), py(a.1)), to: Point(px(b.0), py(b.1)), color: color, width: 2))
            }
        }
        c.append(
            .text(
                xLabel, Rect(x: plot.x, y: size.height - 22, width: plot.width, height: 18),
                TextStyle(size: 12, color: ink, alignment: .center)))
        c.append(.text(yLabel, Rect(x: 2, y: top - 18, width: left - 6, height: 16), TextStyle(size: 12, color: ink)))
        return FrameModel(size: size, background: .white, commands: c)
    }
}
