import Testing
@testable import Scenes
import ScrollEngine

/// New feel numbers while a session runs (`Session.retune`, a feel file saved): the scroll
/// position, the scene and a refresh in progress stay; the next decisions use the new numbers.
struct SessionRetuneTests {
    @Test func aRefreshInProgressAndTheOffsetStay() async throws {
        let d = try SessionDriver("coordinator") { $0.refresh.duration = 10 }
        d.send(.key(.f5, []))
        await d.wait(1)
        guard let scene = d.scene as? CoordinatorScene else { Issue.record("not the coordinator"); return }
        #expect(scene.coordinator.state == .refreshing)
        let offset = scene.scrollView.contentOffset
        var o = d.session.options
        var feel = Feel()
        feel.coordinator.threshold = 140
        feel.theme = "dark"
        feel.apply(to: &o)
        d.session.retune(o)
        await d.wait(0.5)
        #expect(d.scene === scene)
        #expect(scene.coordinator.state == .refreshing)
        #expect(scene.coordinator.refreshes == 1)
        #expect(scene.scrollView.contentOffset == offset)
        #expect(scene.coordinator.config.threshold == 140)
        #expect(scene.theme.name == "dark")
    }

    @Test func theListKeepsItsOffsetAndTakesTheNewPhysics() async throws {
        let d = try SessionDriver("list")
        await d.drag(fromY: 600, toY: 200, duration: 0.3, hold: 0.2)
        await d.wait(1)
        let offset = d.scene.scrollView.contentOffset
        #expect(offset > 300)
        var feel = Feel()
        feel.ios.rubberBand.coefficient = 1.5
        feel.input.pointsPerNotch = 77
        var o = d.session.options
        feel.apply(to: &o)
        d.session.retune(o)
        await d.wait(0.1)
        #expect(d.scene.scrollView.contentOffset == offset)
        #expect((d.scene.scrollView.physics as? PhysicsProfile)?.rubberBand.coefficient == 1.5)
        #expect(d.scene.input.settings.pointsPerNotch == 77)
        // A scene switched to later is made with the new numbers.
        d.send(.key(.digit2, []))
        #expect((d.scene.scrollView.physics as? PhysicsProfile)?.rubberBand.coefficient == 1.5)
    }

    @Test func thePagerKeepsItsPagingPhysicsAroundTheNewOne() throws {
        let d = try SessionDriver("pager")
        var o = d.session.options
        Feel(physics: "gnome").apply(to: &o)
        d.session.retune(o)
        #expect(d.scene.scrollView.physics is PageScrollPhysics)
    }
}
