import Testing
@testable import ScrollEngine
@testable import Scenes

/// #30 item 3: the refreshable scene under `android` pulls the Material indicator over the still
/// list; released past the trigger it refreshes while the list does not move.
@Suite struct MaterialRefreshSceneTests {
    private func hasArrow(_ commands: [DrawCommand]) -> Bool {
        commands.contains { c in
            switch c {
            case .polygon: return true
            case let .group(_, _, _, _, _, children), let .stretch(_, _, children): return hasArrow(children)
            default: return false
            }
        }
    }

    private func hasStretch(_ commands: [DrawCommand]) -> Bool {
        commands.contains { c in
            switch c {
            case .stretch: return true
            case let .group(_, _, _, _, _, children): return hasStretch(children)
            default: return false
            }
        }
    }

    @Test func aPullPastTheTriggerRefreshesWhileTheListStaysStill() async throws {
        let d = try SessionDriver("refreshable") {
            $0.physics = AndroidPhysics()
            $0.refresh.duration = 1
        }
        let scene = try #require(d.scene as? RefreshableScene)
        let rowsBefore = scene.rowCount
        await d.drag(fromY: 100, toY: 250, duration: 0.3, release: false)
        #expect(scene.scrollView.contentOffset == 0, "the list does not follow the pull")
        #expect(scene.state == .pulling(1))
        let pulling = d.frame().commands
        #expect(hasArrow(pulling), "the arrow shows at the ring's end")
        #expect(!hasStretch(pulling), "the refresh takes the pull: no stretch at the top")
        d.send(.pointerUp(Point(200, 250)))
        await d.wait(0.3)
        #expect(scene.state == .refreshing && scene.refreshes == 1)
        #expect(scene.scrollView.contentOffset == 0 && scene.scrollView.contentInsetTop == 0)
        #expect(scene.scrollView.isScrollEnabled, "the list stays scrollable while it refreshes")
        #expect(!hasArrow(d.frame().commands))
        await d.wait(1.2)
        #expect(scene.state == .idle && scene.rowCount > rowsBefore)
    }

    @Test func aShortPullDoesNotRefreshAndIOSStillMovesTheContent() async throws {
        let d = try SessionDriver("refreshable") { $0.physics = AndroidPhysics() }
        let scene = try #require(d.scene as? RefreshableScene)
        await d.drag(fromY: 100, toY: 150, duration: 0.2, hold: 0.1)
        await d.wait(0.5)
        #expect(scene.refreshes == 0 && scene.state == .idle && scene.scrollView.contentOffset == 0)
        let ios = try SessionDriver("refreshable")
        let iosScene = try #require(ios.scene as? RefreshableScene)
        await ios.drag(fromY: 100, toY: 250, duration: 0.3, release: false)
        #expect(iosScene.scrollView.contentOffset < 0 && iosScene.material == nil)
    }
}

/// The coordinator scene under `android` refreshes the Material way too.
@Suite struct MaterialCoordinatorTests {
    @Test func aPullPastTheTriggerRefreshesTheStillList() async throws {
        let d = try SessionDriver("coordinator") {
            $0.physics = AndroidPhysics()
            $0.refresh.duration = 1
            $0.indicator.style = "material"
        }
        let scene = try #require(d.scene as? CoordinatorScene)
        let rowsBefore = scene.rows.count
        await d.drag(fromY: 100, toY: 250, duration: 0.3, release: false)
        #expect(scene.scrollView.contentOffset == 0 && scene.trace().first?.1 == .string("pulling"))
        d.send(.pointerUp(Point(200, 250)))
        await d.wait(0.3)
        #expect(scene.trace().first?.1 == .string("refreshing") && scene.scrollView.contentOffset == 0)
        #expect(!scene.coordinator.isLocked && scene.scrollView.isScrollEnabled)
        await d.wait(1.2)
        #expect(scene.trace().first?.1 == .string("idle") && scene.rows.count > rowsBefore)
    }
}
