import Testing
@testable import ScrollEngine

/// The registry of profiles the command line and scenarios read.
@Suite struct PhysicsRegistryTests {
    @Test func theRegisteredNames() {
        #expect(PhysicsRegistry.names == ["ios", "android", "gnome", "none"])
        #expect(PhysicsRegistry.defaultName == "ios")
        #expect(PhysicsRegistry.physics(named: "Android")?.name == "android")
        #expect(PhysicsRegistry.physics(named: "andriod") == nil)
        #expect(PhysicsRegistry.physics(named: "ios") as? PhysicsProfile == .iOS)
    }

    /// Each profile makes a different release from the same facts.
    @Test func theProfilesDiffer() throws {
        let r = Release(offset: 500, velocity: 1000, bounds: ScrollBounds(minOffset: 0, maxOffset: 10_000, viewportHeight: 800))
        let ends = PhysicsRegistry.registered.map { $0.physics.ballisticSimulation(after: r)?.finalPosition ?? r.offset }
        #expect(ends.count == 4 && Set(ends).count == 4, "\(ends)")
        #expect(ends.last == 500, "none: no momentum")
    }

    /// The edge rule is the physics': a view at rest past its new bottom moves where the
    /// physics' `restingOffset` says, not where the view decides.
    @Test func theEdgeRuleIsThePhysics() {
        struct KeepsOffset: ParentedScrollPhysics {
            let parent: any ScrollPhysics = PhysicsProfile.iOS
            func restingOffset(_ offset: Double, in bounds: ScrollBounds) -> Double { offset }
        }
        let ios = ScrollView(viewportHeight: 800, contentHeight: 4000)
        ios.setContentOffset(3200)
        ios.setContentHeight(2000)
        #expect(ios.contentOffset == 1200)
        let kept = ScrollView(viewportHeight: 800, contentHeight: 4000, physics: KeepsOffset())
        kept.setContentOffset(3200)
        kept.setContentHeight(2000)
        #expect(kept.contentOffset == 3200)
    }

    /// `scroll(to:animated:)` starts its animation through the view's one `start`: an animation
    /// that is already done puts the offset at its end at once, as every other motion does.
    @Test func aProgrammaticScrollStartsLikeEveryMotion() {
        struct InstantAnimation: ParentedScrollPhysics {
            let parent: any ScrollPhysics = PhysicsProfile.iOS
            func animation(from: Double, to: Double, duration: Double) -> any Simulation {
                EasingSimulation(from: from, to: to, duration: 0, curve: .easeOutCubic)
            }
        }
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000, physics: InstantAnimation())
        sv.scroll(to: 300, animated: true, at: 1)
        #expect(sv.contentOffset == 300 && !sv.isMoving && sv.phase == .idle)
        let ios = ScrollView(viewportHeight: 800, contentHeight: 4000)
        ios.scroll(to: 300, animated: true, at: 1)
        #expect(ios.contentOffset == 0 && ios.phase == .animating)
    }

    /// `none`: clamped drags, no momentum, programmatic moves at once.
    @Test func noPhysics() {
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000, physics: NonePhysics())
        sv.beginDrag(pointerY: 100, at: 0)
        sv.drag(pointerY: 300, at: 0.05)
        #expect(sv.contentOffset == 0)
        sv.drag(pointerY: -300, at: 0.1)
        sv.endDrag(at: 0.1, velocity: 3000)
        #expect(sv.contentOffset == 400 && !sv.isMoving)
        sv.scroll(to: 1000, animated: true, at: 1)
        #expect(sv.contentOffset == 1000 && !sv.isMoving)
    }
}
