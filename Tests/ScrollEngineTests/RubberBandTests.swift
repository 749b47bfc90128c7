import Testing
@testable import ScrollEngine

@Suite struct RubberBandTests {
    @Test(arguments: [(50.0, 26.59), (100, 51.46), (200, 96.70), (400, 172.55), (800, 283.87)])
    func matchesSpecCheckValues(pull: Double, shown: Double) {
        #expect(abs(RubberBand().shown(pull, dimension: 800) - shown) < 0.005)
    }

    @Test func inverseRecoversTheOvershoot() {
        let band = RubberBand()
        for x in [1.0, 37, 250, 1200] {
            let b = band.shown(x, dimension: 600)
            #expect(abs(band.overshoot(forShown: b, dimension: 600) - x) < 1e-6)
        }
    }

    @Test func zeroAndNegativePullShowNothing() {
        #expect(RubberBand().shown(0, dimension: 800) == 0)
        #expect(RubberBand().shown(-10, dimension: 800) == 0)
    }
}
