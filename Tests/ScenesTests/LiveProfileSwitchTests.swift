import Testing

@testable import Scenes
@testable import ScrollEngine

/// Issues #42 and #44: switching the physics profile live (the tuning panel's profile, a saved
/// feel file: both reach the scene as `Session.retune`) brings the new profile's refresh with it.
/// After a switch from any profile to any other, in both refresh scenes, a pull refreshes exactly
/// as it does in a session started under the new profile, and the content comes back to rest
/// where it does there (it used to keep the old refresh: ios → android never armed, android →
/// ios stuck the content at −113 pt).
@Suite struct LiveProfileSwitchTests {
    static let scenes = ["coordinator", "refreshable"]

    /// What a pull and the wait after it leave, as the trace says it (refreshes, the refresh
    /// state), the offset, and whether the scene still animates.
    struct Outcome: Equatable, CustomStringConvertible {
        var refreshes: Int
        var state: String
        var offset: Double
        var animating: Bool
        var description: String { "\(refreshes) refreshes, \(state), offset \(offset), animating \(animating)" }
    }

    /// A pull well past every profile's trigger, released, then time for the refresh to run and
    /// the content to return.
    static func pull(_ d: SessionDriver) async -> Outcome {
        await d.drag(fromY: 120, toY: 620, duration: 0.6, hold: 0.3)
        await d.wait(4)
        let trace = d.scene.trace()
        let refreshes: Int
        if case let .int(n)? = trace.first(where: { $0.0 == "refreshes" })?.1 { refreshes = n } else { refreshes = -1 }
        let state: String
        if case let .string(name)? = trace.first(where: { $0.0 == "state" })?.1 { state = name } else { state = "?" }
        return Outcome(refreshes: refreshes, state: state, offset: d.scene.scrollView.contentOffset, animating: d.scene.isAnimating)
    }

    static func options(_ physics: String) -> (inout SceneOptions) -> Void {
        { o in
            Feel(physics: physics).apply(to: &o)
            o.refresh.duration = 1
        }
    }

    @Test(arguments: scenes) func aPullRefreshesUnderEveryProfile(scene: String) async throws {
        for name in ["ios", "android"] {
            let d = try SessionDriver(scene, Self.options(name))
            let outcome = await Self.pull(d)
            #expect(outcome.refreshes == 1 && outcome.state == "idle" && !outcome.animating, "\(scene) under \(name): \(outcome)")
        }
    }

    @Test(arguments: scenes) func aLiveSwitchPullsAsAFreshSessionOfTheNewProfile(scene: String) async throws {
        for to in PhysicsRegistry.names {
            let fresh = await Self.pull(try SessionDriver(scene, Self.options(to)))
            for from in PhysicsRegistry.names where from != to {
                let d = try SessionDriver(scene, Self.options(from))
                await d.wait(0.2)
                var o = d.session.options
                Self.options(to)(&o)
                d.session.retune(o)
                await d.wait(0.2)
                let switched = await Self.pull(d)
                #expect(switched == fresh, "\(scene): \(from) → \(to): \(switched); a fresh \(to) session: \(fresh)")
            }
        }
    }

    @Test(arguments: scenes) func aSwitchDuringARefreshWaitsForItsEnd(scene: String) async throws {
        let d = try SessionDriver(scene, Self.options("ios"))
        d.send(.key(.f5, []))
        await d.wait(0.3)
        var o = d.session.options
        Self.options("android")(&o)
        d.session.retune(o)
        await d.wait(0.2)
        let slot = try #require((d.scene as? CoordinatorScene)?.refresh ?? (d.scene as? RefreshableScene)?.refresh)
        #expect(slot.current.style == .uikit && slot.current.state != .idle, "the refresh in progress keeps its style")
        await d.wait(3)
        #expect(slot.current.style.isMaterial, "the new style once the refresh has ended")
        #expect(slot.current.refreshes == 0 && d.scene.host.stretch.claimsTopPull)
        let after = await Self.pull(d)
        #expect(after.refreshes == 1, "\(after)")
    }
}
