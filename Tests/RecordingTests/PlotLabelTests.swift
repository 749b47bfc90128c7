import Foundation
import Rendering
@testable import Recording
import Scenes
import ScrollEngine
import Testing

/// In `plot.png` labels never overlap or get cut, no grid line runs through
/// a band label, and a failed refresh is marked.
@Suite struct PlotLabelTests {
    /// The states of a failed pull-to-refresh, close together as they are in a recording.
    static func plot() -> LinePlot {
        let c = Color(hex: 0x007AFF).withAlpha(0.16)
        let bands = [
            LinePlot.Band(from: 0.2, to: 0.45, color: c, label: "pulling"),
            LinePlot.Band(from: 0.45, to: 0.47, color: c, label: "triggered"),
            LinePlot.Band(from: 0.47, to: 2.0, color: c, label: "refreshing"),
            LinePlot.Band(from: 2.0, to: 2.4, color: c, label: "completing"),
            LinePlot.Band(from: 3.0, to: 3.05, color: c, label: "pulling"),
            LinePlot.Band(from: 3.05, to: 3.07, color: c, label: "triggered")
        ]
        let markers = [
            LinePlot.Marker(x: 0.2, label: "down"), LinePlot.Marker(x: 0.22, label: "drag"),
            LinePlot.Marker(x: 0.45, label: "up"), LinePlot.Marker(x: 0.46, label: "wheel -12.5")
        ]
        let series = stride(from: 0.0, through: 4, by: 0.05).map { ($0, -40 * sin($0)) }
        return LinePlot(
            title: "coordinator: offset over time", xLabel: "t (s)", yLabel: "offset (pt)", series: [series],
            bands: bands, markers: markers, failures: [LinePlot.Marker(x: 2.0, label: "network error (simulated)")])
    }

    static func labels(_ f: FrameModel) -> [(String, Rect, TextStyle)] {
        f.commands.compactMap { if case let .text(s, r, st) = $0 { (s, r, st) } else { nil } }
    }

    @Test func labelsNeverOverlapAndAreNeverCut() {
        let f = Self.plot().frame()
        let engine = TextEngine()
        let all = Self.labels(f)
        let named = all.filter { l in
            ["pulling", "triggered", "refreshing", "completing", "down", "drag", "up", "wheel -12.5"].contains(l.0)
                || l.0.hasPrefix("failed")
        }
        #expect(named.count == 11)
        for (i, a) in named.enumerated() {
            let size = engine.measure(a.0, style: a.2, width: 10_000)
            #expect(size.width <= a.1.width, "'\(a.0)' needs \(size.width) pt, has \(a.1.width)")
            #expect(!engine.isEllipsized(a.0, style: a.2, in: a.1), "'\(a.0)' cut")
            #expect(a.1.x >= 0 && a.1.maxX <= f.size.width, "'\(a.0)' outside the picture")
            for b in named[(i + 1)...] {
                #expect(!a.1.intersects(b.1), "'\(a.0)' \(a.1) overlaps '\(b.0)' \(b.1)")
            }
        }
    }

    @Test func noGridLineRunsThroughABandLabel() {
        let f = Self.plot().frame()
        let bandLabels = Self.labels(f).filter { ["pulling", "triggered", "refreshing", "completing"].contains($0.0) }.map(\.1)
        for case let .line(from, to, _, _) in f.commands where from.y == to.y {
            for r in bandLabels {
                #expect(
                    !(from.y > r.y && from.y < r.maxY && min(from.x, to.x) < r.maxX && max(from.x, to.x) > r.x),
                    "a horizontal line at y \(from.y) through a label at \(r)")
            }
        }
    }

    /// #44 item 10: a `record --compare` contact sheet's captions give both panes' states.
    @MainActor
    @Test func aComparedRecordingsCaptionsGiveBothPanes() throws {
        let scenario = try ScenarioParser.parse(
            """
            {"scene": "coordinator", "size": [100, 100], "fps": 10, "duration": 0.1, "events": []}
            """)
        let pictures = RecordingPictures(scenario: scenario, contactSheet: true)
        let surface = try ImageSurface(width: 100, height: 100)
        for i in 0...1 {
            try pictures.add(
                frame: i, t: Double(i) / 10,
                fields: [
                    ("offset", .double(-80)), ("phase", .string("idle")), ("state", .string("refreshing")),
                    ("physics", .string("ios")), ("compare", .string("android")), ("compare.offset", .double(0)),
                    ("compare.state", .string("idle"))
                ], surface: surface)
        }
        #expect(pictures.sheet?.cells.map(\.state) == ["refreshing | idle", "refreshing | idle"])
    }

    @MainActor
    @Test func aFailedRefreshIsMarkedInTheRecordingsPlot() throws {
        let scenario = try ScenarioParser.parse(
            """
            {"scene": "coordinator", "size": [390, 600], "fps": 10, "duration": 1, "events": []}
            """)
        let pictures = RecordingPictures(scenario: scenario, contactSheet: false)
        // refreshing (no error), then completing with the error, then idle with it, twice.
        let states: [(String, TraceValue)] = [
            ("refreshing", .null), ("completing", .string("network error (simulated)")),
            ("idle", .string("network error (simulated)")), ("refreshing", .null),
            ("completing", .string("cancelled")), ("idle", .string("cancelled"))
        ]
        for (i, s) in states.enumerated() {
            try pictures.add(
                frame: i, t: Double(i) / 10, fields: [("offset", .double(-80)), ("state", .string(s.0)), ("error", s.1)], surface: nil)
        }
        let plot = pictures.plot()
        #expect(plot.failures.map(\.label) == ["network error (simulated)", "cancelled"])
        #expect(plot.failures.map(\.x) == [0.1, 0.4])
        let texts = Self.labels(plot.frame()).map(\.0)
        #expect(texts.contains("failed: network error (simulated)") && texts.contains("failed: cancelled"))
    }
}
