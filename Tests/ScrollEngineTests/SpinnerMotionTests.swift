import ScrollEngine
import Testing

@Suite struct SpinnerMotionTests {
    static func config(_ style: SpinnerStyle, reduceMotion: Bool = false) -> SpinnerConfig {
        var c = SpinnerConfig()
        c.style = style
        c.reduceMotion = reduceMotion
        return c
    }

    @Test func defaultsMatchTheSeed() {
        let c = SpinnerConfig()
        #expect(c.diameter == 25 && c.lineWidth == 3 && c.color == .black)
    }

    @Test func progressArcStartsAtTwelveAndRunsClockwise() {
        #expect(SpinnerMotion.progressArc(0.25) == ArcSpan(start: 0, end: 0.25))
        #expect(SpinnerMotion.progressArc(1.7) == ArcSpan(start: 0, end: 1))
        let s = ArcSpan(start: 0, end: 0.25).stroke(center: Point(0, 0), radius: 10, lineWidth: 3, color: .black)
        #expect(abs(s!.startAngle + .pi / 2) < 1e-12)  // 12 o'clock in cairo
        #expect(abs(s!.endAngle) < 1e-12)  // 3 o'clock
        #expect(ArcSpan(start: 0.3, end: 0.3).stroke(center: Point(0, 0), radius: 10, lineWidth: 3, color: .black) == nil)
    }

    @Test func seedTrimAndRotation() {
        let c = Self.config(.seedDefault)
        let a0 = SpinnerMotion.loopArc(c, elapsed: 0)
        #expect(abs(a0.start) < 1e-12 && abs(a0.length - 0.6) < 1e-12)
        // Trim reaches 0 after 1.5 s, is back at 0.6 after 3 s (auto-reverse).
        #expect(abs(SpinnerMotion.loopArc(c, elapsed: 1.5).length) < 1e-9)
        #expect(abs(SpinnerMotion.loopArc(c, elapsed: 3).length - 0.6) < 1e-9)
        // Reversal mirrors the forward half.
        #expect(abs(SpinnerMotion.loopArc(c, elapsed: 1).length - SpinnerMotion.loopArc(c, elapsed: 2).length) < 1e-9)
        // Ease-in: slow start, so after a quarter of the half cycle less than a quarter is gone.
        #expect(SpinnerMotion.loopArc(c, elapsed: 0.375).length > 0.6 * 0.75)
        // One turn per second, linear.
        #expect(abs(SpinnerMotion.loopArc(c, elapsed: 0.25).start - 0.25) < 1e-12)
        #expect(abs(SpinnerMotion.loopArc(c, elapsed: 1).start - 1) < 1e-12)
    }

    @Test func materialCycle() {
        let m = MaterialSpinnerStyle()
        let c = Self.config(.material())
        #expect(abs(SpinnerMotion.loopArc(c, elapsed: 0).length - m.minArc) < 1e-12)
        #expect(abs(SpinnerMotion.loopArc(c, elapsed: m.cycleSeconds / 2).length - m.maxArc) < 1e-9)
        let end = SpinnerMotion.loopArc(c, elapsed: m.cycleSeconds - 1e-9)
        let next = SpinnerMotion.loopArc(c, elapsed: m.cycleSeconds)
        #expect(abs(next.length - m.minArc) < 1e-9)
        #expect(abs(end.start - next.start) < 1e-6 && abs(end.end - next.end) < 1e-6)  // continuous across cycles
        // Per cycle: the tail travels maxArc − minArc, and the drawing turns 216°.
        #expect(abs(next.start - (m.maxArc - m.minArc + 216.0 / 360)) < 1e-9)
    }

    @Test func reducedMotionIsSlowFixedAndNeverStops() {
        var c = Self.config(.seedDefault, reduceMotion: true)
        let a = SpinnerMotion.loopArc(c, elapsed: 0), b = SpinnerMotion.loopArc(c, elapsed: 10)
        #expect(b.start - a.start <= 1)  // at least 10 s per turn
        var last = SpinnerMotion.loopArc(c, elapsed: 0)
        for i in 1...600 {
            let arc = SpinnerMotion.loopArc(c, elapsed: Double(i) / 60)
            #expect(arc.start > last.start)  // never freezes
            #expect(abs(arc.length - c.reducedArc) < 1e-12)  // fixed arc
            last = arc
        }
        c.reducedTurnSeconds = 2  // asking for faster is clamped to the 10 s floor
        #expect(SpinnerMotion.loopArc(c, elapsed: 10).start <= 1 + 1e-12)
        #expect(SpinnerConfig.reduceMotionRequested(in: ["OVERSCROLL_REDUCE_MOTION": "1"]))
        #expect(!SpinnerConfig.reduceMotionRequested(in: [:]))
    }

    @Test func styleNames() {
        #expect(SpinnerStyle(name: "material") == .material())
        #expect(SpinnerStyle(name: "Seed")?.name == "seed")
        #expect(SpinnerStyle(name: "ios") == .ios())
        #expect(SpinnerStyle(name: "spokes") == nil)
    }
}
