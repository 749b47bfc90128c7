import Foundation
import ScrollEngine
import Testing

@Suite struct PullOpacityTests {
    @Test func zeroWhenNotPulled() {
        #expect(PullOpacity.value(pullDistance: 0, threshold: 75) == 0)
        #expect(PullOpacity.value(pullDistance: -10, threshold: 75) == 0)
    }

    @Test func followsTheSeedCurve() {
        // √o^(o/(T/2)) / T at o = T/2 is √(T/2) / T.
        #expect(abs(PullOpacity.value(pullDistance: 37.5, threshold: 75) - 37.5.squareRoot() / 75) < 1e-12)
        // At o = T the curve reaches exactly T / T = 1.
        #expect(abs(PullOpacity.value(pullDistance: 75, threshold: 75) - 1) < 1e-12)
        #expect(abs(PullOpacity.value(pullDistance: 56.25, threshold: 75) - pow(56.25, 0.75) / 75) < 1e-12)
        #expect(PullOpacity.value(pullDistance: 500, threshold: 75) == 1)
    }

    @Test func risesMonotonically() {
        var last = 0.0
        for o in stride(from: 1.0, through: 75, by: 1) {
            let v = PullOpacity.value(pullDistance: o, threshold: 75)
            #expect(v >= last)
            last = v
        }
    }
}
