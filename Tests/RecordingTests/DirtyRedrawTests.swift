import Foundation
import Recording
import Rendering
import ScrollEngine
import Testing

/// The window repaints only the dirty rects into the frame it keeps. Over whole
/// scenarios, that kept frame must equal, byte for byte, the frame drawn whole.
@MainActor
@Suite struct DirtyRedrawTests {
    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var spinner: String? = nil
        var reduceMotion = false
        /// Frames that must have been repainted in part (not whole, not skipped).
        var minPartial: Int
        var description: String {
            file + (spinner.map { " spinner=\($0)" } ?? "") + (reduceMotion ? " reduced" : "")
        }
    }

    nonisolated static let cases: [Case] = [
        Case(file: "refresh/disturbances-during-refresh", minPartial: 60),
        Case(file: "refresh/f5-refresh", spinner: "seed", minPartial: 30),
        Case(file: "refresh/f5-refresh", spinner: "material", minPartial: 30),
        Case(file: "refresh/f5-refresh", spinner: "seed", reduceMotion: true, minPartial: 30),
        Case(file: "list-tour", minPartial: 0),
        Case(file: "title-scroll", minPartial: 0),
        Case(file: "header-direction", minPartial: 0),
        Case(file: "pager-swipes", minPartial: 0),
    ]

    @Test(arguments: cases)
    func dirtyRectFramesEqualWholeFrames(_ c: Case) async throws {
        let url = ScenarioFiles.folder.appendingPathComponent(c.file + ".json")
        var scenario = try ScenarioParser.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        if let s = c.spinner { scenario.options.indicator.style = s }
        if c.reduceMotion { scenario.options.indicator.reduceMotion = true }
        let renderer = CairoRenderer()
        // A generous Lottie deadline: both drawings of a frame must get the same image.
        renderer.lottie = LottieIndicatorRenderer(frameDeadline: 30)
        var kept: ImageSurface?
        var shown: FrameModel?
        var mismatches: [Int] = []
        var partial = 0, whole = 0, frames = 0
        try await Recorder(renderer: renderer).drive(scenario) { i, _, session, surface in
            guard let surface else { return }
            frames += 1
            if kept?.width != surface.width || kept?.height != surface.height {
                kept = try ImageSurface(width: surface.width, height: surface.height)
                shown = nil
            }
            let model = session.frame()
            let canvas = PixelRect(x: 0, y: 0, width: surface.width, height: surface.height)
            let region = DirtyRegion.between(shown, model, scale: scenario.scale, canvas: canvas)
            if region == [canvas] { whole += 1 } else if !region.isEmpty { partial += 1 }
            renderer.render(model, into: kept!.context, scale: scenario.scale, region: region)
            shown = model
            // memcmp in place: copying out and comparing [UInt8] element by element at -Onone
            // took most of this test's time.
            let same = kept!.withPixels { a in
                surface.withPixels { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
            }
            if !same { mismatches.append(i) }
        }
        #expect(frames == scenario.frameCount)
        #expect(mismatches.isEmpty, "frames whose dirty-rect repaint differs from the whole frame: \(mismatches.prefix(20))")
        #expect(partial >= c.minPartial, "only \(partial) partial repaints (\(whole) whole)")
        #expect(whole >= 1)
    }

    /// A spinner turning in a refresh repaints a small box, not the window.
    @Test func aRefreshingSpinnerRepaintsASmallBox() async throws {
        let url = ScenarioFiles.folder.appendingPathComponent("refresh/f5-refresh.json")
        var scenario = try ScenarioParser.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        scenario.options.indicator.style = "seed"
        let renderer = CairoRenderer()
        var shown: FrameModel?
        var smallest = Int.max
        var canvasArea = 0
        try await Recorder(renderer: renderer).drive(scenario, render: false) { _, _, session, _ in
            let model = session.frame()
            let canvas = PixelRect(x: 0, y: 0, width: Int(model.size.width * scenario.scale), height: Int(model.size.height * scenario.scale))
            canvasArea = canvas.area
            let region = DirtyRegion.between(shown, model, scale: scenario.scale, canvas: canvas)
            if !region.isEmpty { smallest = min(smallest, region.reduce(0) { $0 + $1.area }) }
            shown = model
        }
        // 40 pt indicator box at @1 with margins: well under 1 % of 390×844.
        #expect(smallest * 100 < canvasArea)
    }
}
