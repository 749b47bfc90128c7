import Foundation
import Recording
import Rendering
import Scenes
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
        Case(file: "pager-swipes", minPartial: 0)
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
            let canvas = PixelRect(
                x: 0, y: 0, width: Int(model.size.width * scenario.scale), height: Int(model.size.height * scenario.scale))
            canvasArea = canvas.area
            let region = DirtyRegion.between(shown, model, scale: scenario.scale, canvas: canvas)
            if !region.isEmpty { smallest = min(smallest, region.reduce(0) { $0 + $1.area }) }
            shown = model
        }
        // 40 pt indicator box at @1 with margins: well under 1 % of 390×844.
        #expect(smallest * 100 < canvasArea)
    }

    struct ScrollCase: Sendable, CustomStringConvertible {
        var dark: Bool
        var scale: Double
        var description: String { (dark ? "dark" : "light") + " @\(Int(scale))" }
    }

    nonisolated static let scrollCases = [false, true].flatMap { d in [1.0, 2.0].map { ScrollCase(dark: d, scale: $0) } }

    /// Scroll offsets visited in order: from a pull (the large title in view) down the list and back, by whole device
    /// pixels (copied), by fractions of one (drawn again) and by more than the viewport, from offsets with every
    /// fractional part.
    static func scrollOffsets(scale: Double) -> [Double] {
        let steps: [Double] = [1, 3, 17, 40, -5, 120, -2, 0.3, 1, 2, 0.5, 64, -64, 900, 7, -1, 33, 0.25, 11]
        var out: [Double] = []
        for base in [-60.0, -59.63, -40.5, -20.27, 0.125] {
            var y = base
            for _ in 0..<2 {
                for s in steps { y += s / scale; out.append(y) }
            }
            for _ in 0..<30 { y -= 31 / scale; out.append(y) }
            for k in 0..<12 { out.append(base + Double(k) / scale) }
        }
        return out
    }

    /// A frame brought up to date by moving the pixels that scrolled (`ScrollShift`) equals the
    /// frame drawn whole, byte for byte, at fractional offsets, in both themes, at @1 and @2,
    /// with the navigation bar (large title, then inline) and the debug overlay over the list.
    @Test(arguments: scrollCases)
    func scrolledCopiesEqualWholeFrames(_ c: ScrollCase) async throws {
        var options = SceneOptions()
        options.theme = c.dark ? .dark : .light
        options.overlay = true
        let renderer = CairoRenderer()
        let session = try Session(scene: "coordinator", options: options, textMeasurer: renderer.text)
        // A refresh that has ended: the offset is free again.
        session.handle(.key(.f5, []), at: 0)
        await session.settle(to: 2.5)
        let w = Int(options.size.width * c.scale), h = Int(options.size.height * c.scale)
        let kept = try ImageSurface(width: w, height: h), whole = try ImageSurface(width: w, height: h)
        let canvas = PixelRect(x: 0, y: 0, width: w, height: h)
        var shown: FrameModel?
        var copies = 0, redrawn = 0
        var mismatches: [Double] = []
        func check() {
            let model = session.frame()
            if let shift = ScrollShift.between(shown, model, scale: c.scale, canvas: canvas) {
                #expect(renderer.render(model, into: kept.context, scale: c.scale, shift: shift))
                copies += 1
            } else {
                renderer.render(
                    model, into: kept.context, scale: c.scale, region: DirtyRegion.between(shown, model, scale: c.scale, canvas: canvas))
                redrawn += 1
            }
            shown = model
            renderer.render(model, into: whole.context, scale: c.scale)
            let same = kept.withPixels { a in whole.withPixels { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
            if !same { mismatches.append(session.scene.scrollView.contentOffset) }
        }
        for y in Self.scrollOffsets(scale: c.scale) {
            session.scene.scrollView.setContentOffset(y)
            check()
        }
        #expect(mismatches.isEmpty, "offsets whose scrolled copy differs from the whole frame: \(mismatches.prefix(20))")
        #expect(copies >= 100, "only \(copies) copies (\(redrawn) redrawn)")
        #expect(redrawn >= 20)
    }

    /// A scroll by a fraction of a device pixel is not copied; one by whole pixels is.
    @Test func onlyWholePixelScrollsAreCopied() throws {
        var options = SceneOptions()
        options.overlay = true
        let session = try Session(scene: "list", options: options)
        let canvas = PixelRect(x: 0, y: 0, width: 390, height: 844)
        session.scene.scrollView.setContentOffset(200.4)
        let a = session.frame()
        session.scene.scrollView.setContentOffset(203.4)
        let b = session.frame()
        session.scene.scrollView.setContentOffset(203.9)
        let c = session.frame()
        let whole = ScrollShift.between(a, b, scale: 1, canvas: canvas)
        #expect(whole?.dy == -3)
        #expect(ScrollShift.between(b, c, scale: 1, canvas: canvas) == nil)
        #expect(ScrollShift.between(b, c, scale: 2, canvas: PixelRect(x: 0, y: 0, width: 780, height: 1688))?.dy == -1)
        // The strip that came into view and the fixed bar over the list are repainted, not copied.
        if let whole {
            let repainted = whole.repaint.reduce(0) { $0 + $1.area }
            #expect(repainted > 0 && repainted < canvas.area / 2)
            #expect(whole.repaint.contains { $0.maxY == whole.copy.maxY + 0 || $0.y >= whole.copy.maxY - 3 })
        }
    }
}
