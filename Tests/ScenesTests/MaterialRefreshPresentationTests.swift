import Testing
@testable import ScrollEngine
@testable import Scenes

/// Under `android` the Material machine runs a scene's refreshes; the scene's one
/// `RefreshPresentation` hears of them the same way (the start, the `.finished` end): the trace's
/// `error` and `refreshes` are the running machine's, a message waits until the Material circle
/// has gone, and a new refresh clears the last error.
@Suite struct MaterialRefreshPresentationTests {
    private func field(_ scene: any Scene, _ name: String) -> TraceValue? {
        scene.trace().first { $0.0 == name }?.1
    }

    @Test func theCoordinatorsCancelWaitsForTheCircleAndANewRefreshClearsTheError() async throws {
        let d = try SessionDriver("coordinator") {
            $0.physics = AndroidPhysics()
            $0.refresh.outcome = .hang
        }
        let scene = try #require(d.scene as? CoordinatorScene)
        let material = try #require(scene.material)
        d.send(.key(.f5, []))
        await d.wait(0.5)
        #expect(field(scene, "state") == .string("refreshing") && field(scene, "refreshes") == .int(1))
        #expect(scene.coordinator.refreshes == 0, "the coordinator's own refresh is not used")
        d.send(.key(.escape, []))
        await d.wait(1 / 60)
        #expect(field(scene, "error") == .string("cancelled"))
        #expect(material.look(at: d.t) != nil && scene.banner == nil, "the message waits while the circle shrinks")
        await d.wait(0.3)
        #expect(material.look(at: d.t) == nil && scene.banner?.kind == .cancelled)
        d.send(.key(.f5, []))
        await d.wait(1 / 60)
        #expect(field(scene, "refreshes") == .int(2) && field(scene, "error") == .null, "a new refresh clears the error")
    }

    @Test func theRefreshablesFailureShowsOnceTheCircleHasGoneAndACancelLeavesNone() async throws {
        let d = try SessionDriver("refreshable") {
            $0.physics = AndroidPhysics()
            $0.refresh.outcome = .failure
            $0.refresh.duration = 0.5
        }
        let scene = try #require(d.scene as? RefreshableScene)
        let material = try #require(scene.material)
        let rowsBefore = scene.rowCount
        d.send(.key(.f5, []))
        await d.wait(0.5 + 2 / 60)
        #expect(field(scene, "error") == .string("network error (simulated)") && scene.rowCount == rowsBefore)
        #expect(material.look(at: d.t) != nil && scene.banner == nil, "the message waits while the circle shrinks")
        await d.wait(0.3)
        #expect(
            material.look(at: d.t) == nil && scene.banner?.kind == .failure
                && scene.banner?.text.hasSuffix("network error (simulated)") == true)
        d.send(.key(.f5, []))
        await d.wait(1 / 60)
        #expect(field(scene, "refreshes") == .int(2) && field(scene, "error") == .null)
        d.send(.key(.escape, []))
        await d.wait(0.3)
        #expect(field(scene, "error") == .string("cancelled"), "the trace says a cancel, as without the Material refresh")
        #expect(material.look(at: d.t) == nil && scene.presentation.pendingFailure == nil, "a cancel leaves no message")
    }
}
