import Foundation
import Testing
@testable import ScrollEngine

/// #30 item 8: the iOS release (weighted samples, minimum fling velocity) and momentum carried by
/// a second flick (docs/BEHAVIOUR.md, "iOS physics" and "Input").
@Suite struct IOSFidelityTests {
    // MARK: release velocity

    @Test func weightedVelocityWeighsTheOldestOfTheLastThreePairsMost() {
        var v = VelocityTracker(estimator: .iOSWeighted)
        // pairs (oldest → newest) at 1000, 2000, 3000 and a twitch of −4000 pt/s
        let ys = [0.0, 10, 30, 60, 20]
        for (i, y) in ys.enumerated() { v.add(y: y, at: Double(i) * 0.01) }
        let expected = 0.6 * 2000 + 0.35 * 3000 + 0.05 * -4000
        #expect(abs(v.velocity(at: 0.04) - expected) < 1e-6)
        // least squares over the same samples gives another answer
        var ls = VelocityTracker()
        for (i, y) in ys.enumerated() { ls.add(y: y, at: Double(i) * 0.01) }
        #expect(abs(ls.velocity(at: 0.04) - expected) > 100)
    }

    @Test func weightedVelocityOfASteadyDragIsItsSpeed() {
        var v = VelocityTracker(estimator: .iOSWeighted)
        for i in 0...10 { v.add(y: Double(i) * 10, at: Double(i) * 0.01) }
        #expect(abs(v.velocity(at: 0.1) - 1000) < 1e-6)
    }

    @Test func aMissingPairCountsZeroAndASampleAtTheSameTimeReplacesTheLast() {
        var v = VelocityTracker(estimator: .iOSWeighted)
        v.add(y: 0, at: 0)
        v.add(y: 5, at: 0.01)
        v.add(y: 10, at: 0.01)  // same batch: replaces (0.01, 5)
        #expect(abs(v.velocity(at: 0.01) - 0.05 * 1000) < 1e-6)
    }

    @Test func aFingerStillFor40msIsStopped() {
        var v = VelocityTracker(estimator: .iOSWeighted)
        for i in 0...5 { v.add(y: Double(i) * 10, at: Double(i) * 0.01) }
        #expect(v.velocity(at: 0.05 + 0.040) != 0)
        #expect(v.velocity(at: 0.05 + 0.041) == 0)
        // least squares still sees the samples of the last 100 ms
        var ls = VelocityTracker()
        for i in 0...5 { ls.add(y: Double(i) * 10, at: Double(i) * 0.01) }
        #expect(ls.velocity(at: 0.05 + 0.041) != 0)
    }

    @Test func iOSUsesTheWeightedEstimatorAndOthersLeastSquares() {
        #expect(FeelProfile.iOS.velocityEstimator == .iOSWeighted)
        #expect(FeelProfile.android.velocityEstimator == .leastSquares)
        #expect(FeelProfile.gnome.velocityEstimator == .leastSquares)
        #expect(FeelProfile.none.velocityEstimator == .leastSquares)
    }

    // MARK: minimum fling velocity

    @Test func aReleaseSlowerThan100ptPerSecondDoesNotFling() {
        let b = ScrollBounds(minOffset: 0, maxOffset: 5000, viewportHeight: 800)
        #expect(PhysicsProfile.iOS.ballisticSimulation(after: Release(offset: 1000, velocity: 99, bounds: b)) == nil)
        #expect(PhysicsProfile.iOS.ballisticSimulation(after: Release(offset: 1000, velocity: -99, bounds: b)) == nil)
        #expect(PhysicsProfile.iOS.ballisticSimulation(after: Release(offset: 1000, velocity: 100, bounds: b)) != nil)
        // 60 pt/s flung before (the old 20 pt/s floor)
        #expect(PhysicsProfile.iOS.ballisticSimulation(after: Release(offset: 1000, velocity: 60, bounds: b)) == nil)
    }

    // MARK: momentum carried by a second flick

