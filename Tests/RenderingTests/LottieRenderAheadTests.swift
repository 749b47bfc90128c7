import Foundation
@testable import Rendering
import ScrollEngine
import Testing

/// Under load the coordinator's Lottie keeps its deadline where it can: a loop's next frames are
/// rendered ahead, so they are ready when drawn. When the fallback does take over, it is drawn in
/// the animation's colour (blue stays blue), not the grey of the vector spinner.
@Suite struct LottieRenderAheadTests {
    static func setup(framesAhead: Int) throws -> (RefreshIndicator, LottieIndicatorRenderer, LottieIndicatorSource) {
        let source = try LottieIndicatorSource.load(path: IndicatorFixture.refreshAnimationPath)
        let renderer = quietRenderer(source, framesAhead: framesAhead)
        // The fallback in the theme's grey, as the scenes make it.
        var c = SpinnerConfig()
        c.color = Color(hex: 0x6C6C70)  // the light theme's spinner grey
        return (RefreshIndicator(config: c, kind: .lottie(source.info, tint: nil)), renderer, source)
    }

    /// A renderer of `source` that reports nothing, with a 5 ms deadline and 3 misses in a row to drop it.
    static func quietRenderer(_ source: LottieIndicatorSource, framesAhead: Int) -> LottieIndicatorRenderer {
        let renderer = LottieIndicatorRenderer(frameDeadline: 5, maxConsecutiveMisses: 3, framesAhead: framesAhead)
        renderer.report = { _ in }
        renderer.add(source)
        return renderer
    }

    static let loop = IndicatorPhase.refreshing(RefreshLoop(since: 0, handoffProgress: 0))

    /// Draws a second of the loop, one animation frame per drawn frame, with a deadline no render
    /// can meet (a machine so busy that the worker only gets to run between frames): returns the
    /// frames that missed, and whether the file was dropped.
    static func busyLoop(framesAhead: Int) throws -> (missed: Int, dropped: Bool) {
        let (indicator, renderer, source) = try setup(framesAhead: framesAhead)
        return try busyLoop(indicator, renderer, source)
    }

    /// The busy run of `busyLoop(framesAhead:)` with `indicator` drawing `source` through `renderer`
    /// (60 drawn frames, one animation frame each, from the loop's start).
    static func busyLoop(
        _ indicator: RefreshIndicator, _ renderer: LottieIndicatorRenderer, _ source: LottieIndicatorSource
    ) throws -> (missed: Int, dropped: Bool) {
        _ = try IndicatorFixture.render(indicator, loop, at: 0, lottie: renderer)
        renderer.frameDeadline = 0
        for i in 1...60 {
            #expect(renderer.waitUntilIdle(timeout: 10))
            _ = try IndicatorFixture.render(indicator, loop, at: (Double(i) + 0.5) / source.info.frameRate, lottie: renderer)
            if renderer.isDropped(source.info.path) { break }
        }
        return (renderer.missedFrames, renderer.isDropped(source.info.path))
    }

    @Test func aLoopRendersAheadAndKeepsItsDeadlineWhenTheMachineIsBusy() throws {
        let ahead = try Self.busyLoop(framesAhead: 8)
        #expect(ahead.missed == 0 && !ahead.dropped, "\(ahead)")
        // The same run without rendering ahead misses (three in a row drop it; a render that
        // happens to finish between the request and the check is a hit, so only "some" is certain).
        let without = try Self.busyLoop(framesAhead: 0)
        #expect(without.missed > 0, "\(without)")
    }

    /// The ink of a rendered picture: the mean colour of the pixels that are not the white canvas.
    static func ink(_ image: ImageSurface) -> (r: Double, g: Double, b: Double, count: Int) {
        let p = image.snapshot()
        var sum = (r: 0.0, g: 0.0, b: 0.0), n = 0
        for y in 0..<p.height {
            for x in 0..<p.width {
                let o = y * p.stride + 4 * x
                let (b, g, r) = (Double(p.bytes[o]), Double(p.bytes[o + 1]), Double(p.bytes[o + 2]))
                if r + g + b < 3 * 200 { sum.r += r; sum.g += g; sum.b += b; n += 1 }
            }
        }
        return n == 0 ? (0, 0, 0, 0) : (sum.r / Double(n), sum.g / Double(n), sum.b / Double(n), n)
    }

    /// The mean distance of the ink from the canvas centre (points), weighted by how dark it is.
    static func inkRadius(_ image: ImageSurface) -> Double {
        let p = image.snapshot()
        var sum = 0.0, weight = 0.0
        let c = IndicatorFixture.center, k = IndicatorFixture.scale
        for y in 0..<p.height {
            for x in 0..<p.width {
                let o = y * p.stride + 4 * x
                let w = 1 - (Double(p.bytes[o]) + Double(p.bytes[o + 1]) + Double(p.bytes[o + 2])) / (3 * 255)
                guard w > 0.05 else { continue }
                let dx = (Double(x) + 0.5) / k - c.x, dy = (Double(y) + 0.5) / k - c.y
                sum += w * (dx * dx + dy * dy).squareRoot()
                weight += w
            }
        }
        return weight > 0 ? sum / weight : 0
    }

    @Test func theFallbackTakesTheAnimationsColour() throws {
        let (indicator, renderer, source) = try Self.setup(framesAhead: 0)
        let lottie = try IndicatorFixture.render(indicator, Self.loop, at: 0.3, lottie: renderer)
        let blue = Self.ink(lottie)
        #expect(blue.b > blue.r + 80, "the animation is blue: \(blue)")
        // Three misses in a row drop it mid-refresh.
        renderer.frameDeadline = 0
        var t = 0.3
        while !renderer.isDropped(source.info.path) && t < 2 {
            t += 1 / 60
            _ = try IndicatorFixture.render(indicator, Self.loop, at: t, lottie: renderer)
        }
        #expect(renderer.isDropped(source.info.path))
        let fallback = try IndicatorFixture.render(indicator, Self.loop, at: t + 1 / 60, lottie: renderer)
        let ink = Self.ink(fallback)
        #expect(ink.count > 50, "the fallback is drawn")
        #expect(ink.b > ink.r + 80, "the fallback is not blue: \(ink)")
        // The same size: the fallback's ring has the animation's radius (no jump at the swap).
        let a = Self.inkRadius(lottie), b = Self.inkRadius(fallback)
        #expect(abs(a - b) < 0.1 * a, "ring radius: animation \(a) pt, fallback \(b) pt")
        // Without the renderer's colour it would be the grey of the vector spinner.
        let grey = Self.ink(try IndicatorFixture.render(indicator, Self.loop, at: t + 1 / 60))
        #expect(abs(grey.b - grey.r) < 10)
    }

    @Test func recolouringKeepsAlpha() {
        let spokes: [DrawCommand] = [
            .capsule(from: Point(0, 0), to: Point(1, 1), color: Color(r: 0.5, g: 0.5, b: 0.5, a: 0.25), width: 2),
            .group(
                opacity: 0.5, translate: Point(0, 0), scale: 1, anchor: Point(0, 0), clip: nil,
                [.arc(ArcStroke(center: Point(0, 0), radius: 5, lineWidth: 1, startAngle: 0, endAngle: 1, color: .black))])
        ]
        let blue = Color(hex: 0x007AFF)
        let out = spokes.recoloured(to: blue)
        guard case let .capsule(_, _, c, _) = out[0], case let .group(o, _, _, _, _, children) = out[1],
            case let .arc(a) = children[0]
        else { Issue.record("shape changed"); return }
        #expect(c == blue.withAlpha(0.25) && o == 0.5 && a.color == blue)
    }
}
