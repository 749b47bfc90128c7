import Testing
@testable import ScrollEngine

/// Issue #32 items 3 and 4 in the input controller: the fingers lifting end a touchpad gesture at
/// once; a paused gesture coasts at its velocity until its idle end (X11 has no lift); resting
/// fingers stop a fling and lifting them restarts nothing.
@Suite struct TouchpadSignalTests {
    /// A list at 1000 pt and a touchpad gesture of `n` deltas of `dy` precise units, 8 ms apart.
    func swipe(_ n: Int = 25, dy: Double = -0.75) -> (ScrollView, ScrollInputController, last: Double) {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        sv.setContentOffset(1000)
        for i in 0..<n { input.handle(.wheel(dy: dy, precise: true, source: .touchpad), at: 1 + Double(i) * 0.008) }
        return (sv, input, 1 + Double(n - 1) * 0.008)
    }

    @Test func liftingTheFingersReleasesAtTheLiftNotAfterTheIdleTimeout() {
        let (sv, input, last) = swipe()
        #expect(sv.phase == .dragging)
        let outcome = input.handle(.touchpad(.lift), at: last + 0.002)
        #expect(outcome.released && outcome.contains(.consumed))
        #expect(sv.phase == .decelerating)
        #expect(input.nextDeadline == nil && !input.isDirectInputActive)
        // The release velocity is the gesture's: 7.5 pt per 8 ms.
        #expect(abs(sv.velocity - 7.5 / 0.008) < 0.5 * 7.5 / 0.008)
        // The content goes on moving right after the lift (no 90 ms stand-still).
        let at = sv.contentOffset
        sv.advance(to: last + 0.018)
        #expect(sv.contentOffset > at + 5)
    }

    @Test func aLiftWithNoGestureDoesNothing() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        sv.setContentOffset(500)
        #expect(!input.handle(.touchpad(.lift), at: 1).released)
        #expect(sv.phase == .idle && sv.contentOffset == 500)
    }

    @Test func aPausedGestureKeepsMovingUntilItsIdleEnd() {
        let (sv, input, last) = swipe()
        let atLastDelta = sv.contentOffset
        var offsets: [Double] = []
        // Frames every 16 ms until the idle end (90 ms): the content never stands still.
        for k in 1...5 {
            input.processDeadlines(upTo: last + Double(k) * 0.016)
            offsets.append(sv.contentOffset)
        }
        #expect(sv.phase == .dragging)
        #expect(zip([atLastDelta] + offsets, offsets).allSatisfy { $1 > $0 + 1 })
        // At the idle end it is released from where it coasted to, at the same velocity.
        input.processDeadlines(upTo: last + 0.090)
        #expect(sv.phase == .decelerating)
        #expect(sv.contentOffset > offsets.last!)
    }

    @Test func theCoastIsTheSameWhicheverFramesLookAtIt() {
        // The live window and the replay evaluate the pause at different times: same positions.
        let (a, inputA, last) = swipe()
        let (b, inputB, _) = swipe()
        for k in 1...8 { inputA.processDeadlines(upTo: last + Double(k) * 0.01) }
        inputB.processDeadlines(upTo: last + 0.08)
        #expect(abs(a.contentOffset - b.contentOffset) < 1e-9)
    }

    @Test func aDeltaAfterACoastNeverMovesTheContentBack() {
        let (sv, input, last) = swipe()
        input.processDeadlines(upTo: last + 0.05)
        let coasted = sv.contentOffset
        input.handle(.wheel(dy: -0.1, precise: true, source: .touchpad), at: last + 0.051)
        #expect(sv.contentOffset >= coasted)
        // Turning back goes back from where the content is.
        input.processDeadlines(upTo: last + 0.06)
        let before = sv.contentOffset
        input.handle(.wheel(dy: 1, precise: true, source: .touchpad), at: last + 0.06)
        #expect(abs(sv.contentOffset - (before - 10)) < 1e-9)
    }

    @Test func aRestingHoldStopsAFlingAndLiftingRestartsNothing() {
        let (sv, input, last) = swipe()
        input.handle(.touchpad(.lift), at: last + 0.002)
        sv.advance(to: last + 0.1)
        #expect(sv.phase == .decelerating)
        input.handle(.touchpad(.hold), at: last + 0.1)
        let held = sv.contentOffset
        #expect(sv.phase == .idle && input.isHeld)
        sv.advance(to: last + 0.5)
        input.handle(.touchpad(.release), at: last + 0.5)
        sv.advance(to: last + 1.5)
        #expect(sv.phase == .idle && !input.isHeld)
        #expect(sv.contentOffset == held)
    }

    @Test func aHoldAtRestOrDuringAGestureChangesNothing() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        sv.setContentOffset(500)
        input.handle(.touchpad(.hold), at: 1)
        input.handle(.touchpad(.release), at: 1.2)
        #expect(sv.phase == .idle && sv.contentOffset == 500 && !input.isHeld)
        let (sv2, input2, last) = swipe()
        input2.handle(.touchpad(.hold), at: last + 0.001)
        #expect(sv2.phase == .dragging && !input2.isHeld)
    }
}
