import Foundation
import Testing
@testable import ScrollEngine

/// #30 item 3: Android's stretch when a fling meets an edge (EdgeEffect `onAbsorb`) and the
/// Material pull-to-refresh (`SwipeRefreshLayout`), checked against AOSP's formulas restated here
/// (docs/BEHAVIOUR.md, "Android physics").
@Suite struct AndroidEdgeAndRefreshTests {
    /// EdgeEffect's `updateSpring` from no pull at velocity v: e^(−ζωt)·(v/ω_d)·sin(ω_d·t).
    private func aospAbsorb(velocity v: Double, at t: Double) -> Double {
        let omega = 24.657, zeta = 0.98
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let sinCoeff = (1 / wd) * v
        return exp(-zeta * omega * t) * sinCoeff * sin(wd * t)
    }

    @Test func aFlingThatMeetsTheTopStretchesTheContentOutAndBack() {
        let rig = StretchRig(contentHeight: 10_000), sv = rig.sv
        sv.scroll(to: 100, animated: false, at: 0)
        sv.beginDrag(pointerY: 400, at: 0)
        sv.endDrag(at: 0, velocity: -1000)
        let fling = AndroidFlingSimulation(x0: 100, v0: -1000, min: 0, max: 9200)
        let impact = try! #require(fling.edgeImpact)
        // from 100 pt at 1000 pt/s the 194.31 pt spline meets the top early, still moving fast
        #expect(impact.velocity < -500 && impact.time < fling.splineDuration)
        sv.advance(to: impact.time + 0.05)
        #expect(sv.contentOffset == 0, "the offset itself stays in bounds")
        let expected = aospAbsorb(velocity: 13 * impact.velocity, at: 0.05)
        #expect(abs(rig.pull - expected) < 1e-9)
        #expect(rig.pull < -100 && rig.scale.atTop && rig.scale.scale > 1.01)
        sv.advance(to: impact.time + 2)
        #expect(rig.pull == 0 && !rig.stretch.isRecoiling && rig.scale.scale == 1)
    }

    @Test func aFlingThatEndsInsideTheBoundsDoesNotStretch() {
        let rig = StretchRig(contentHeight: 10_000), sv = rig.sv
        sv.scroll(to: 1000, animated: false, at: 0)
        sv.beginDrag(pointerY: 400, at: 0)
        sv.endDrag(at: 0, velocity: -1000)
        sv.advance(to: 1)
        #expect(rig.pull == 0 && !rig.stretch.isRecoiling && abs(sv.contentOffset - (1000 - 194.3136)) < 0.01)
    }

    /// EdgeEffect's spring from a pull p0 at velocity v0 (ζ = 0.98, ω = 24.657):
    /// e^(−ζωt)·(p0·cos(ω_d·t) + (v0 + ζω·p0)/ω_d·sin(ω_d·t)).
    private func aospSpring(from p0: Double, velocity v0: Double, at t: Double) -> Double {
        let omega = 24.657, zeta = 0.98
        let wd = omega * (1 - zeta * zeta).squareRoot()
        return exp(-zeta * omega * t) * (p0 * cos(wd * t) + (v0 + zeta * omega * p0) / wd * sin(wd * t))
    }

