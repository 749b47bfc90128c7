import Testing
@testable import ScrollEngine
@testable import Scenes

/// The "done" state and the viewport-relative trigger (issue #31 item 5), in both refresh
/// scenes: off by default; when set, a successful refresh holds its finish (a check mark) for the
/// minimum time before the content returns, a failure never shows it, and the trigger distance
/// follows the scroll view's height.
@Suite struct RefreshDoneTests {
    /// Capsules drawn (the check mark; the seed and material spinners draw arcs, never capsules).
    static func capsules(_ f: FrameModel) -> Int {
        f.flattened.filter { if case .capsule = $0.command { return $0.opacity > 0 } else { return false } }.count
    }

    static func arcs(_ f: FrameModel) -> Int {
        f.flattened.filter { if case .arc = $0.command { return true } else { return false } }.count
    }

    @Test(arguments: ["coordinator", "refreshable"])
    func aSuccessfulRefreshHoldsTheCheckMarkForTheMinimumTime(scene: String) async throws {
        let d = try SessionDriver(scene) {
            $0.indicator.style = "seed"
            $0.refresh.duration = 0.3
            $0.refresh.doneSeconds = 0.5
        }
        d.send(.key(.f5, []))
        await d.wait(0.2)
        #expect(d.scene.trace().first { $0.0 == "state" }?.1 == .string("refreshing"))
        #expect(Self.capsules(d.frame()) == 0 && Self.arcs(d.frame()) > 0)
        await d.wait(0.3)  // 0.5 s: the action ended at 0.3 s
        #expect(d.scene.trace().first { $0.0 == "state" }?.1 == .string("done"))
        // The content stays where the refresh holds it (the threshold) while the finish shows.
        let threshold = (d.scene as? CoordinatorScene)?.coordinator.config.threshold ?? (d.scene as? RefreshableScene)?.threshold
        let held = -(try #require(threshold))
        #expect(d.scene.scrollView.contentOffset == held)
        #expect(Self.capsules(d.frame()) == 2 && Self.arcs(d.frame()) == 0, "the check mark, both strokes drawn after 0.2 s")
        // The window wakes when the done state ends (its event wait sleeps until the next deadline).
        #expect(abs((d.scene.nextDeadline ?? 0) - 0.8) < 1e-6, "\(String(describing: d.scene.nextDeadline))")
        #expect(d.scene.isAnimating)
        await d.wait(0.25)  // 0.75 s: still within 0.3 + 0.5
        #expect(d.scene.trace().first { $0.0 == "state" }?.1 == .string("done"))
        #expect(d.scene.scrollView.contentOffset == held)
        await d.wait(0.1)  // 0.85 s: the return has begun
        let state = d.scene.trace().first { $0.0 == "state" }?.1
        #expect(state == .string("completing") || state == .string("idle"))
        await d.wait(1)
        #expect(d.scene.trace().first { $0.0 == "state" }?.1 == .string("idle"))
        #expect(d.scene.scrollView.contentOffset == 0)
    }

    @Test(arguments: ["coordinator", "refreshable"])
    func withoutADoneTimeTheReturnStartsWhenTheActionEnds(scene: String) async throws {
        let d = try SessionDriver(scene) {
            $0.indicator.style = "seed"; $0.refresh.duration = 0.3
        }
        d.send(.key(.f5, []))
        await d.wait(0.35)
        let state = d.scene.trace().first { $0.0 == "state" }?.1
        #expect(state == .string("completing") || state == .string("idle"))
        #expect(Self.capsules(d.frame()) == 0)
    }

    @Test(arguments: ["coordinator", "refreshable"])
    func aFailureNeverShowsTheFinish(scene: String) async throws {
        let d = try SessionDriver(scene) {
            $0.indicator.style = "seed"
            $0.refresh.duration = 0.3
            $0.refresh.outcome = .failure
            $0.refresh.doneSeconds = 0.5
        }
        d.send(.key(.f5, []))
        await d.wait(0.35)
        let state = d.scene.trace().first { $0.0 == "state" }?.1
        #expect(state == .string("completing") || state == .string("idle"))
        #expect(Self.capsules(d.frame()) == 0)
    }

    @Test func theCheckMarkDrawsInThenFadesWithTheReturn() {
        var config = SpinnerConfig()
        config.diameter = 30
        let indicator = RefreshIndicator(config: config)
        let c = Point(100, 50)
        func capsules(_ cs: [DrawCommand]) -> [(Point, Point)] {
            cs.flatMap { cmd -> [(Point, Point)] in
                if case let .capsule(a, b, _, _) = cmd { return [(a, b)] }
                if case let .group(_, _, _, _, _, children) = cmd { return capsules(children) }
                return []
            }
        }
        #expect(capsules(indicator.commands(.done(since: 1, fraction: 0), center: c, at: 1)).isEmpty, "nothing drawn at its start")
        let partial = capsules(indicator.commands(.done(since: 1, fraction: 0), center: c, at: 1.05))
        #expect(partial.count == 1, "a quarter of the time: part of the short stroke")
        let full = capsules(indicator.commands(.done(since: 1, fraction: 0), center: c, at: 1.3))
        #expect(full.count == 2)
        // The short stroke ends where the long one starts (the corner), inside the circle.
        #expect(full[0].1 == full[1].0)
        for (a, b) in full { for p in [a, b] { #expect(((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y)).squareRoot() <= 15) } }
        let look = indicator.appearance(.done(since: 1, fraction: 0.5), at: 2)
        #expect(look.opacity == 0.5 && look.scale == 1 + (config.completingEndScale - 1) * 0.5)
        #expect(indicator.commands(.done(since: 1, fraction: 1), center: c, at: 2).isEmpty)
    }

    // MARK: trigger relative to the viewport

    @Test func theCoordinatorsTriggerFollowsTheViewportHeight() throws {
        let d = try SessionDriver("coordinator") {
            $0.size = Size(390, 1400)
            $0.refresh.triggerFraction = 0.15
        }
        let scene = try #require(d.scene as? CoordinatorScene)
        #expect(abs(scene.coordinator.config.threshold - 0.15 * scene.host.viewportHeight) < 1e-9)
        #expect(scene.coordinator.config.threshold > 150)
        d.send(.resize(Size(390, 500)))
        #expect(abs(scene.coordinator.config.threshold - 0.15 * scene.host.viewportHeight) < 1e-9)
        #expect(scene.coordinator.config.threshold < 80)
        // Off by default: 80 pt whatever the height.
        let plain = try SessionDriver("coordinator") { $0.size = Size(390, 1400) }
        #expect(try #require(plain.scene as? CoordinatorScene).coordinator.config.threshold == 80)
    }

    @Test func theRefreshablesTriggerFollowsTheViewportHeight() async throws {
        let d = try SessionDriver("refreshable") {
            $0.size = Size(390, 1400)
            $0.refresh.triggerFraction = 0.1
        }
        let scene = try #require(d.scene as? RefreshableScene)
        #expect(abs(scene.threshold - 0.1 * scene.host.viewportHeight) < 1e-9)
        d.send(.resize(Size(390, 900)))
        #expect(abs(scene.threshold - 0.1 * scene.host.viewportHeight) < 1e-9)
        #expect(try #require(SessionDriver("refreshable").scene as? RefreshableScene).threshold == 75)
    }

    /// A pull past the fixed 80 pt but short of the tall viewport's relative distance does not refresh.
    @Test func aPullShortOfTheRelativeDistanceDoesNotRefresh() async throws {
        let d = try SessionDriver("coordinator") {
            $0.size = Size(390, 1400)
            $0.indicator.style = "seed"
            $0.refresh.triggerFraction = 0.15
        }
        let scene = try #require(d.scene as? CoordinatorScene)
        await d.drag(fromY: 200, toY: 500, duration: 0.4, release: false)
        let pull = -d.scene.scrollView.contentOffset
        #expect(pull > 80 && pull < scene.coordinator.config.threshold, "pulled \(pull)")
        d.send(.pointerUp(Point(200, 500)))
        await d.wait(0.1)
        #expect(scene.coordinator.refreshes == 0)
    }
}
