import Testing
@testable import ScrollEngine
@testable import Scenes

/// The refreshable view keeps following the finger after it triggers, and the
/// content cannot be pushed above the refresh position until the finger lets go.
@Suite struct RefreshableFingerTests {
    @Test func theContentFollowsThePointerUntilRelease() async throws {
        let d = try SessionDriver("refreshable") { $0.refresh.duration = 5 }
        let scene = try #require(d.scene as? RefreshableScene)
        // Pull far enough to trigger (75 pt shown), finger still down.
        await d.drag(fromY: 100, toY: 400, duration: 0.5, release: false)
        #expect(scene.state == .refreshing)
        #expect(scene.scrollView.isDragging, "the drag ended while the button is held")
        let atTrigger = scene.scrollView.contentOffset
        // Further down: the content follows.
        d.send(.pointerMove(Point(200, 480)))
        await d.wait(1 / 60)
        #expect(scene.scrollView.contentOffset < atTrigger - 5)
        // Back up: it follows up to the refresh position, and no further.
        d.send(.pointerMove(Point(200, 380)))
        await d.wait(1 / 60)
        let back = scene.scrollView.contentOffset
        #expect(back > scene.scrollView.contentOffset - 1 && back <= -scene.threshold + 1e-9)
        d.send(.pointerMove(Point(200, 100)))
        await d.wait(1 / 60)
        #expect(scene.scrollView.contentOffset == -scene.threshold, "pushed above the refresh position")
        d.send(.pointerMove(Point(200, 300)))
        await d.wait(1 / 60)
        #expect(scene.scrollView.contentOffset < -scene.threshold, "moving down again follows again")
        // Release: the content settles at the refresh position while it refreshes.
        d.send(.pointerUp(Point(200, 300)))
        await d.wait(1.0)
        #expect(scene.state == .refreshing && !scene.scrollView.isDragging)
        #expect(abs(scene.scrollView.contentOffset + scene.threshold) < 0.5)
        #expect(!scene.scrollView.isScrollEnabled)
        await d.wait(5)
        #expect(scene.state == .idle && scene.scrollView.contentOffset == 0 && scene.refreshes == 1)
    }

    @Test func aResultWhileTheFingerHoldsEndsTheRefreshUnderIt() async throws {
        let d = try SessionDriver("refreshable") { $0.refresh.duration = 0.3 }
        let scene = try #require(d.scene as? RefreshableScene)
        await d.drag(fromY: 100, toY: 400, duration: 0.5, release: false)
        #expect(scene.state == .refreshing)
        await d.wait(0.5)
        #expect(scene.state == .idle && scene.scrollView.isDragging && scene.refreshes == 1)
        // Still past the threshold: no new refresh until the finger lets go.
        d.send(.pointerMove(Point(200, 420)))
        await d.wait(0.2)
        #expect(scene.refreshes == 1)
        d.send(.pointerUp(Point(200, 420)))
        await d.wait(1.5)
        #expect(scene.scrollView.contentOffset == 0 && scene.scrollView.isScrollEnabled)
    }
}
