import Testing
@testable import ScrollEngine

/// The scroll view's clock moves only in `advance(to:)` (and with the commands that start or move
/// a motion at a time they are given): its queries and the catch of a motion read the state last
/// evaluated. The input controller's one tick brings the view to an event's time first.
@Suite struct ScrollViewClockTests {
    /// A view flinging down from 2000, evaluated at `t`.
    func flinging(evaluatedAt t: Double) -> ScrollView {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 100_000)
        sv.scroll(to: 2000, animated: false, at: 0)
        sv.beginDrag(pointerY: 400, at: 0)
        for i in 1...5 { sv.drag(pointerY: 400 - 20 * Double(i), at: 0.01 * Double(i)) }
        sv.endDrag(at: 0.05)
        sv.advance(to: t)
        return sv
    }

    struct Seen: Equatable {
        var offset, velocity, eventTime: Double
        var phase: ScrollPhase
        init(_ sv: ScrollView) { (offset, velocity, eventTime, phase) = (sv.contentOffset, sv.velocity, sv.eventTime, sv.phase) }
    }

    @Test func restsAtTopIsARead() {
        let sv = flinging(evaluatedAt: 0.2)
        #expect(sv.isMoving)
        let before = Seen(sv)
        #expect(!sv.restsAtTop(for: 0.3, at: 0.5))
        #expect(!sv.restsAtTop(for: 0.3, at: 0.9))
        #expect(Seen(sv) == before, "asking moved the view to a later time")
    }

    @Test func restsAtTopCountsTheRestFromTheLastChange() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        sv.scroll(to: 10, animated: false, at: 0)
        sv.scroll(to: 0, animated: false, at: 1)
        #expect(!sv.restsAtTop(for: 0.5, at: 1.2))
        #expect(sv.restsAtTop(for: 0.5, at: 1.5))
        #expect(sv.restsAtTop(for: 0.5, at: 1.5), "twice, the same answer")
    }

    @Test func catchingStopsWhereTheMotionWasLastEvaluated() {
        let sv = flinging(evaluatedAt: 0.2)
        let at02 = sv.contentOffset
        sv.catchMotion(at: 0.6)
        #expect(sv.contentOffset == at02 && !sv.isMoving, "the catch evaluated the fling at 0.6 itself")
        let caught = Seen(sv)
        sv.catchMotion(at: 0.9)
        #expect(Seen(sv) == caught, "a second catch changes nothing")
    }

    @Test func aNotchStartsFromTheStateLastEvaluated() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        sv.scroll(to: 1000, animated: true, duration: 0.3, at: 0)
        sv.advance(to: 0.1)
        let before = sv.contentOffset
        sv.step(by: 40, duration: 0.2, at: 0.25)
        #expect(sv.contentOffset == before, "the notch evaluated the animation at 0.25 itself")
        #expect(sv.targetOffset == 1040)
    }

    /// The controller's tick: a finger landing at `t` catches the fling where it is at `t`,
    /// exactly where a view advanced to `t` has it.
    @Test func theControllersTickBringsTheViewToTheEvent() {
        let sv = flinging(evaluatedAt: 0.2)
        let input = ScrollInputController(scrollView: sv)
        let reference = flinging(evaluatedAt: 0.45)
        input.handle(.pointerDown(Point(100, 400)), at: 0.45)
        #expect(sv.contentOffset == reference.contentOffset)
        #expect(sv.phase == .dragging)
    }
}
