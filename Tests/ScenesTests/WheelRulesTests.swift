import Testing
@testable import ScrollEngine
@testable import Scenes

/// The source-aware wheel rules: notches step a fixed distance with a short ease, no momentum,
/// clamped at the edges (pulling only from a rest at the top); touchpads track, rubber-band,
/// pull and fling.
@Suite struct WheelRulesTests {
    func list(offset: Double = 0) -> (ScrollView, ScrollInputController) {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        sv.setContentOffset(offset)
        return (sv, ScrollInputController(scrollView: sv))
    }

    /// Advances the view frame by frame to `end`, returning every offset shown on the way.
    @discardableResult
    func run(_ sv: ScrollView, _ input: ScrollInputController, from t0: Double, to end: Double) -> [Double] {
        var offsets: [Double] = []
        var t = t0
        while t < end {
            t = min(end, t + 1.0 / 60)
            input.processDeadlines(upTo: t)
            sv.advance(to: t)
            offsets.append(sv.contentOffset)
        }
        return offsets
    }

    @Test func tenQuickNotchesMoveExactlyTenNotchesWithNoMomentum() {
        let (sv, input) = list(offset: 1000)
        for i in 0..<10 { input.handle(.wheel(dy: -1, precise: false), at: Double(i) * 0.03) }
        #expect(input.wheelMode == .steps)
        #expect(sv.phase == .animating)
        let shown = run(sv, input, from: 0.27, to: 2)
        #expect(sv.contentOffset == 1400)
        #expect(sv.phase == .idle)
        // Never past the target: an ease, not a fling.
        #expect(shown.allSatisfy { $0 <= 1400 })
    }

    @Test func oneNotchEasesItsDistanceInTheStepDuration() {
        let (sv, input) = list(offset: 1000)
        input.handle(.wheel(dy: 1, precise: false), at: 0)
        let d = input.rules.stepDuration
        sv.advance(to: d / 2)
        #expect(sv.contentOffset < 1000 && sv.contentOffset > 960)
        sv.advance(to: d)
        #expect(sv.contentOffset == 960)
        #expect(!sv.isMoving)
    }

    @Test func notchesUpPastTheTopStopAtTheTopWithNoRubberBand() {
        let (sv, input) = list()
        for i in 0..<4 { input.handle(.wheel(dy: -1, precise: false), at: 0.5 + Double(i) * 0.03) }
        var shown = run(sv, input, from: 0.59, to: 0.7)
        for i in 0..<10 { input.handle(.wheel(dy: 1, precise: false), at: 0.7 + Double(i) * 0.03) }
        #expect(input.wheelMode == .steps)
        shown += run(sv, input, from: 0.97, to: 2)
        #expect(shown.allSatisfy { $0 >= 0 })
        #expect(sv.contentOffset == 0)
        #expect(sv.phase == .idle)
    }

    @Test func notchesDownAtTheBottomStopAtTheBottom() {
        let (sv, input) = list(offset: 39_150)
        for i in 0..<5 { input.handle(.wheel(dy: -1, precise: false), at: Double(i) * 0.03) }
        let shown = run(sv, input, from: 0.12, to: 1)
        #expect(shown.allSatisfy { $0 <= 39_200 })
        #expect(sv.contentOffset == 39_200)
    }

    @Test func notchesUpFromARestAtTheTopPullAndReleaseWithNoMomentum() {
        let (sv, input) = list()
        input.handle(.wheel(dy: 1, precise: false), at: 0.5)
        input.handle(.wheel(dy: 1, precise: false), at: 0.53)
        #expect(input.wheelMode == .pulling)
        #expect(input.isDirectInputActive)
        #expect(abs(sv.contentOffset + RubberBand().shown(80, dimension: 800)) < 1e-9)
        let outcome = input.processDeadlines(upTo: 0.53 + 0.090)
        #expect(outcome == .wheelGestureReleased)
        #expect(sv.phase == .bouncing)
        #expect(sv.velocity == 0)
    }

