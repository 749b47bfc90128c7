import Testing
@testable import ScrollEngine
@testable import Scenes

/// A pull that will not refresh never looks like one that will: in `refreshable`, a pull made
/// while the view is not ready, or the pull a finger keeps after its refresh ended, is drawn
/// "disarmed" (an open, thin ring) — and it stays drawn while the finger holds the content down.
@Suite struct DisarmedPullTests {
    /// The arc strokes of the frame, with the opacity they are drawn with.
    func arcs(_ f: FrameModel) -> [ArcStroke] {
        f.flattened.compactMap { if case let .arc(a) = $0.command, $0.opacity > 0 { a } else { nil } }
    }

    /// Scrolls three rows down, then pulls far down in one motion (the issue's steps), finger held.
    func notReadyPull() async throws -> (SessionDriver, RefreshableScene) {
        let d = try SessionDriver("refreshable") { $0.refresh.outcome = .hang }
        let scene = try #require(d.scene as? RefreshableScene)
        await d.drag(fromY: 400, toY: 256, duration: 0.3, hold: 0.2)
        await d.wait(0.5)
        #expect(scene.scrollView.contentOffset > 100)
        await d.drag(fromY: 100, toY: 700, duration: 0.4, release: false)
        return (d, scene)
    }

    @Test func aFullPullThatWillNotRefreshIsDrawnDisarmed() async throws {
        let (d, scene) = try await notReadyPull()
        #expect(scene.scrollView.contentOffset < -scene.threshold, "pulled past the threshold")
        #expect(scene.progress == 1 && !scene.isReady && scene.state == .pulling(1))
        guard case let .disarmed(p, _, _) = scene.indicatorPhase else {
            Issue.record("phase \(scene.indicatorPhase)")
            return
        }
        #expect(p == 1)
        let disarmed = try #require(arcs(d.frame()).first)
        // The same depth, armed: a pull from rest.
        let armed = try #require(
            scene.indicator.commands(
                .pulling(
                    progress: 1, pullDistance: -scene.scrollView.contentOffset,
                    threshold: scene.threshold),
                center: Point(0, 0), at: d.t
            )
            .compactMap { if case let .arc(a) = $0 { a } else { nil } }.first)
        #expect(disarmed.lineWidth < armed.lineWidth * 0.5, "as thick as an armed ring")
        #expect(
            abs(disarmed.endAngle - disarmed.startAngle) < abs(armed.endAngle - armed.startAngle) - 0.5,
            "the ring closes like an armed one")
        d.send(.pointerUp(Point(200, 700)))
        await d.wait(1)
        #expect(scene.refreshes == 0)
    }

    @Test func aPullFromRestIsArmedAndTriggers() async throws {
        let d = try SessionDriver("refreshable") { $0.refresh.outcome = .hang }
        let scene = try #require(d.scene as? RefreshableScene)
        await d.drag(fromY: 100, toY: 150, duration: 0.2, release: false)
        guard case .pulling = scene.indicatorPhase else { Issue.record("phase \(scene.indicatorPhase)"); return }
        #expect(arcs(d.frame()).first?.lineWidth == scene.indicator.config.lineWidth)
    }

    @Test func theSpinnerStaysVisibleUnderAHeldFingerAfterTheActionEnds() async throws {
        let d = try SessionDriver("refreshable") { $0.refresh.duration = 0.3 }
        let scene = try #require(d.scene as? RefreshableScene)
        await d.drag(fromY: 100, toY: 420, duration: 0.5, release: false)
        #expect(scene.state == .refreshing)
        var frames = 0
        for _ in 0..<60 {  // a second of holding, well past the end of the action
            await d.wait(1 / 60)
            if scene.state == .idle {
                frames += 1
                #expect(scene.scrollView.contentOffset < -100, "the content is held down")
                #expect(!arcs(d.frame()).isEmpty, "an empty gap under the finger at t=\(d.t)")
            }
        }
        #expect(frames > 30)
        // Lifted: the indicator stays while the content returns, then goes.
        d.send(.pointerUp(Point(200, 420)))
        var returning = 0
        for _ in 0..<90 {
            await d.wait(1 / 60)
            if scene.scrollView.contentOffset < -2 {
                returning += 1
                #expect(!arcs(d.frame()).isEmpty, "an empty gap while the content returns at t=\(d.t)")
            }
        }
        #expect(returning > 3)
        #expect(scene.scrollView.contentOffset == 0 && arcs(d.frame()).isEmpty && !scene.isAnimating)
    }

    @Test func theDisarmedRingKeepsTheSpinnerContrast() async throws {
        for theme in Theme.all {
            for style in SpinnerStyle.names {
                let d = try SessionDriver("refreshable") {
                    $0.refresh.outcome = .hang; $0.theme = theme; $0.indicator.style = style
                }
                await d.drag(fromY: 400, toY: 256, duration: 0.3, hold: 0.2)
                await d.wait(0.5)
                await d.drag(fromY: 100, toY: 700, duration: 0.4, release: false)
                let graphics = Contrast.findings(d.frame()).filter { $0.kind == .graphic }
                let best = try #require(graphics.max { $0.ratio < $1.ratio }, "\(theme.name) \(style): no ring")
                #expect(best.passes, "\(theme.name) \(style): \(best)")
            }
        }
    }
}