    @Test func carriedMomentumIsFluttersFitOfIOS() {
        // 0.000816 · 1000^1.967 (python: 0.000816 * 1000 ** 1.967)
        #expect(abs(PhysicsProfile.iOS.carriedMomentum(1000) - 0.000816 * pow(1000, 1.967)) < 1e-9)
        #expect(abs(PhysicsProfile.iOS.carriedMomentum(1000) - 649.67) < 0.01)
        #expect(abs(PhysicsProfile.iOS.carriedMomentum(-2000) + 2539.90) < 0.01)
        #expect(PhysicsProfile.iOS.carriedMomentum(1e6) == 40000)
        #expect(AndroidPhysics().carriedMomentum(1000) == 0)
        #expect(NonePhysics().carriedMomentum(1000) == 0)
    }

    /// A list flung into its content at 1000 pt/s (offset), caught 0.25 s after that release
    /// and flicked again at 1000 pt/s over 50 ms (`sameWay` or back, after resting `hold` s);
    /// returns the second release's velocity (as reported to the delegate) and the velocity the
    /// fling had when it was caught, under `feel`'s physics and velocity estimator.
    private func secondFlick(feel: FeelProfile = .iOS, sameWay: Bool = true, hold: Double = 0) -> (
        release: Double, caught: Double
    ) {
        let sv = ScrollView(
            viewportHeight: 800, contentHeight: 100_000, physics: feel.physics, velocityEstimator: feel.velocityEstimator)
        sv.scroll(to: 20_000, animated: false, at: 0)
        let spy = ReleaseSpy()
        sv.delegate = spy
        let dy = -10.0  // pointer up: the offset grows
        sv.beginDrag(pointerY: 400, at: 0)
        for i in 1...5 { sv.drag(pointerY: 400 + dy * Double(i), at: 0.01 * Double(i)) }
        sv.endDrag(at: 0.05)
        let tc = 0.3
        sv.advance(to: tc)
        let caught = sv.velocity
        sv.catchMotion(at: tc)
        sv.beginDrag(pointerY: 400, at: tc)
        if hold > 0 { sv.drag(pointerY: 400, at: tc + hold) }
        let start = tc + hold
        let step = sameWay ? dy : -dy
        for i in 1...5 { sv.drag(pointerY: 400 + step * Double(i), at: start + 0.01 * Double(i)) }
        sv.endDrag(at: start + 0.05)
        return (spy.released ?? .nan, caught)
    }

    @Test func aSecondFlickTheSameWayAddsTheCarriedMomentum() {
        let r = secondFlick()
        // the first fling decays as 0.998^(1000 t): 0.25 s after its release
        #expect(abs(r.caught - 1000 * pow(0.998, 250.0)) < 1e-3)
        #expect(abs(r.release - (1000 + PhysicsProfile.iOS.carriedMomentum(r.caught))) < 1e-6)
        // docs/BEHAVIOUR.md: 1000·0.998^250 = 606.23 pt/s carries 242.74 pt/s
        #expect(abs(r.release - 1242.74) < 0.01)
    }

    @Test func aFlickTheOtherWayCarriesNothing() {
        let r = secondFlick(sameWay: false)
        #expect(abs(r.release + 1000) < 1e-6)
    }

    @Test func aFingerThatRestsBeforeTheFlickLosesTheMomentum() {
        let r = secondFlick(hold: 0.03)
        #expect(abs(r.release - 1000) < 1e-6)
    }

    @Test func otherProfilesCarryNothing() {
        let r = secondFlick(feel: .gnome)
        #expect(abs(r.release - 1000) < 1e-3)
    }

    @Test func aSlowSecondFlickLosesTheMomentum() {
        // the release must be faster than half the carried velocity
        let keep = MomentumCarry(carried: 2000, pointer: 0, at: 0)
        #expect(keep.release(999, at: 0.01) == 999)
        #expect(keep.release(1001, at: 0.01) == 3001)
        #expect(keep.release(-1500, at: 0.01) == -1500)
        #expect(keep.release(1500, at: 0.021) == 1500)
    }
}

/// Records the releases a scroll view reports.
private final class ReleaseSpy: ScrollViewDelegate {
    var released: Double?
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Double, at t: Double) { released = velocity }
}
