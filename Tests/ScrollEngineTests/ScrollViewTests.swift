import Testing
@testable import ScrollEngine

/// Records delegate callbacks in order.
final class CallbackLog: ScrollViewDelegate {
    var calls: [String] = []
    func scrollViewDidScroll(_ s: ScrollView, at t: Double) { calls.append("didScroll") }
    func scrollViewWillBeginDragging(_ s: ScrollView, at t: Double) { calls.append("willBegin") }
    func scrollViewWillEndDragging(_ s: ScrollView, velocity: Double, at t: Double) { calls.append("willEnd") }
    func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate: Bool, at t: Double) { calls.append("didEnd(\(willDecelerate))") }
    func scrollViewDidEndDecelerating(_ s: ScrollView, at t: Double) { calls.append("didEndDecelerating") }
}

@Suite struct ScrollViewTests {
    func makeView() -> ScrollView { ScrollView(viewportHeight: 800, contentHeight: 4000) }

    @Test func dragFollowsTheFingerOneToOne() {
        let sv = makeView()
        sv.setContentOffset(500)
        sv.beginDrag(pointerY: 400, at: 0)
        sv.drag(pointerY: 300, at: 0.016)
        #expect(sv.contentOffset == 600)
        #expect(sv.phase == .dragging)
    }

    @Test func pullPastTheTopIsRubberBandedByPosition() {
        let sv = makeView()
        sv.beginDrag(pointerY: 100, at: 0)
        // Many small moves end where one big move does: the band is applied to the total.
        for i in 1...40 { sv.drag(pointerY: 100 + Double(i) * 5, at: Double(i) * 0.01) }
        let stepwise = sv.contentOffset
        #expect(abs(stepwise + RubberBand().shown(200, dimension: 800)) < 1e-9)
        #expect(abs(stepwise - (-96.7033)) < 1e-3)
    }

    @Test func releaseOutOfBoundsBouncesBackToTheEdge() {
        let sv = makeView()
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 300, at: 0.5)
        sv.endDrag(at: 0.7)
        #expect(sv.phase == .bouncing)
        sv.advance(to: 0.8)
        #expect(sv.contentOffset < 0 && sv.contentOffset > -96.71)
        sv.advance(to: 5)
        #expect(sv.contentOffset == 0)
        #expect(sv.phase == .idle)
    }

    @Test func flingDeceleratesThenStopsWithCallbacksInOrder() {
        let sv = makeView()
        let log = CallbackLog()
        sv.delegate = log
        sv.beginDrag(pointerY: 600, at: 0)
        for i in 1...10 { sv.drag(pointerY: 600 - Double(i) * 20, at: Double(i) * 0.01) }
        sv.endDrag(at: 0.1)
        #expect(sv.phase == .decelerating)
        #expect(abs(sv.velocity - 2000) < 1)
        sv.advance(to: 0.3)
        #expect(sv.contentOffset > 200)
        sv.advance(to: 10)
        #expect(sv.phase == .idle)
        #expect(log.calls.first == "willBegin")
        #expect(log.calls.contains("willEnd"))
        #expect(log.calls.contains("didEnd(true)"))
        #expect(log.calls.last == "didEndDecelerating")
    }

    @Test func releaseVelocityIsCapped() {
        let sv = makeView()
        sv.setContentOffset(500)
        sv.beginDrag(pointerY: 400, at: 0)
        sv.drag(pointerY: 300, at: 0.000_01)  // 100 pt in 10 µs: 10,000,000 pt/s
        sv.endDrag(at: 0.000_01)
        #expect(sv.velocity == sv.physics.maximumFlingVelocity)
    }

    @Test func disabledScrollingRefusesDrags() {
        let sv = makeView()
        sv.isScrollEnabled = false
        #expect(!sv.beginDrag(pointerY: 0, at: 0))
        sv.drag(pointerY: 100, at: 0.1)
        #expect(sv.contentOffset == 0)
    }

    @Test func animatedScrollEasesToTheClampedTarget() {
        let sv = makeView()
        sv.scroll(to: 99_999, animated: true, at: 0)
        #expect(sv.targetOffset == 3200)
        sv.advance(to: 0.15)
        #expect(sv.contentOffset > 1600 && sv.contentOffset < 3200)
        sv.advance(to: 1)
        #expect(sv.contentOffset == 3200)
    }

    @Test func shrinkingContentClampsAnIdleView() {
        let sv = makeView()
        sv.setContentOffset(3200)
        sv.setContentHeight(1000)
        #expect(sv.contentOffset == 200)
    }
}

@Suite struct ScrollInputControllerTests {
    @Test func wheelGestureEndsAtItsIdleDeadlineAndFlings() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        sv.setContentOffset(1000)
        for i in 0..<10 { input.handle(.wheel(dy: -2, precise: true), at: Double(i) * 0.016) }
        #expect(sv.contentOffset == 1200)
        #expect(input.isDirectInputActive)
        let end = 9 * 0.016 + 0.090
        #expect(abs(input.nextDeadline! - end) < 1e-12)
        input.processDeadlines(upTo: end - 0.001)
        #expect(sv.phase == .dragging)
        input.processDeadlines(upTo: end)
        #expect(sv.phase == .decelerating)
        #expect(sv.velocity > 0)
        #expect(!input.isDirectInputActive)
    }

    @Test func notchesAtTheTopPullARubberBandedOverscroll() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        input.handle(.wheel(dy: 1, precise: false), at: 0)
        input.handle(.wheel(dy: 1, precise: false), at: 0.03)
        #expect(abs(sv.contentOffset + RubberBand().shown(80, dimension: 800)) < 1e-9)
        input.processDeadlines(upTo: 1)
        #expect(sv.phase == .bouncing)
    }

    @Test func pointerDownCatchesAFling() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        input.handle(.pointerDown(Point(10, 600)), at: 0)
        for i in 1...5 { input.handle(.pointerMove(Point(10, 600 - Double(i) * 30)), at: Double(i) * 0.01) }
        input.handle(.pointerUp(Point(10, 450)), at: 0.05)
        #expect(sv.isMoving)
        input.handle(.pointerDown(Point(10, 300)), at: 0.2)
        let caught = sv.contentOffset
        #expect(caught > 150)
        sv.advance(to: 0.5)
        #expect(sv.contentOffset == caught)
    }

    @Test func endKeyAnimatesToTheBottom() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        let input = ScrollInputController(scrollView: sv)
        input.handle(.key(.end, []), at: 0)
        #expect(sv.phase == .animating)
        sv.advance(to: 1)
        #expect(sv.contentOffset == 3200)
    }
}
