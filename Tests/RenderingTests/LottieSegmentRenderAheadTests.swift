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
        let renderer = LottieRenderAheadTests.quietRenderer(source, framesAhead: framesAhead)
        let indicator = RefreshIndicator(config: SpinnerConfig(), kind: .lottie(source.info, tint: nil))
        return try LottieRenderAheadTests.busyLoop(indicator, renderer, source)
    }

    @Test func aLoopSegmentRendersAheadWithinItself() throws {
        let ahead = try Self.busySegmentLoop(framesAhead: 8)
        #expect(ahead.missed == 0 && !ahead.dropped, "\(ahead)")
        let without = try Self.busySegmentLoop(framesAhead: 0)
        #expect(without.missed > 0, "\(without)")
    }
}
