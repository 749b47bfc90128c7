import Foundation
import ScrollCore

/// A line chart as a display list: axes with ticks and labels, one or more series, optional
/// shaded bands (refresh states) and vertical event markers.
public struct LinePlot: Sendable {
    public struct Band: Sendable { public var from: Double; public var to: Double; public var color: Color; public var label: String }
    public struct Marker: Sendable { public var x: Double; public var label: String }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [[(Double, Double)]]
    public var bands: [Band] = []
    public var markers: [Marker] = []
    /// Canvas in points.
    public var size = Size(800, 450)
    public static let seriesColors = [Color(hex: 0x007AFF), Color(hex: 0xFF3B30), Color(hex: 0x34C759)]

    public init(title: String, xLabel: String, yLabel: String, series: [[(Double, Double)]],
                bands: [Band] = [], markers: [Marker] = []) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series
        self.bands = bands; self.markers = markers
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

    static func label(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        return String(format: "%.2f", v)
    }

    public func frame() -> FrameModel {
        let left = 70.0, right = 20.0, top = 40.0, bottom = 50.0
        let plot = Rect(x: left, y: top, width: size.width - left - right, height: size.height - top - bottom)
        let all = series.flatMap { $0 }
        var xs = all.map(\.0), ys = all.map(\.1)
        xs += bands.flatMap { [$0.from, $0.to] } + markers.map(\.x)
        if xs.isEmpty { xs = [0, 1] }
        if ys.isEmpty { ys = [0, 1] }
        var (x0, x1) = (xs.min()!, xs.max()!)
        var (y0, y1) = (ys.min()!, ys.max()!)
        if x1 - x0 < 1e-9 { x1 = x0 + 1 }
        if y1 - y0 < 1e-9 { y0 -= 1; y1 += 1 }
        let pad = (y1 - y0) * 0.05
        y0 -= pad; y1 += pad
        func px(_ x: Double) -> Double { plot.x + (x - x0) / (x1 - x0) * plot.width }
        func py(_ y: Double) -> Double { plot.maxY - (y - y0) / (y1 - y0) * plot.height }

        let ink = Color(hex: 0x1C1C1E), grid = Color(hex: 0xE5E5EA), muted = Color(hex: 0x6C6C70)
        var c: [DrawCommand] = []
        c.append(.text(title, Rect(x: left, y: 8, width: plot.width, height: 24), TextStyle(size: 15, weight: .semibold, color: ink)))
        for b in bands {
            let r = Rect(x: px(b.from), y: plot.y, width: max(0.5, px(b.to) - px(b.from)), height: plot.height)
            c.append(.fill(r, b.color, cornerRadius: 0))
            c.append(.text(b.label, Rect(x: r.x + 2, y: plot.y + 2, width: max(40, r.width), height: 14), TextStyle(size: 10, color: muted)))
        }
        for t in Self.ticks(y0, y1) {
            c.append(.line(from: Point(plot.x, py(t)), to: Point(plot.maxX, py(t)), color: grid, width: 1))
            c.append(.text(Self.label(t), Rect(x: 0, y: py(t) - 8, width: left - 8, height: 16), TextStyle(size: 11, color: muted, alignment: .right)))
        }
        for t in Self.ticks(x0, x1) {
            c.append(.line(from: Point(px(t), plot.maxY), to: Point(px(t), plot.maxY + 4), color: ink, width: 1))
            c.append(.text(Self.label(t), Rect(x: px(t) - 30, y: plot.maxY + 6, width: 60, height: 16), TextStyle(size: 11, color: muted, alignment: .center)))
        }
        // Labels of close markers are staggered over three rows so they do not overprint.
        var lastX = [-Double.infinity, -.infinity, -.infinity]
        for m in markers {
            let x = px(m.x)
            c.append(.line(from: Point(x, plot.y), to: Point(x, plot.maxY), color: Color(hex: 0xFF9500, alpha: 0.7), width: 1))
            let row = lastX.firstIndex { x - $0 > 60 } ?? lastX.indices.min { lastX[$0] < lastX[$1] }!
            lastX[row] = x
            c.append(.text(m.label, Rect(x: x + 2, y: plot.maxY - 16 - Double(row) * 14, width: 80, height: 14),
                           TextStyle(size: 9, color: Color(hex: 0xC93400))))
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
        c.append(.text(xLabel, Rect(x: plot.x, y: size.height - 22, width: plot.width, height: 18), TextStyle(size: 12, color: ink, alignment: .center)))
        c.append(.text(yLabel, Rect(x: 4, y: top - 22, width: 200, height: 16), TextStyle(size: 12, color: ink)))
        return FrameModel(size: size, background: .white, commands: c)
    }
}
