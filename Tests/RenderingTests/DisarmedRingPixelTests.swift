import Rendering
import ScrollEngine
import Testing

/// A full pull that will not refresh (not ready, or held after its refresh ended) draws a ring
/// that looks different from an armed one at the same depth: checked on the pixels.
@Suite struct DisarmedRingPixelTests {
    static let threshold = 75.0
    /// The depth: −148 pt, progress 1.
    static let depth = 148.0

    /// Pixels that are not (nearly) the white canvas.
    static func ink(_ image: PixelBuffer) -> Set<Int> {
        var out = Set<Int>()
        for y in 0..<image.height {
            for x in 0..<image.width where image.bytes[y * image.stride + 4 * x] < 235 { out.insert(y * image.width + x) }
        }
        return out
    }

    @Test(arguments: SpinnerStyle.names)
    func theDisarmedRingIsVisiblyNotTheArmedOne(_ style: String) throws {
        var c = SpinnerConfig()
        c.style = try #require(SpinnerStyle(name: style))
        let indicator = RefreshIndicator(config: c)
        let armedImage = try IndicatorFixture.render(
            indicator, .pulling(progress: 1, pullDistance: Self.depth, threshold: Self.threshold), at: 0)
        let disarmedImage = try IndicatorFixture.render(
            indicator, .disarmed(progress: 1, pullDistance: Self.depth, threshold: Self.threshold), at: 0)
        let armed = Self.ink(armedImage.snapshot()), disarmed = Self.ink(disarmedImage.snapshot())
        #expect(disarmed.count > 60, "\(style): the disarmed ring is hardly visible (\(disarmed.count) px)")
        // Thinner and open: well under the armed ring's ink, and a good part of the armed ring is
        // not covered by the disarmed one.
        #expect(Double(disarmed.count) < 0.6 * Double(armed.count), "\(style): \(disarmed.count) vs \(armed.count) px")
        #expect(armed.subtracting(disarmed).count > armed.count / 2, "\(style)")
        try GoldenImage.check(disarmedImage, "spinner_\(style)_disarmed_148")
    }
}
