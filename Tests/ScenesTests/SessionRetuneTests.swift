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

/// Issue #31: a saved feel's refresh details apply to the open window, and `run --compare`'s
/// two panes both take a saved feel, each keeping its own physics.
struct SessionRetuneDetailsTests {
    @Test func theTriggerFractionAndTheDoneTimeApplyLive() throws {
        let d = try SessionDriver("coordinator")
        var feel = Feel()
        feel.triggerFraction = 0.25
        feel.refreshDone = 0.7
        var o = d.session.options
        feel.apply(to: &o)
        d.session.retune(o)
        guard let scene = d.scene as? CoordinatorScene else { Issue.record("not the coordinator"); return }
        #expect(scene.coordinator.config.threshold == 0.25 * scene.host.viewportHeight)
        #expect(scene.coordinator.config.doneSeconds == 0.7)

        let r = try SessionDriver("refreshable")
        var ro = r.session.options
        feel.apply(to: &ro)
        r.session.retune(ro)
        guard let refreshable = r.scene as? RefreshableScene else { Issue.record("not the refreshable view"); return }
        #expect(refreshable.machine.threshold == 0.25 * refreshable.host.viewportHeight)
        #expect(refreshable.machine.config.doneSeconds == 0.7)
    }

    @Test func bothPanesOfAComparisonTakeTheFeelAndKeepTheirPhysics() async throws {
        let d = try SessionDriver("coordinator") {
            $0.compare = AndroidPhysics(); $0.size = Size(780, 844)
        }
        let right = try #require(d.session.comparison)
        d.send(.key(.f5, []))
        await d.wait(0.5)
        let offsets = (d.scene.scrollView.contentOffset, right.scene.scrollView.contentOffset)
        var feel = Feel()
        feel.coordinator.threshold = 140
        feel.ios.bounce.stiffness = 250
        feel.theme = "dark"
        var o = d.session.options
        feel.apply(to: &o)
        d.session.retune(o)
        for pane in [d.session, right] {
            guard let scene = pane.scene as? CoordinatorScene else { Issue.record("not the coordinator"); return }
            #expect(scene.coordinator.config.threshold == 140)
            #expect(scene.theme.name == "dark")
        }
        // The refresh in progress stays (the Android pane's is the Material one's).
        #expect((d.scene as? CoordinatorScene)?.coordinator.state == .refreshing)
        #expect((d.scene.scrollView.physics as? PhysicsProfile)?.bounce.stiffness == 250)
        #expect(right.scene.scrollView.physics is AndroidPhysics)
        #expect(right.options.physics.name == "android")
        #expect(d.scene.scrollView.contentOffset == offsets.0 && right.scene.scrollView.contentOffset == offsets.1)
        #expect(d.session.size == Size(780, 844))
    }
}
