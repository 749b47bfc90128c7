import Testing

@testable import Scenes
@testable import ScrollEngine

/// A feel made up here, as a new profile's one file would declare it: its physics (here no
/// physics, renamed), its own stretch overscroll and Material's refresh. #42 item 1: the scenes
/// take all of it from the `FeelProfile`; nothing else changes (a registry line lists its name).
struct SoftPhysics: ParentedScrollPhysics {
    let parent: any ScrollPhysics = NonePhysics()
    var name: String { "soft" }
}

/// A linear stretch: a quarter of the pull's share of the height, recoiling over 0.2 s.
struct SoftStretch: StretchOverscroll {
    func stretchScale(pull: Double, height: Double) -> Double { 1 + abs(pull) / height / 4 }
    func stretchRecoil(from pull: Double) -> any Simulation {
        EasingSimulation(from: pull, to: 0, duration: 0.2, curve: .easeOutCubic)
    }
    func stretchAbsorb(velocity: Double) -> any Simulation { EasingSimulation(from: 0, to: 0, duration: 0, curve: .easeOutCubic) }
}

extension FeelProfile {
    static let soft = FeelProfile(
        name: "soft", physics: SoftPhysics(), overscroll: .stretch(SoftStretch()), refresh: .material(MaterialRefreshConfig()))
}

@Suite struct MadeUpFeelProfileTests {
    /// The stretch a frame draws: the scale and anchor of its first `.stretch`.
    private func stretch(in commands: [DrawCommand]) -> (scale: Double, anchor: Double)? {
        for c in commands {
            switch c {
            case let .stretch(scaleY, anchorY, _): return (scaleY, anchorY)
            case let .group(_, _, _, _, _, children): if let s = stretch(in: children) { return s }
            default: continue
            }
        }
        return nil
    }

    @Test func theListDrawsTheProfilesOwnStretch() async throws {
        let d = try SessionDriver("list") { $0.profile = .soft }
        await d.drag(fromY: 100, toY: 280, duration: 0.3, release: false)
        let host = d.scene.host
        #expect(d.scene.scrollView.contentOffset == 0 && host.stretch.pull == -180)
        let drawn = try #require(stretch(in: d.frame().commands))
        #expect(drawn.scale == 1 + 180 / host.viewportHeight / 4 && drawn.anchor == 0)
        d.send(.pointerUp(Point(200, 280)))
        #expect(host.isMoving, "the pull recoils on the profile's own motion")
        await d.wait(0.25)
        #expect(host.stretch.pull == 0 && !host.isMoving && stretch(in: d.frame().commands) == nil)
    }

    @Test(arguments: LiveProfileSwitchTests.scenes) func theRefreshScenesRefreshInTheProfilesStyle(scene: String) async throws {
        let d = try SessionDriver(scene) {
            $0.profile = .soft
            $0.refresh.duration = 1
        }
        let slot = try #require((d.scene as? CoordinatorScene)?.refresh ?? (d.scene as? RefreshableScene)?.refresh)
        #expect(slot.current.style == .material(MaterialRefreshConfig()))
        let outcome = await LiveProfileSwitchTests.pull(d)
        #expect(outcome.refreshes == 1 && outcome.state == "idle" && outcome.offset == 0, "\(outcome)")
    }

    /// The registry's profiles and the made-up one (as its one registry line would add it) go
    /// through the same scenes the same way: a pull past the top is stretched exactly when the
    /// profile's overscroll is a stretch, and each refresh scene refreshes in the profile's style.
    @Test func everyProfileAndTheMadeUpOnePlugInAlike() async throws {
        for profile in PhysicsRegistry.registered + [.soft] {
            let list = try SessionDriver("list") { $0.profile = profile }
            await list.drag(fromY: 100, toY: 280, duration: 0.3, release: false)
            let stretched = stretch(in: list.frame().commands) != nil
            #expect(stretched == (profile.overscroll.stretch != nil), "\(profile.name)")
            for scene in LiveProfileSwitchTests.scenes {
                let d = try SessionDriver(scene) { $0.profile = profile }
                let slot = try #require((d.scene as? CoordinatorScene)?.refresh ?? (d.scene as? RefreshableScene)?.refresh)
                #expect(slot.current.style == profile.refresh, "\(scene) under \(profile.name)")
            }
        }
    }

    /// A profile's physics with other numbers keeps the profile: setting the options' physics
    /// picks the registered feel of its name, and Android's stretch measures releases with the
    /// tuned physics' numbers.
    @Test func aTunedPhysicsKeepsItsFeel() throws {
        var o = SceneOptions()
        var android = AndroidPhysics()
        android.minimumFlingVelocity = 80
        o.physics = android
        #expect(o.profile.name == "android" && o.profile.refresh.isMaterial && o.profile.velocityEstimator == .leastSquares)
        #expect((o.profile.overscroll.stretch as? AndroidStretch)?.minimumFlingVelocity == 80)
        o.physics = PhysicsProfile.iOS
        #expect(o.profile.name == "ios" && o.profile.refresh == .uikit && o.profile.velocityEstimator == .iOSWeighted)
        #expect(o.profile.overscroll.stretch == nil)
        o.physics = SoftPhysics()
        #expect(o.profile.name == "soft" && o.profile.overscroll.stretch == nil, "an unregistered physics gets a plain feel")
    }
}