    @Test func aNotchUpJustAfterReachingTheTopDoesNotPull() {
        let (sv, input) = list(offset: 80)
        input.handle(.wheel(dy: 1, precise: false), at: 0)
        input.handle(.wheel(dy: 1, precise: false), at: 0.03)
        run(sv, input, from: 0.03, to: 0.2)
        #expect(sv.contentOffset == 0)
        // The top was reached at 0.18 s; 0.02 s of rest is not enough.
        input.handle(.wheel(dy: 1, precise: false), at: 0.2)
        #expect(input.wheelMode == .steps)
        #expect(sv.contentOffset == 0 && !sv.isDragging)
        run(sv, input, from: 0.2, to: 0.5)
        // Rested long enough: the next gesture pulls.
        input.handle(.wheel(dy: 1, precise: false), at: 0.5)
        #expect(input.wheelMode == .pulling)
        #expect(sv.contentOffset < 0)
    }

    @Test func aWholeNumberPreciseDeltaTracksLikeATouchpad() {
        let (sv, input) = list(offset: 1000)
        input.handle(.wheel(dy: -2, precise: true), at: 0)
        #expect(input.wheelMode == .tracking)
        #expect(sv.phase == .dragging)
        #expect(sv.contentOffset == 1020)
    }

    @Test func aPreciseWheelSourceSteps() {
        let (sv, input) = list(offset: 1000)
        input.handle(.wheel(dy: -0.5, precise: true, source: .wheel), at: 0)
        #expect(input.wheelMode == .steps)
        run(sv, input, from: 0, to: 1)
        #expect(sv.contentOffset == 1005)
    }

    @Test func aTouchpadFlickFlingsAtTheIdleEnd() {
        let (sv, input) = list(offset: 1000)
        for i in 0..<10 { input.handle(.wheel(dy: -3, precise: true, source: .touchpad), at: Double(i) * 0.012) }
        #expect(sv.contentOffset == 1300)
        let end = 9 * 0.012 + 0.090
        #expect(input.processDeadlines(upTo: end) == .wheelGestureReleased)
        #expect(sv.phase == .decelerating)
        run(sv, input, from: end, to: 3)
        #expect(sv.contentOffset > 1500)
    }

    @Test func aTouchpadPullsPastTheTopWithoutARest() {
        let (sv, input) = list(offset: 20)
        for i in 0..<10 { input.handle(.wheel(dy: 2, precise: true, source: .touchpad), at: Double(i) * 0.012) }
        #expect(input.wheelMode == .tracking)
        #expect(sv.contentOffset < 0)
        #expect(input.isDirectInputActive)
    }

    @Test func outcomesSayWhatHappened() {
        let (_, input) = list(offset: 1000)
        #expect(input.handle(.pointerDown(Point(10, 500)), at: 0) == .consumed)
        #expect(input.handle(.pointerUp(Point(10, 480)), at: 0.1) == [.consumed, .pointerReleased])
        #expect(input.handle(.pointerUp(Point(10, 480)), at: 0.2) == [])
        #expect(input.handle(.wheel(dy: 1, precise: true), at: 0.3) == .consumed)
        // A pointer taking over ends the wheel gesture.
        #expect(input.handle(.pointerDown(Point(10, 500)), at: 0.31) == [.consumed, .wheelGestureReleased])
        #expect(input.handle(.resize(Size(100, 100)), at: 0.4) == [])
    }

    @Test func theSourceDecidesWhetherNotchesStep() {
        #expect(WheelRules().steps(source: .wheel, precise: true))
        #expect(WheelRules().steps(source: .unknown, precise: false))
        #expect(!WheelRules().steps(source: .unknown, precise: true))
        #expect(!WheelRules().steps(source: .touchpad, precise: false))
    }
}

/// The same rules in the two refresh scenes.
@Suite struct WheelRefreshTests {
    func coordinator() -> (CoordinatorScene, SceneDriver) {
        let scene = CoordinatorScene(context: SceneContext(options: SceneOptions()))
        return (scene, SceneDriver(scene))
    }

    func refreshable() -> (RefreshableScene, SceneDriver) {
        let scene = RefreshableScene(context: SceneContext(options: SceneOptions()))
        return (scene, SceneDriver(scene))
    }

