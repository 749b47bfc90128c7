import Foundation
@testable import Rendering
import ScrollEngine
import Testing

/// A Lottie loop segment (issue #31 item 5) renders ahead within its segment as the whole-file
/// loop does, so under load its frames are ready when drawn (the same busy run as
/// `LottieRenderAheadTests`, on our fixture with markers).
@Suite struct LottieSegmentRenderAheadTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lottie/segments-ours.json").path

    /// Draws two turns of the `spin` segment (30 frames at 30 fps), one animation frame per drawn
    /// frame, with a deadline no render can meet: the frames that missed, and whether it was dropped.
    static func busySegmentLoop(framesAhead: Int) throws -> (missed: Int, dropped: Bool) {
        let source = try LottieIndicatorSource.load(path: fixture, segments: LottieSegmentChoices(loop: .marker("spin")))
        let renderer = LottieIndicatorRenderer(frameDeadline: 5, maxConsecutiveMisses: 3, framesAhead: framesAhead)
        renderer.report = { _ in }
        renderer.add(source)
        let indicator = RefreshIndicator(config: SpinnerConfig(), kind: .lottie(source.info, tint: nil))
        let loop = IndicatorPhase.refreshing(RefreshLoop(since: 0, handoffProgress: 0))
        _ = try IndicatorFixture.render(indicator, loop, at: 0, lottie: renderer)
        renderer.frameDeadline = 0
        for i in 1...60 {
            #expect(renderer.waitUntilIdle(timeout: 10))
            _ = try IndicatorFixture.render(indicator, loop, at: (Double(i) + 0.5) / source.info.frameRate, lottie: renderer)
            if renderer.isDropped(source.info.path) { break }
        }
        return (renderer.missedFrames, renderer.isDropped(source.info.path))
    }

    @Test func aLoopSegmentRendersAheadWithinItself() throws {
        let ahead = try Self.busySegmentLoop(framesAhead: 8)
        #expect(ahead.missed == 0 && !ahead.dropped, "\(ahead)")
        let without = try Self.busySegmentLoop(framesAhead: 0)
        #expect(without.missed > 0, "\(without)")
    }
}
