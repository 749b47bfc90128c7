import Testing
@testable import ScrollEngine

@Suite struct FrictionSimulationTests {
    let sim = FrictionSimulation(rate: 0.998, x0: 0, v0: 1000)

    @Test func matchesSpecCheckValues() {
        #expect(abs(sim.position(at: 0.1) - 90.63) < 0.005)
        #expect(abs(sim.position(at: 0.5) - 315.93) < 0.005)
        #expect(abs(sim.finalPosition - 499.50) < 0.005)
    }

    @Test func velocityDecaysPerMillisecond() {
        #expect(abs(sim.velocity(at: 0.001) - 998) < 1e-9)
        #expect(abs(sim.velocity(at: 1) - 1000 * pow(0.998, 1000.0)) < 1e-9)
    }

    @Test func dragPerSecondIsRateToTheThousandth() {
        let d = FrictionSimulation(dragPerSecond: pow(0.99, 1000.0), x0: 0, v0: 1000)
        #expect(abs(d.rate - 0.99) < 1e-12)
        #expect(abs(d.finalPosition - (-1000 / (1000 * log(0.99)))) < 1e-6)
    }

    @Test func timeAtPositionInvertsPosition() throws {
        let t = try #require(sim.time(atPosition: 315.928))
        #expect(abs(t - 0.5) < 1e-4)
        #expect(sim.time(atPosition: 600) == nil)
    }

    @Test func isDoneOnlyNearTheRestPoint() {
        #expect(!sim.isDone(at: 1))
        #expect(sim.isDone(at: sim.duration + 0.001))
        #expect(abs(sim.position(at: sim.duration) - sim.finalPosition) <= sim.distanceTolerance + 1e-9)
    }
}

import Foundation
