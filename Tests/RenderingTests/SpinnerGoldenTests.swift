import Rendering
import ScrollEngine
import Testing

@Suite struct SpinnerGoldenTests {
    static let threshold = 75.0

    static func indicator(_ style: SpinnerStyle, reduceMotion: Bool = false) -> RefreshIndicator {
        var c = SpinnerConfig()
        c.style = style
        c.reduceMotion = reduceMotion
        return RefreshIndicator(config: c)
    }

    /// Pull arcs drawn at full opacity (pulled to the threshold) so the trim itself is visible.
    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func progressArc(_ p: Double) throws {
        let image = try IndicatorFixture.render(
            Self.indicator(.seedDefault),
            .pulling(progress: p, pullDistance: Self.threshold, threshold: Self.threshold), at: 0)
        try GoldenImage.check(image, "spinner_progress_\(Int(p * 100))")
    }

    /// The seed opacity curve at 75 % of the threshold (about 0.27).
    @Test func progressArcWithPullOpacity() throws {
        let o = 0.75 * Self.threshold
        let image = try IndicatorFixture.render(
            Self.indicator(.seedDefault),
            .pulling(progress: 0.75, pullDistance: o, threshold: Self.threshold), at: 0)
        try GoldenImage.check(image, "spinner_progress_75_faded")
    }

    /// The iOS activity indicator: half pulled (four spokes), and two steps of its loop.
    @Test(arguments: [0.5, 1.0])
    func iosPull(_ progress: Double) throws {
        let image = try IndicatorFixture.render(
            Self.indicator(.ios()),
            .pulling(progress: progress, pullDistance: progress * Self.threshold, threshold: Self.threshold), at: 0)
        try GoldenImage.check(image, "spinner_ios_pull_\(Int(progress * 100))")
    }

    @Test(arguments: [0.0, 0.125])
    func iosLoop(_ phase: Double) throws {
        let image = try IndicatorFixture.render(Self.indicator(.ios()), .refreshing(RefreshLoop(since: -10)), at: phase)
        try GoldenImage.check(image, "spinner_ios_loop_\(Int(phase * 1000))ms")
    }

    /// Loop phases after the handoff blend (the loop started 10 s earlier).
    @Test(arguments: [0.0, 0.25, 0.75, 1.5, 2.25])
    func seedLoop(_ phase: Double) throws {
        let image = try IndicatorFixture.render(Self.indicator(.seedDefault), .refreshing(RefreshLoop(since: -10)), at: phase)
        try GoldenImage.check(image, "spinner_seed_loop_\(Int(phase * 1000))ms")
    }

    @Test(arguments: [0.0, 0.333, 0.666, 1.0, 2.0])
    func materialLoop(_ phase: Double) throws {
        let image = try IndicatorFixture.render(
            Self.indicator(.material()),
            .refreshing(RefreshLoop(since: -1.332 * 10)), at: phase)
        try GoldenImage.check(image, "spinner_material_loop_\(Int(phase * 1000))ms")
    }

    @Test func reducedMotionLoop() throws {
        let image = try IndicatorFixture.render(
            Self.indicator(.seedDefault, reduceMotion: true),
            .refreshing(RefreshLoop(since: -10)), at: 3)
        try GoldenImage.check(image, "spinner_reduced_loop_3s")
    }

    @Test func completingHalfway() throws {
        let image = try IndicatorFixture.render(
            Self.indicator(.seedDefault),
            .completing(fraction: 0.5, RefreshLoop(since: -10)), at: 0.25)
        try GoldenImage.check(image, "spinner_completing_50")
    }
}
