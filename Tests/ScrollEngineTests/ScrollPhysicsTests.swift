import Testing
@testable import ScrollEngine

/// The physics plug: the physics makes the release motion at the release, so the callbacks tell
/// the truth (no `didEndDecelerating` before a motion that then starts).
@Suite struct ScrollPhysicsTests {
    /// The iOS physics, except that every release springs onto a fixed offset (or decelerates
    /// when that offset is not finite); remembers what it was asked.
    final class SnapTo: ParentedScrollPhysics, @unchecked Sendable {
        let target: Double
        let parent: any ScrollPhysics = PhysicsProfile.iOS
        var asked: [Release] = []
        init(_ target: Double) { self.target = target }
        func ballisticSimulation(after release: Release) -> (any Simulation)? {
            asked.append(release)
            guard target.isFinite else { return parent.ballisticSimulation(after: release) }
            return spring(
                from: release.offset, to: boundedTarget(target, in: release.bounds), velocity: release.velocity,
                parameters: SpringParameters(stiffness: 300))
        }
    }

    func slowDrag(_ sv: ScrollView, from y: Double = 400, by dy: Double = -100) {
        sv.beginDrag(pointerY: y, at: 0)
        sv.drag(pointerY: y + dy, at: 1)
        sv.drag(pointerY: y + dy, at: 2)
        sv.endDrag(at: 2)
    }

    @Test func aSlowReleaseInBoundsStopsAndSendsNoDidEndDecelerating() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        let log = CallbackLog()
        sv.delegate = log
        slowDrag(sv)
        #expect(sv.phase == .idle)
        #expect(sv.contentOffset == 100)
        #expect(log.calls.last == "didEnd(false)")
        #expect(!log.calls.contains("didEndDecelerating"))
    }

    @Test func thePhysicsSeesTheReleaseAndItsSpringRunsWithTruthfulCallbacks() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        let log = CallbackLog()
        let policy = SnapTo(800)
        sv.delegate = log
        sv.physics = policy
        slowDrag(sv)
        #expect(
            policy.asked == [Release(offset: 100, velocity: 0, bounds: ScrollBounds(minOffset: 0, maxOffset: 3200, viewportHeight: 800))])
        #expect(sv.isMoving)
        #expect(sv.targetOffset == 800)
        #expect(log.calls.suffix(2) == ["willEnd", "didEnd(true)"])
        sv.advance(to: 2.1)
        #expect(sv.contentOffset > 100 && sv.contentOffset < 800)
        sv.advance(to: 10)
        #expect(sv.contentOffset == 800)
        #expect(log.calls.last == "didEndDecelerating")
        #expect(log.calls.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test func aSpringTargetIsClampedAndOneAlreadyReachedStartsNothing() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        sv.physics = SnapTo(1e9)
        slowDrag(sv)
        #expect(sv.targetOffset == 3200)

        let still = ScrollView(viewportHeight: 800, contentHeight: 4000)
        let log = CallbackLog()
        still.delegate = log
        still.physics = SnapTo(100)
        slowDrag(still)
        #expect(!still.isMoving)
        #expect(still.contentOffset == 100)
        #expect(log.calls.last == "didEnd(false)")
    }

    @Test func aNonFiniteTargetFallsBackToDeceleration() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        sv.physics = SnapTo(.nan)
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 300, at: 0.5)
        sv.endDrag(at: 0.7)
        #expect(sv.phase == .bouncing)
        sv.advance(to: 5)
        #expect(sv.contentOffset == 0)
    }

    /// Counts the animations it is asked for, and their durations.
    final class CountingAnimations: ParentedScrollPhysics, @unchecked Sendable {
        let parent: any ScrollPhysics = PhysicsProfile.iOS
        var durations: [Double] = []
        func animation(from: Double, to: Double, duration: Double) -> any Simulation {
            durations.append(duration)
            return parent.animation(from: from, to: to, duration: duration)
        }
    }

    /// Wheel notch steps, keys and the refresh's move into its gap are the physics' animations.
    @Test func wheelStepsKeysAndTheRefreshMoveAreThePhysicsAnimations() {
        let physics = CountingAnimations()
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000, physics: physics)
        let input = ScrollInputController(scrollView: sv)
        input.handle(.wheel(dy: -1, precise: false, source: .wheel), at: 0)
        #expect(physics.durations == [WheelRules().stepDuration])
        #expect(sv.phase == .animating && sv.targetOffset == InputSettings().pointsPerNotch)
        input.handle(.key(.down, []), at: 1)
        #expect(physics.durations == [WheelRules().stepDuration, PhysicsProfile.iOS.programmaticDuration])
        sv.advance(to: 2)
        sv.perform(.moveIntoGap(0), at: 2)
        #expect(physics.durations.count == 3 && sv.targetOffset == 0)
    }

    /// Records the refresh returns it is asked for.
    final class RecordingReturns: ParentedScrollPhysics, RefreshReturnPhysics, @unchecked Sendable {
        let parent: any ScrollPhysics = PhysicsProfile.iOS
        var asked: [[Double]] = []
        func refreshReturn(from: Double, to: Double, duration: Double) -> any Simulation {
            asked.append([from, to, duration])
            return RefreshReturn.simulation(of: parent, from: from, to: to, duration: duration)
        }
    }

    /// The return after a refresh is the physics' motion, run as the view's animation: bounded,
    /// evaluated by `advance`, ended with `didEndDecelerating`, at once when it takes no time.
    @Test func theRefreshReturnIsThePhysicsMotionRunByTheView() {
        let physics = RecordingReturns()
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000, physics: physics)
        let log = CallbackLog()
        sv.delegate = log
        sv.setContentInsetTop(75)
        sv.setContentOffset(-75)
        sv.perform(.returnAfterRefresh(to: -500, duration: 0.1), at: 1)
        #expect(physics.asked == [[-75, -75, 0.1]], "the target is bounded by the physics")
        sv.perform(.returnAfterRefresh(to: 0, duration: 0.1), at: 1)
        #expect(physics.asked.last == [-75, 0, 0.1])
        #expect(sv.phase == .animating && sv.targetOffset == 0)
        sv.advance(to: 1.05)
        let p = (1.05 - 1) / 0.1
        #expect(sv.contentOffset == -75 * (1 - p * p) && sv.velocity > 0)
        sv.advance(to: 1.1)
        #expect(sv.contentOffset == 0 && !sv.isMoving && log.calls.last == "didEndDecelerating")

        sv.setContentOffset(-40)
        sv.perform(.returnAfterRefresh(to: 0, duration: 0), at: 2)
        #expect(sv.contentOffset == 0 && !sv.isMoving, "a return that takes no time puts the offset at its end")
    }
}