    /// A user's report: 4 notches down, then 10 quick notches up, used to run past the top and
    /// start a refresh.
    @Test func coordinatorWheelOvershootAtTheTopDoesNotRefresh() {
        let (scene, driver) = coordinator()
        driver.wait(0.5)
        var states: Set<String> = []
        for _ in 0..<4 { driver.send(.wheel(dy: -1, precise: false)); driver.wait(0.03) }
        driver.wait(0.1)
        for _ in 0..<10 {
            driver.send(.wheel(dy: 1, precise: false))
            driver.wait(0.03)
            states.insert(scene.coordinator.state.name)
            #expect(scene.scrollView.contentOffset >= 0)
        }
        driver.runUntilIdle()
        #expect(states == ["idle"])
        #expect(scene.coordinator.refreshes == 0)
        #expect(scene.scrollView.contentOffset == 0)
    }

    @Test func coordinatorNotchesFromARestAtTheTopRefresh() {
        let (scene, driver) = coordinator()
        driver.wait(0.5)
        for _ in 0..<5 { driver.send(.wheel(dy: 1, precise: false)); driver.wait(0.03) }
        driver.wait(0.2)
        #expect(scene.coordinator.refreshes == 1)
    }

    @Test func coordinatorTouchpadPullRefreshes() {
        let (scene, driver) = coordinator()
        driver.wait(0.5)
        for _ in 0..<30 { driver.send(.wheel(dy: 1.5, precise: true, source: .touchpad)); driver.wait(0.012) }
        #expect(scene.scrollView.contentOffset < -80)
        driver.wait(0.2)
        #expect(scene.coordinator.refreshes == 1)
    }

    @Test func refreshableWheelOvershootAtTheTopDoesNotRefresh() {
        let (scene, driver) = refreshable()
        driver.wait(0.5)
        for _ in 0..<4 { driver.send(.wheel(dy: -1, precise: false)); driver.wait(0.03) }
        driver.wait(0.1)
        for _ in 0..<10 { driver.send(.wheel(dy: 1, precise: false)); driver.wait(0.03) }
        driver.runUntilIdle()
        #expect(scene.refreshes == 0)
        #expect(scene.scrollView.contentOffset == 0)
    }

    @Test func refreshableNotchesFromARestAtTheTopRefresh() {
        let (scene, driver) = refreshable()
        driver.wait(0.5)
        for _ in 0..<5 { driver.send(.wheel(dy: 1, precise: false)); driver.wait(0.03) }
        #expect(scene.refreshes == 1)
    }

    @Test func refreshableTouchpadPullRefreshes() {
        let (scene, driver) = refreshable()
        driver.wait(0.5)
        for _ in 0..<30 { driver.send(.wheel(dy: 1.5, precise: true, source: .touchpad)); driver.wait(0.012) }
        #expect(scene.refreshes == 1)
    }
}

/// Issue 19: a merged pointer's finger gesture whose first frame was a whole unit (taken for a
/// click) tracks as soon as a finger delta shows what it is.
@Suite struct WheelRulesRevisionTests {
    @Test func aGestureTakenForAWheelTracksOnceAFingerDeltaArrives() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        sv.setContentOffset(1000)
        let input = ScrollInputController(scrollView: sv)
        input.handle(.wheel(dy: -1, precise: false, source: .wheel), at: 0)
        #expect(input.wheelMode == .steps)
        input.handle(.wheel(dy: -0.4, precise: true, source: .touchpad), at: 0.008)
        #expect(input.wheelMode == .tracking)
        #expect(sv.phase == .dragging)
        let start = sv.contentOffset
        input.handle(.wheel(dy: -0.5, precise: true, source: .touchpad), at: 0.016)
        #expect(sv.contentOffset == start + 5)  // 1:1 from here on
        #expect(input.processDeadlines(upTo: 0.016 + 0.090) == .wheelGestureReleased)
    }

    @Test func aPullGoesOnAsAFingerDrag() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 40_000)
        let input = ScrollInputController(scrollView: sv)
        sv.advance(to: 1)
        input.handle(.wheel(dy: 1, precise: false, source: .wheel), at: 1)
        #expect(input.wheelMode == .pulling)
        let pulled = sv.contentOffset
        input.handle(.wheel(dy: 0.3, precise: true, source: .touchpad), at: 1.008)
        #expect(input.wheelMode == .tracking)
        #expect(sv.phase == .dragging)
        #expect(sv.contentOffset < pulled)
    }
}
