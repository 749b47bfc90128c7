import ScrollEngine
import Testing

/// Over the progress → loop switch the arc's ends move by no more than one frame's normal motion.
@Suite struct IndicatorContinuityTests {
    static let frame = 1.0 / 60

    /// Largest per-frame motion of either end of the steady loop (after the blend), in turns.
    static func normalFrameMotion(_ c: SpinnerConfig) -> Double {
        var worst = 0.0
        var last = SpinnerMotion.loopArc(c, elapsed: 20)
        for i in 1...600 {
            let a = SpinnerMotion.loopArc(c, elapsed: 20 + Double(i) * frame)
            worst = max(worst, abs(a.start - last.start), abs(a.end - last.end))
            last = a
        }
        return worst
    }

    static let configs: [SpinnerConfig] = {
        var out: [SpinnerConfig] = []
        for style in [SpinnerStyle.seedDefault, .material()] {
            for reduce in [false, true] {
                var c = SpinnerConfig()
                c.style = style
                c.reduceMotion = reduce
                out.append(c)
            }
        }
        return out
    }()

    @Test(arguments: configs, [1.0, 0.9, 0.5, 0.0])
    func switchIsContinuous(_ c: SpinnerConfig, handoff: Double) {
        let indicator = RefreshIndicator(config: c)
        let bound = Self.normalFrameMotion(c) + 1e-9
        let t0 = 5.0
        var last = indicator.arc(.pulling(progress: handoff, pullDistance: 80 * handoff, threshold: 80), at: t0 - Self.frame)!
        let loop = RefreshLoop(since: t0, handoffProgress: handoff)
        // Every frame from the switch through the blend and a little past it.
        for i in 0...Int((c.blendSeconds + 0.5) / Self.frame) {
            let a = indicator.arc(.refreshing(loop), at: t0 + Double(i) * Self.frame)!
            #expect(abs(a.start - last.start) <= bound, "start jumps at frame \(i)")
            #expect(abs(a.end - last.end) <= bound, "end jumps at frame \(i)")
            last = a
        }
    }

    @Test func opacityBlendsFromTheHandoff() {
        let indicator = RefreshIndicator()
        let loop = RefreshLoop.after(pull: 0.9, pullDistance: 72, threshold: 80, at: 1)
        let first = indicator.appearance(.refreshing(loop), at: 1).opacity
        #expect(abs(first - PullOpacity.value(pullDistance: 72, threshold: 80)) < 1e-12)
        #expect(indicator.appearance(.refreshing(loop), at: 1 + indicator.config.handoffFadeSeconds).opacity == 1)
    }
}
