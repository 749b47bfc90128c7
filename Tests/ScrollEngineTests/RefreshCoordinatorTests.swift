import Testing
@testable import ScrollEngine

/// A downstream observer that records what reaches it.
final class Downstream: ScrollViewDelegate {
    var scrolls: [Double] = []
    var ends = 0
    func scrollViewDidScroll(_ s: ScrollView, at t: Double) { scrolls.append(s.contentOffset) }
    func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate: Bool, at t: Double) { ends += 1 }
}

/// Records the action effects a refresh owner sends.
final class RecordedActions: RefreshActions {
    var started: [Int] = []
    var cancelled: [Int] = []
    func start(token: Int, behaviour: RefreshBehaviour, at t: Double) { started.append(token) }
    func cancel(token: Int) { cancelled.append(token) }
}

@Suite struct RefreshCoordinatorTests {
    /// A scroll view with a downstream observer and a coordinator attached at run time, driven
    /// as a finger would; `direct` is what the input controller would report.
    final class Rig {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        let downstream = Downstream()
        let actions = RecordedActions()
        let coordinator: RefreshCoordinator
        var direct = false
        var started: [Int] { actions.started }
        init() {
            coordinator = RefreshCoordinator(actions: actions)
            sv.delegate = downstream
            coordinator.attach(to: sv)
            coordinator.isDirectInput = { [unowned self] in self.direct }
        }
        func pull(to finger: Double, at t: Double) {
            if !sv.isDragging { direct = true; sv.beginDrag(pointerY: 0, at: t) }
            sv.drag(pointerY: finger, at: t)
        }
        func release(at t: Double) {
            direct = false
            sv.endDrag(at: t, velocity: 0)
            coordinator.inputReleased(at: t)
        }
    }

    @Test func attachKeepsTheOriginalDelegateAndForwards() {
        let rig = Rig()
        #expect(rig.sv.delegate === rig.coordinator)
        #expect(rig.coordinator.originalDelegate === rig.downstream)
        rig.sv.setContentOffset(120)
        rig.sv.beginDrag(pointerY: 0, at: 0)
        rig.sv.endDrag(at: 0.1, velocity: 0)
        #expect(rig.downstream.scrolls == [120])
        #expect(rig.downstream.ends == 1)
        #expect(rig.coordinator.forwarded == 1)
    }

    @Test func hysteresisKeepsTriggeredUntilBelowNinetyPercent() {
        let rig = Rig()
        rig.pull(to: 400, at: 0.1)  // shown ≈ 172 pt: triggered
        #expect(rig.coordinator.state == .triggered)
        // Back to a shown pull of 75 pt (below the threshold, above 0.9 × 80 = 72): still triggered.
        let finger75 = RubberBand().overshoot(forShown: 75, dimension: 800)
        rig.pull(to: finger75, at: 0.2)
        #expect(rig.coordinator.state == .triggered)
        let finger70 = RubberBand().overshoot(forShown: 70, dimension: 800)
        rig.pull(to: finger70, at: 0.3)
        #expect(rig.coordinator.state == .pulling(70.0 / 80.0) || abs(rig.coordinator.progress - 70.0 / 80.0) < 1e-9)
        rig.release(at: 0.4)
        #expect(rig.coordinator.state == .idle)
        #expect(rig.started.isEmpty)
    }

    @Test func releaseWhenTriggeredStartsExactlyOneActionAndLocks() {
        let rig = Rig()
        rig.pull(to: 500, at: 0.1)
        rig.release(at: 0.2)
        #expect(rig.coordinator.state == .refreshing)
        #expect(rig.started == [1])
        #expect(!rig.sv.isScrollEnabled)
        #expect(rig.sv.contentInsetTop == 80)
        rig.coordinator.advance(to: 0.2 + 0.25)
        #expect(rig.sv.contentOffset == -80)
        // With no disturbance, frames do nothing: no corrections, nothing forwarded.
        let forwarded = rig.coordinator.forwarded
        for i in 1...100 { rig.coordinator.advance(to: 0.5 + Double(i) * 0.016) }
        #expect(rig.coordinator.corrections == 0)
        #expect(rig.coordinator.forwarded == forwarded)
    }

