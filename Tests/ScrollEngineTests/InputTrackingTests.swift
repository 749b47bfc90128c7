import Testing
@testable import ScrollEngine

@Suite struct VelocityTrackerTests {
    @Test func steadyMotionGivesItsSpeed() {
        var v = VelocityTracker()
        for i in 0...10 { v.add(y: Double(i) * 10, at: Double(i) * 0.01) }
        #expect(abs(v.velocity(at: 0.1) - 1000) < 1e-6)
    }

    @Test func onlyTheLast100msCount() {
        var v = VelocityTracker()
        for i in 0...10 { v.add(y: Double(i) * 50, at: Double(i) * 0.01) }  // fast start
        for i in 1...12 { v.add(y: 500 + Double(i) * 2, at: 0.1 + Double(i) * 0.01) }  // slow end
        #expect(abs(v.velocity(at: 0.22) - 200) < 1e-6)
    }

    @Test func staleSamplesGiveZero() {
        var v = VelocityTracker()
        for i in 0...5 { v.add(y: Double(i) * 10, at: Double(i) * 0.01) }
        #expect(v.velocity(at: 0.05 + 0.101) == 0)
        #expect(v.velocity(at: 0.05) != 0)
    }
}

@Suite struct WheelGestureTests {
    @Test func endsAfterTheIdleTimeout() {
        var g = WheelGesture()
        let began = g.add(delta: 10, precise: true, at: 1.0)
        let beganAgain = g.add(delta: 10, precise: true, at: 1.05)
        #expect(began && !beganAgain)
        #expect(g.endTime == 1.05 + 0.090)
    }

    @Test func releaseVelocityIsTheRecentDeltasOverTheWindow() {
        var g = WheelGesture()
        for i in 0..<20 { g.add(delta: 5, precise: true, at: Double(i) * 0.012) }
        // the last event is at 0.228 s; events 7…19 (0.084…0.228) fall in the 150 ms before it
        let v = g.end()
        #expect(abs(v - 13 * 5 / 0.150) < 1e-6)
        #expect(!g.isActive)
    }

    @Test func singleNotchHasNoMomentum() {
        var g = WheelGesture()
        g.add(delta: 40, precise: false, at: 0)
        #expect(g.sawNotches)
        let v = g.end()
        #expect(v == 0)
    }
}
