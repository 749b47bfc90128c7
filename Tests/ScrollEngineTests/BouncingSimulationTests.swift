import Testing
@testable import ScrollEngine

@Suite struct BouncingSimulationTests {
    @Test func flingInsideBoundsIsPureFriction() {
        let b = BouncingSimulation(rate: 0.998, x0: 0, v0: 1000, min: 0, max: 10_000)
        let f = FrictionSimulation(rate: 0.998, x0: 0, v0: 1000)
        #expect(b.crossingTime == nil)
        #expect(b.position(at: 0.5) == f.position(at: 0.5))
        #expect(abs(b.finalPosition - 499.5) < 0.01)
    }

    @Test func switchesToSpringAtTheCrossingWithContinuousVelocity() throws {
        let b = BouncingSimulation(rate: 0.998, x0: 0, v0: 3000, min: 0, max: 500)
        let tc = try #require(b.crossingTime)
        let f = FrictionSimulation(rate: 0.998, x0: 0, v0: 3000)
        #expect(abs(f.position(at: tc) - 500) < 1e-6)
        #expect(abs(b.velocity(at: tc - 1e-9) - b.velocity(at: tc)) < 1e-3)
        #expect(abs(b.position(at: tc - 1e-9) - b.position(at: tc)) < 1e-3)
        #expect(b.isBouncing(at: tc) && !b.isBouncing(at: tc - 0.001))
        #expect(b.position(at: tc + 0.1) > 500)
        #expect(b.finalPosition == 500)
        #expect(b.isDone(at: tc + 5))
    }

    @Test func startOutOfBoundsSpringsBack() {
        let b = BouncingSimulation(rate: 0.998, x0: -80, v0: 0, min: 0, max: 500)
        #expect(b.crossingTime == 0)
        #expect(b.position(at: 0.1) > -80 && b.position(at: 0.1) < 0)
        #expect(b.finalPosition == 0)
    }
}
