import Testing
@testable import ScrollEngine
@testable import Scenes

/// The refreshable view's return after a refresh is the scroll view's physics' motion
/// (`RefreshReturnPhysics.refreshReturn`), evaluated by the scroll view: a physics that answers it
/// differently changes the return the scene shows, and the refresh completes when that motion ends.
@Suite struct RefreshReturnPhysicsTests {
    /// A straight-line motion, done at its end.
    struct LinearSimulation: Simulation {
        let from: Double, to: Double, duration: Double
        func position(at t: Double) -> Double { from + (to - from) * min(1, max(0, t / duration)) }
        func velocity(at t: Double) -> Double { t < duration ? (to - from) / duration : 0 }
        func isDone(at t: Double) -> Bool { t >= duration }
        var finalPosition: Double { to }
    }

    /// The iOS physics, except that the refresh return is linear and three times as long; remembers what it was asked.
    final class SlowLinearReturn: ParentedScrollPhysics, RefreshReturnPhysics, @unchecked Sendable {
        let parent: any ScrollPhysics = PhysicsProfile.iOS
        var asked: [[Double]] = []
        func refreshReturn(from: Double, to: Double, duration: Double) -> any Simulation {
            asked.append([from, to, duration])
            return LinearSimulation(from: from, to: to, duration: 3 * duration)
        }
    }

    /// One sample per frame while the refresh completes: (time since completion began, offset, phase).
    struct Sample { var elapsed: Double; var offset: Double; var phase: ScrollPhase }

    /// F5, then frames until the refresh has completed; the samples of the completing frames.
    func refreshAndReturn(_ d: SessionDriver, _ scene: RefreshableScene) async -> [Sample] {
        d.send(.key(.f5, []))
        var samples: [Sample] = []
        for _ in 0..<240 {
            await d.wait(1 / d.fps)
            if scene.state == .completing, let start = scene.machine.completionStart {
                samples.append(Sample(elapsed: d.t - start, offset: scene.scrollView.contentOffset, phase: scene.scrollView.phase))
            }
            if !samples.isEmpty && scene.state == .idle { break }
        }
        return samples
    }

    func driver(_ physics: (any ScrollPhysics)? = nil) throws -> (SessionDriver, RefreshableScene) {
        let d = try SessionDriver("refreshable") { $0.refresh.duration = 0.5 }
        let scene = try #require(d.scene as? RefreshableScene)
        if let physics { scene.scrollView.physics = physics }
        return (d, scene)
    }

    /// With the iOS physics the return is ease-in quad over `completeDuration` (0.1 s), the same
    /// doubles as the expression the refresh machine used to compute by hand.
    @Test func theIOSReturnIsEaseInQuadRunByTheScrollView() async throws {
        let (d, scene) = try driver()
        let samples = await refreshAndReturn(d, scene)
        #expect(samples.count >= 4)
        for s in samples {
            let p = min(1, max(0, s.elapsed / 0.1))
            #expect(s.offset == -75 * (1 - p * p), "at \(s.elapsed) s")
            #expect(s.phase == .animating)
        }
        #expect(samples.last.map { $0.elapsed < 0.1 } == true, "completed with its 0.1 s motion")
        #expect(scene.state == .idle && scene.scrollView.contentOffset == 0)
        #expect(scene.scrollView.contentInsetTop == 0 && scene.scrollView.isScrollEnabled)
    }

    /// A physics with its own return: the scene shows that motion, and completes when it ends.
    @Test func aPhysicsThatOverridesTheReturnChangesTheObservedReturn() async throws {
        let physics = SlowLinearReturn()
        let (d, scene) = try driver(physics)
        let samples = await refreshAndReturn(d, scene)
        #expect(physics.asked == [[-75, 0, 0.1]], "asked once, from the gap to the top, planned for completeDuration")
        #expect(samples.count >= 10)
        for s in samples {
            #expect(abs(s.offset - (-75 + 75 * min(1, s.elapsed / 0.3))) < 1e-9, "linear at \(s.elapsed) s")
        }
        let half = try #require(samples.first { $0.elapsed > 0.14 && $0.elapsed < 0.16 })
        #expect(half.offset < -30, "half way back at 0.15 s, where the iOS return has long ended")
        #expect(samples.contains { $0.elapsed > 0.25 }, "still completing after the iOS return's 0.1 s")
        #expect(scene.state == .idle && scene.scrollView.contentOffset == 0 && scene.scrollView.contentInsetTop == 0)
    }

    /// A finger landing on the return catches it as any animation; the refresh still completes and
    /// the content comes back inside the bounds.
    @Test func aFingerCatchingTheReturnStillEndsAtTheTop() async throws {
        let (d, scene) = try driver(SlowLinearReturn())
        d.send(.key(.f5, []))
        for _ in 0..<240 where scene.state != .completing { await d.wait(1 / d.fps) }
        await d.wait(3 / d.fps)
        #expect(scene.state == .completing)
        d.send(.pointerDown(Point(200, 400)))
        let caught = scene.scrollView.contentOffset
        #expect(caught < -10 && !scene.scrollView.isMoving)
        await d.wait(1 / d.fps)
        #expect(scene.state == .idle && scene.scrollView.isScrollEnabled && scene.scrollView.contentInsetTop == 0)
        #expect(scene.scrollView.phase == .bouncing, "the caught offset is outside the closed gap")
        d.send(.pointerUp(Point(200, 400)))
        await d.wait(2)
        #expect(scene.scrollView.contentOffset == 0 && scene.state == .idle)
    }
}
