import Foundation
import Testing
@testable import ScrollEngine

@Suite struct SpringSimulationTests {
    @Test func criticallyDampedMatchesClosedForm() {
        let s = SpringSimulation(.iOSBounce, from: 100, to: 0, v0: 0)
        // x(t) = (A + (v0 + ωA) t) e^{-ωt}, ω = 10
        for t in [0.0, 0.05, 0.1, 0.3, 0.6] {
            let expected = (100 + 1000 * t) * exp(-10 * t)
            #expect(abs(s.position(at: t) - expected) < 1e-9)
        }
        #expect(s.velocity(at: 0) == 0)
    }

    @Test func startsWithTheGivenVelocityInEveryRegime() {
        for zeta in [0.3, 1.0, 2.5] {
            let s = SpringSimulation(SpringParameters(mass: 2, stiffness: 300, dampingRatio: zeta), from: 10, to: 50, v0: -400)
            #expect(abs(s.position(at: 0) - 10) < 1e-9)
            #expect(abs(s.velocity(at: 0) + 400) < 1e-6)
            // Numerical derivative agrees with the analytic velocity.
            let t = 0.137, h = 1e-6
            let numeric = (s.position(at: t + h) - s.position(at: t - h)) / (2 * h)
            #expect(abs(numeric - s.velocity(at: t)) < 1e-3)
        }
    }

    @Test func criticalSpringNeverOvershootsFromRest() {
        let s = SpringSimulation(.iOSBounce, from: -120, to: 0, v0: 0)
        for i in 0...200 { #expect(s.position(at: Double(i) * 0.01) <= 0) }
    }

    @Test func underdampedOscillates() {
        let s = SpringSimulation(SpringParameters(mass: 1, stiffness: 100, dampingRatio: 0.2), from: 100, to: 0, v0: 0)
        let minimum = (0...100).map { s.position(at: Double($0) * 0.01) }.min()!
        #expect(minimum < -20)
    }

    @Test func settlesExactlyOnTarget() {
        let s = SpringSimulation(.iOSBounce, from: 300, to: 0, v0: 2000)
        #expect(!s.isDone(at: 0.2))
        #expect(s.isDone(at: 3))
        #expect(s.position(at: 3) == 0)
        #expect(s.velocity(at: 3) == 0)
    }
}
