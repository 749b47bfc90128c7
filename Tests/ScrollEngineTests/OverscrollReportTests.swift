import Testing

@testable import ScrollEngine

/// #42 item 1: the scroll view reports the part of a drag or fling past an edge that its offset
/// did not show through one call (`OverscrollObserver`, Flutter's `OverscrollNotification`) and
/// keeps none of it; the observer's answers are what the view continues from.
@Suite struct OverscrollReportTests {
    /// Records every report and answers with the values it is given.
    final class Recorder: OverscrollObserver {
        var reports: [Overscroll] = []
        var held = 0.0
        var flings = true
        func scrollView(_ scrollView: ScrollView, overscroll: Overscroll) -> OverscrollReply {
            reports.append(overscroll)
            return OverscrollReply(held: held, flings: flings)
        }
        /// The reports other than the clock's.
        var moments: [Overscroll] { reports.filter { if case .tick = $0 { false } else { true } } }
    }

    private func view(_ observer: Recorder, _ physics: any ScrollPhysics = AndroidPhysics()) -> ScrollView {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000, physics: physics)
        sv.overscrollObserver = observer
        return sv
    }

    @Test func aDragPastTheTopReportsWhatTheOffsetDidNotShow() {
        let r = Recorder()
        let sv = view(r)
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 250, at: 0.1)
        #expect(sv.contentOffset == 0, "Android's edge rule stops the offset at the top")
        #expect(r.moments == [.grab(at: 0), .drag(unshown: -150)])
        sv.drag(pointerY: 130, at: 0.2)
        #expect(r.moments.last == .drag(unshown: -30))
        sv.endDrag(at: 0.3, velocity: -400)
        #expect(r.moments.last == .release(velocity: -400, at: 0.3))
    }

    /// Under the rubber band the offset shows part of the pull: the report is the rest.
    @Test func underTheRubberBandTheReportIsThePartNotShown() throws {
        let r = Recorder()
        let sv = view(r, PhysicsProfile.iOS)
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 300, at: 0.1)
        let shown = PhysicsProfile.iOS.userOffset(forRaw: -200, in: sv.bounds)
        #expect(sv.contentOffset == shown && shown < 0 && shown > -200)
        guard case let .drag(unshown)? = r.moments.last else { Issue.record("no drag report: \(r.moments)"); return }
        #expect(unshown == -200 - shown)
    }

    /// What the observer holds at the grab is where the drag continues from.
    @Test func aDragContinuesFromWhatTheObserverHolds() {
        let r = Recorder()
        r.held = -40
        let sv = view(r)
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 100, at: 0.1)
        #expect(r.moments.last == .drag(unshown: -40), "the finger has not moved; the held pull is still past the top")
        sv.drag(pointerY: 50, at: 0.2)
        #expect(sv.contentOffset == 10 && r.moments.last == .drag(unshown: 0), "moving back in takes up the held pull first")
    }

    /// The observer's answer at the release decides whether the content flings.
    @Test(arguments: [true, false]) func theReleaseFlingsAsTheObserverAnswers(flings: Bool) {
        let r = Recorder()
        r.flings = flings
        let sv = view(r)
        sv.setContentOffset(1000)
        sv.beginDrag(pointerY: 400, at: 0)
        sv.drag(pointerY: 300, at: 0.05)
        sv.endDrag(at: 0.1, velocity: 2000)
        #expect(sv.isMoving == flings)
    }

    /// A fling that stops at an edge reports its velocity there and when it met it.
    @Test func aFlingThatMeetsAnEdgeReportsTheImpact() throws {
        let r = Recorder()
        let sv = view(r)
        sv.scroll(to: 100, animated: false, at: 0)
        sv.beginDrag(pointerY: 400, at: 0)
        sv.endDrag(at: 0, velocity: -1000)
        let impact = try #require(AndroidFlingSimulation(x0: 100, v0: -1000, min: 0, max: 3200).edgeImpact)
        sv.advance(to: 1)
        #expect(r.moments.last == .edge(velocity: impact.velocity, impact: impact.time, at: 1))
        #expect(r.reports.last == .tick(at: 1) || r.reports.contains(.tick(at: 1)), "the view says when it evaluates")
    }

    /// With no observer the part not shown is dropped: the offset is the physics' alone.
    @Test func withoutAnObserverNothingIsHeld() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000, physics: AndroidPhysics())
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 300, at: 0.1)
        sv.endDrag(at: 0.2, velocity: 0)
        sv.beginDrag(pointerY: 300, at: 0.3)
        sv.drag(pointerY: 250, at: 0.4)
        #expect(sv.contentOffset == 50)
    }
}