    /// A finger pulled 150 pt past the top and released; `velocity` is the offset's (< 0 further out).
    private func releasedStretched(velocity: Double) -> StretchRig {
        let rig = StretchRig(contentHeight: 10_000), sv = rig.sv
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 250, at: 0.1)
        #expect(rig.pull == -150 && sv.contentOffset == 0)
        sv.endDrag(at: 0.1, velocity: velocity)
        return rig
    }

    /// #30 item 3: a release while stretched goes to the stretch as AOSP's scroll views hand it
    /// to EdgeEffect (`onAbsorb` from the pull, or `onRelease` and a fling of the content).
    @Test func aReleaseFlungFurtherOutIsAbsorbedByTheStretch() {
        // 1000 pt/s further out: the spring starts at −150 with 13·(−1000); the content stays.
        let rig = releasedStretched(velocity: -1000), sv = rig.sv
        sv.advance(to: 0.15)
        #expect(sv.contentOffset == 0 && sv.phase == .idle)
        #expect(abs(rig.pull - aospSpring(from: -150, velocity: -13000, at: 0.05)) < 1e-9, "\(rig.pull)")
        #expect(rig.pull < -150, "it stretches further before it recedes")
        sv.advance(to: 2.1)
        #expect(rig.pull == 0 && !rig.stretch.isRecoiling)
    }

    @Test func aReleaseBackInShortOfThePullIsAbsorbedAFartherOneFlings() {
        // 500 pt/s back in: the spline's 58.32 pt is short of the 150 pt pull, so it is absorbed.
        var rig = releasedStretched(velocity: 500), sv = rig.sv
        sv.advance(to: 0.15)
        #expect(sv.contentOffset == 0 && sv.phase == .idle)
        #expect(abs(rig.pull - aospSpring(from: -150, velocity: 6500, at: 0.05)) < 1e-9, "\(rig.pull)")
        // 1000 pt/s back in: 194.31 pt is past the pull; the content flings, the stretch recedes
        // from where it was at no velocity (`onRelease`).
        rig = releasedStretched(velocity: 1000)
        sv = rig.sv
        sv.advance(to: 0.15)
        #expect(sv.contentOffset > 0 && sv.phase == .decelerating)
        #expect(abs(rig.pull - aospSpring(from: -150, velocity: 0, at: 0.05)) < 1e-9, "\(rig.pull)")
        // Slower than the minimum fling velocity (50 pt/s): it recedes, nothing flings.
        rig = releasedStretched(velocity: -40)
        sv = rig.sv
        sv.advance(to: 0.15)
        #expect(sv.contentOffset == 0 && abs(rig.pull - aospSpring(from: -150, velocity: 0, at: 0.05)) < 1e-9)
    }

    @Test func iOSNeverAbsorbs() {
        let rig = StretchRig(contentHeight: 10_000, feel: .iOS), sv = rig.sv
        sv.scroll(to: 100, animated: false, at: 0)
        sv.beginDrag(pointerY: 400, at: 0)
        sv.endDrag(at: 0, velocity: -1000)
        sv.advance(to: 0.3)
        #expect(rig.pull == 0 && sv.contentOffset < 0)
    }

    // MARK: Material pull-to-refresh

    @Test func thePullLooksAsSwipeRefreshLayoutMovesItsSpinner() {
        let c = MaterialRefreshConfig()
        // half the trigger: the circle's top at −40 + 32, the arc (0.5 − 0.4)·5/3·0.8 of a turn
        let half = MaterialRefreshLook.pull(32, c)
        #expect(abs(half.top - -8) < 1e-12 && abs(half.arc.length - 0.1 / 0.6 * 0.8) < 1e-12)
        #expect(abs(half.arrowScale - 1.0 / 6) < 1e-12 && half.ringAlpha == 0.3)
        // the trigger: 24 pt, the longest arc (0.8), the arrow at full size, still faint
        let trigger = MaterialRefreshLook.pull(64, c)
        #expect(trigger.top == 24 && abs(trigger.arc.length - 0.8) < 1e-12 && trigger.arrowScale == 1 && trigger.ringAlpha == 0.3)
        // rotation (−0.25 + 0.4) · 0.5 turns from 3 o'clock
        #expect(abs(trigger.arc.start - (0.075 + 0.25)) < 1e-12)
        // past it the slingshot tension slows the circle: 128 pt → 24 + 48, at most 24 + 64
        let past = MaterialRefreshLook.pull(128, c)
        #expect(past.top == 72 && past.ringAlpha == 1 && abs(past.arc.start - (0.45 + 0.25)) < 1e-12)
        #expect(MaterialRefreshLook.pull(192, c).top == 88 && MaterialRefreshLook.pull(400, c).top == 88)
    }

    private func loop(_ e: Double) -> ArcSpan { ArcSpan(start: e, end: e + 0.5) }

    @Test func aReleasePastTheTriggerRefreshesAndTheCircleSettles() {
        var m = MaterialRefreshMachine(timeout: 30)
        _ = m.handle(.pull(distance: 100, direct: true), at: 1)
        #expect(m.state == .pulling(1) && m.takesPull)
        let effects = m.handle(.release(distance: 100), at: 1)
        #expect(effects == [.startAction(token: 1)] && m.state == .refreshing && !m.takesPull)
        // 200 ms onto its place with DecelerateInterpolator(2): 1 − (1 − p)⁴
        let from = MaterialRefreshLook.pull(100, m.config).top
        let mid = try! #require(m.look(at: 1.1, loop: loop))
        #expect(abs(mid.top - (from + (24 - from) * (1 - pow(0.5, 4)))) < 1e-9 && mid.arrowScale == 0)
        let settled = try! #require(m.look(at: 1.5, loop: loop))
        #expect(settled.top == 24 && settled.scale == 1 && abs(settled.arc.start - 0.3) < 1e-9)
        // the result: the circle shrinks away in 150 ms
        let done = m.handle(.deliver(RefreshResult(token: 1, outcome: .success(3))), at: 2)
        #expect(done == [.finished(.success(3))] && m.state == .completing)
        #expect(abs(try! #require(m.look(at: 2.075, loop: loop)).scale - 0.5) < 1e-9)
        _ = m.handle(.frame, at: 2.15)
        #expect(m.state == .idle && m.look(at: 2.15, loop: loop) == nil)
    }

    @Test func aReleaseShortOfTheTriggerSlidesBackWithoutRefreshing() {
        var m = MaterialRefreshMachine(timeout: 30)
        _ = m.handle(.pull(distance: 50, direct: true), at: 0)
        #expect(m.handle(.release(distance: 50), at: 0).isEmpty)
        let back = try! #require(m.look(at: 0.1, loop: loop))
        let from = MaterialRefreshLook.pull(50, m.config).top
        #expect(abs(back.top - (from + (-40 - from) * (1 - pow(0.5, 4)))) < 1e-9 && back.arc.length == 0)
        _ = m.handle(.frame, at: 0.2)
        #expect(m.state == .idle && m.refreshes == 0)
    }

    @Test func F5GrowsTheCircleInPlaceAndTheTimeoutEndsIt() {
        var m = MaterialRefreshMachine(timeout: 30)
        #expect(m.handle(.trigger, at: 0) == [.startAction(token: 1)])
        let grow = try! #require(m.look(at: 0.2, loop: loop))
        #expect(grow.top == 24 && abs(grow.scale - 0.5) < 1e-12)
        let out = m.handle(.frame, at: 30)
        #expect(out == [.cancelAction(token: 1), .finished(.failure(RefreshFailure("timed out after 30 s")))] && m.state == .completing)
    }
}
