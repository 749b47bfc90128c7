import Testing
@testable import ScrollEngine
@testable import Scenes

/// Every scene passes the events it does not take as its own to its `ScrollHost`, and the host
/// is the scene's one time source.
@Suite struct SceneHostRoutingTests {
    static func make(_ d: SceneDescriptor) -> any Scene {
        var o = SceneOptions()
        o.size = Size(390, 600)
        return d.make(SceneContext(options: o))
    }

    /// A resize and a drag reach the host at their own time, with no frame between them.
    @Test(arguments: SceneCatalog.all.map(\.name)) func aResizeAndADragGoThroughTheHost(_ name: String) throws {
        let d = try #require(SceneCatalog.descriptor(named: name))
        let scene = Self.make(d)
        scene.handle(.resize(Size(390, 700)), at: 0.5)
        #expect(scene.host.size == Size(390, 700))
        #expect(scene.host.now == 0.5, "the host did not see the resize's time")
        scene.handle(.pointerDown(Point(100, 400)), at: 1)
        #expect(scene.host.now == 1)
        #expect(scene.host.input.pointerDown && scene.scrollView.isDragging, "the press did not reach the input controller")
        let start = scene.scrollView.contentOffset
        scene.handle(.pointerMove(Point(100, 300)), at: 1.05)
        #expect(scene.scrollView.contentOffset > start)
        scene.handle(.pointerUp(Point(100, 300)), at: 1.1)
        #expect(!scene.host.input.pointerDown && scene.host.now == 1.1)
    }

    /// The host's time never goes back, whoever gives it (an event, a frame).
    @Test func theHostsTimeOnlyMovesOn() throws {
        let scene = Self.make(try #require(SceneCatalog.descriptor(named: "header")))
        scene.advance(to: 2)
        scene.handle(.key(.down, []), at: 1.5)
        #expect(scene.host.now == 2)
        scene.advance(to: 2.5)
        #expect(scene.host.now == 2.5)
    }

    /// The window's one question for late wheel input: the wheel gesture's end, in either pane.
    @Test func theSessionsInputDeadlineIsTheWheelGesturesEnd() throws {
        let session = try Session(scene: "list", options: SceneOptions())
        #expect(session.inputDeadline == nil)
        session.handle(.wheel(dy: -3, precise: true, source: .touchpad), at: 1)
        let end = 1 + SceneOptions().input.wheelIdleTimeout
        #expect(session.inputDeadline == end)
        var o = SceneOptions()
        o.compare = PhysicsRegistry.physics(named: "android")
        let compared = try Session(scene: "list", options: o)
        compared.handle(.wheel(dy: -3, precise: true, source: .touchpad), at: 1)
        #expect(compared.inputDeadline == end && compared.comparison?.inputDeadline == end)
    }
}