    @Test func aProgrammaticScrollDuringTheLockIsCorrectedOnceAtOnce() {
        let rig = Rig()
        rig.pull(to: 500, at: 0.1)
        rig.release(at: 0.2)
        rig.coordinator.advance(to: 1)
        let seen = rig.downstream.scrolls.count
        rig.sv.setContentOffset(300)
        #expect(rig.sv.contentOffset == -80)
        #expect(rig.coordinator.corrections == 1)
        rig.sv.setContentOffset(-80.3)  // within the 0.5 pt tolerance: left alone
        #expect(rig.coordinator.corrections == 1)
        #expect(rig.downstream.scrolls.count == seen)
    }

    @Test func completionEasesBackAndResyncsDownstreamOnce() {
        let rig = Rig()
        rig.pull(to: 500, at: 0.1)
        rig.release(at: 0.2)
        rig.coordinator.advance(to: 1)
        let seen = rig.downstream.scrolls.count
        rig.coordinator.deliver(RefreshResult(token: 1, outcome: .success(0)), at: 1.0)
        #expect(rig.coordinator.state == .completing)
        #expect(rig.sv.isScrollEnabled)
        rig.coordinator.advance(to: 1.2)
        #expect(rig.sv.contentOffset > -80 && rig.sv.contentOffset < 0)
        rig.coordinator.advance(to: 1.4)
        #expect(rig.coordinator.state == .idle)
        #expect(rig.sv.contentOffset == 0)
        #expect(rig.downstream.scrolls.count == seen + 1)
        #expect(rig.downstream.scrolls.last == 0)
    }

    @Test func aStaleResultIsIgnored() {
        let rig = Rig()
        rig.coordinator.beginRefresh(at: 0, fromGesture: false)
        rig.coordinator.deliver(RefreshResult(token: 7, outcome: .success(1)), at: 0.5)
        #expect(rig.coordinator.state == .refreshing)
    }

    @Test func momentumAndBounceNeverArm() {
        let rig = Rig()
        // A bounce past the top with no direct input: the pull is visible but nothing arms.
        rig.sv.setContentOffset(50)
        rig.sv.beginDrag(pointerY: 0, at: 0)
        rig.sv.endDrag(at: 0, velocity: -4000)  // fling to the top, overshoots
        for i in 1...60 { rig.sv.advance(to: Double(i) / 60) }
        #expect(rig.coordinator.state == .idle)
        #expect(rig.started.isEmpty)
    }

    @Test func noNewTriggerUntilTheInputThatPulledIsReleased() {
        let rig = Rig()
        // F5 while a finger holds a pull: after completion, that same finger cannot arm again.
        rig.pull(to: 100, at: 0.1)
        rig.coordinator.beginRefresh(at: 0.2, fromGesture: false)
        rig.coordinator.deliver(RefreshResult(token: 1, outcome: .success(0)), at: 0.3)
        rig.coordinator.advance(to: 1)
        #expect(rig.coordinator.state == .idle)
        #expect(rig.started.count == 1)
    }

    @Test func theLockedViewIsHeldStronglyUntilCompletionEnds() {
        let coordinator = RefreshCoordinator(actions: RecordedActions())
        weak var weakView: ScrollView?
        do {
            let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
            weakView = sv
            coordinator.attach(to: sv)
            coordinator.beginRefresh(at: 0, fromGesture: false)
        }
        #expect(weakView != nil)  // the view tree dropped it; the coordinator did not
        coordinator.advance(to: 0.3)
        #expect(weakView?.contentOffset == -80)
        coordinator.deliver(RefreshResult(token: 1, outcome: .failure(RefreshFailure("x"))), at: 0.3)
        coordinator.advance(to: 1)
        #expect(coordinator.state == .idle)
        #expect(weakView == nil)
    }

    @Test func timeoutCancelsAndReportsAnError() {
        let rig = Rig()
        var ends: [Result<Int, RefreshFailure>] = []
        rig.coordinator.onFinish = { ends.append($0) }
        rig.coordinator.beginRefresh(at: 0, fromGesture: false)
        rig.coordinator.advance(to: 29.9)
        #expect(rig.coordinator.state == .refreshing)
        rig.coordinator.advance(to: 30)
        #expect(rig.coordinator.state == .completing)
        #expect(rig.actions.cancelled == [1])
        #expect(ends == [.failure(RefreshFailure("timed out after 30 s"))])
    }

    @Test func onlyLegalTransitionsAreAllowed() {
        #expect(RefreshState.idle.canMove(to: .pulling(0.5)))
        #expect(!RefreshState.idle.canMove(to: .completing))
        #expect(!RefreshState.refreshing.canMove(to: .idle))
        #expect(!RefreshState.completing.canMove(to: .refreshing))
    }
}
