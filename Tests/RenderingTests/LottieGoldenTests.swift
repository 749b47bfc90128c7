import Foundation
import Rendering
import ScrollEngine
import Testing

@Suite struct LottieGoldenTests {
    static func indicator(tint: Color? = nil) throws -> (RefreshIndicator, LottieIndicatorRenderer) {
        let source = try LottieIndicatorSource.load(path: IndicatorFixture.refreshAnimationPath)
        let renderer = LottieIndicatorRenderer(frameDeadline: 2)  // generous: the test machine is shared
        renderer.add(source)
        return (RefreshIndicator(kind: .lottie(source.info, tint: tint)), renderer)
    }

    /// Pull progress 0, 0.25, 0.5, 1 scrub the animation to 0, 0.125, 0.25, 0.5.
    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func scrub(_ p: Double) throws {
        let (indicator, renderer) = try Self.indicator()
        let image = try IndicatorFixture.render(
            indicator, .pulling(progress: p, pullDistance: 75 * p, threshold: 75),
            at: 0, lottie: renderer)
        try GoldenImage.check(image, "lottie_scrub_\(Int(p * 100))")
    }

    @Test(arguments: [0.2, 0.9])
    func loop(_ elapsed: Double) throws {
        let (indicator, renderer) = try Self.indicator()
        let image = try IndicatorFixture.render(
            indicator, .refreshing(RefreshLoop(since: 0, handoffProgress: 0)),
            at: elapsed, lottie: renderer)
        try GoldenImage.check(image, "lottie_loop_\(Int(elapsed * 1000))ms")
    }

    @Test func tinted() throws {
        let (indicator, renderer) = try Self.indicator(tint: Color(hex: 0xE5484D))
        let image = try IndicatorFixture.render(
            indicator, .pulling(progress: 1, pullDistance: 75, threshold: 75),
            at: 0, lottie: renderer)
        try GoldenImage.check(image, "lottie_scrub_100_tinted")
    }

    /// A file that cannot be drawn falls back to the vector spinner, with one reported line.
    @Test func missingFileFallsBackToVector() throws {
        let renderer = LottieIndicatorRenderer()
        var lines: [String] = []
        renderer.report = { lines.append($0) }
        let info = LottieAnimationInfo(path: "/nonexistent/refresh.json", frameCount: 10, frameRate: 60, width: 10, height: 10)
        let phase = IndicatorPhase.pulling(progress: 1, pullDistance: 75, threshold: 75)
        let lottie = try IndicatorFixture.render(RefreshIndicator(kind: .lottie(info, tint: nil)), phase, at: 0, lottie: renderer)
        let vector = try IndicatorFixture.render(RefreshIndicator(), phase, at: 0)
        #expect(lottie.pixelBytes() == vector.pixelBytes())
        #expect(lines.count == 1)
        #expect(lines.first?.contains("/nonexistent/refresh.json") == true)
        #expect(renderer.isDropped(info.path))
    }
}
