import Foundation
import Testing
@testable import ScrollEngine

/// The eases the physics makes (`PhysicsProfile.animation`: ease-out cubic; `refreshReturn`:
/// ease-in quad), pure functions of time.
@Suite struct EasingSimulationTests {
    @Test func startsAtFromAndEndsExactlyAtTo() {
        let s = EasingSimulation(from: -75, to: 0, duration: 0.1, curve: .easeInQuad)
        #expect(s.position(at: 0) == -75)
        #expect(s.position(at: 0.1) == 0)
        #expect(s.position(at: 5) == 0, "clamped after its end")
        #expect(s.position(at: -1) == -75, "clamped before its start")
        #expect(s.finalPosition == 0)
        let up = EasingSimulation(from: 40, to: 240, duration: 0.5, curve: .easeInQuad)
        #expect(up.position(at: 0) == 40 && up.position(at: 0.5) == 240)
        #expect(up.position(at: 0.25) == 90, "a quarter of the way at half the time")
    }

    /// The old hand-computed return was `from · (1 − p²)` towards 0; the simulation must give the
    /// same doubles (the scenario goldens depend on it), bit for bit.
    @Test func towardsZeroItIsTheOldExpressionBitForBit() {
        for from in [-75.0, -74.999999, -81.3, -1e-3, -123.456789] {
            let s = EasingSimulation(from: from, to: 0, duration: 0.1, curve: .easeInQuad)
            for i in 0...12 {
                let elapsed = Double(i) / 120
                let p = min(1, max(0, elapsed / 0.1))
                #expect(s.position(at: elapsed) == from * (1 - p * p))
            }
        }
    }

    @Test func isMonotonicAndStartsSlowly() {
        let s = EasingSimulation(from: -75, to: 0, duration: 0.1, curve: .easeInQuad)
        var last = s.position(at: 0)
        var lastStep = 0.0
        for i in 1...100 {
            let y = s.position(at: Double(i) * 0.001)
            #expect(y >= last)
            #expect(y - last >= lastStep - 1e-9, "speeds up all the way")
            lastStep = y - last
            last = y
        }
    }

    @Test func isDoneOnlyAtItsEnd() {
        let s = EasingSimulation(from: -75, to: 0, duration: 0.1, curve: .easeInQuad)
        #expect(!s.isDone(at: 0))
        #expect(!s.isDone(at: 0.0999))
        #expect(s.isDone(at: 0.1))
        #expect(s.isDone(at: 1))
        #expect(!s.isBouncing(at: 0.05))
        let instant = EasingSimulation(from: -75, to: 0, duration: 0, curve: .easeInQuad)
        #expect(instant.isDone(at: 0) && instant.position(at: 0) == 0 && instant.velocity(at: 0) == 0)
    }

    @Test func velocityIsTheDerivative() {
        let s = EasingSimulation(from: -75, to: 0, duration: 0.1, curve: .easeInQuad)
        #expect(s.velocity(at: 0) == 0, "leaves at rest")
        #expect(abs(s.velocity(at: 0.1) - 1500) < 1e-9, "arrives at 2 · 75 / 0.1 pt/s")
        for t in [0.013, 0.05, 0.087] {
            let h = 1e-7
            let numeric = (s.position(at: t + h) - s.position(at: t - h)) / (2 * h)
            #expect(abs(numeric - s.velocity(at: t)) < 1e-3)
        }
    }

    /// Keys, wheel steps and the coordinator's eases: the programmatic move's numbers, the
    /// expression the scenario goldens were made with.
    @Test func easeOutCubicLeavesFastAndStopsGently() {
        let s = EasingSimulation(from: -80, to: 0, duration: 0.4, curve: .easeOutCubic)
        #expect(s.position(at: 0) == -80 && s.position(at: 0.4) == 0 && s.position(at: 9) == 0)
        for i in 0...8 {
            let p = Double(i) / 8
            #expect(s.position(at: p * 0.4) == -80 + 80 * (1 - pow(1 - p, 3)))
        }
        #expect(abs(s.velocity(at: 0) - 600) < 1e-9, "leaves at 3 · 80 / 0.4 pt/s")
        #expect(s.velocity(at: 0.4) == 0, "arrives at rest")
        for t in [0.05, 0.2, 0.33] {
            let h = 1e-7
            let numeric = (s.position(at: t + h) - s.position(at: t - h)) / (2 * h)
            #expect(abs(numeric - s.velocity(at: t)) < 1e-3)
        }
        #expect(!s.isDone(at: 0.399) && s.isDone(at: 0.4))
    }
}
