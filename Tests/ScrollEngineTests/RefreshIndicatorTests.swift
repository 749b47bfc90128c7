import ScrollEngine
import Testing

@Suite struct RefreshIndicatorTests {
    static let info = LottieAnimationInfo(path: "refresh.json", frameCount: 90, frameRate: 60, width: 100, height: 100)
    let center = Point(50, 40)

    @Test func hiddenDrawsNothing() {
        #expect(RefreshIndicator().commands(.hidden, center: center, at: 0).isEmpty)
        #expect(RefreshIndicator().commands(.pulling(progress: 0, pullDistance: 0, threshold: 75), center: center, at: 0).isEmpty)
    }

    @Test func vectorPullIsAnArcWithThePullOpacity() {
        let cmds = RefreshIndicator().commands(.pulling(progress: 0.5, pullDistance: 37.5, threshold: 75), center: center, at: 0)
        guard case let .group(opacity, _, scale, _, _, children) = cmds.first, case let .arc(a) = children.first else {
            Issue.record("expected a faded arc, got \(cmds)"); return
        }
        // The pull curve is near 0 here; the floor keeps the spinner visible from the first point.
        #expect(PullOpacity.value(pullDistance: 37.5, threshold: 75) < 0.1)
        #expect(abs(opacity - RefreshIndicator().config.pullOpacityFloor) < 1e-12)
        #expect(scale == 1 && a.radius == 12.5 && a.lineWidth == 3 && a.center == center)
    }

    @Test func triggerPulses() {
        let ind = RefreshIndicator()
        #expect(ind.pulseScale(elapsed: ind.config.pulseSeconds / 2) == ind.config.pulseScale)
        #expect(ind.pulseScale(elapsed: ind.config.pulseSeconds) == 1)
        #expect(ind.pulseScale(elapsed: 0) == 1)
    }

    @Test func completingFadesAndShrinks() {
        let ind = RefreshIndicator()
        let loop = RefreshLoop(since: -10)
        let start = ind.appearance(.completing(fraction: 0, loop), at: 0)
        #expect(start.opacity == 1 && start.scale == 1)
        let end = ind.appearance(.completing(fraction: 1, loop), at: 0)
        #expect(end.opacity == 0 && end.scale == ind.config.completingEndScale)
    }

    @Test func lottieScrubsToHalfTheProgress() {
        let ind = RefreshIndicator(kind: .lottie(Self.info, tint: nil))
        let cmds = ind.commands(.pulling(progress: 0.6, pullDistance: 45, threshold: 75), center: center, at: 0)
        guard case let .lottie(f) = cmds.first else { Issue.record("expected .lottie"); return }
        #expect(f.mode == .scrub(0.3))
        #expect(f.frameIndex == Int((0.3 * 89).rounded()))
        #expect(!f.fallback.isEmpty)  // the vector spinner, should the file not draw
        #expect(f.rect == Rect(x: 30, y: 20, width: 40, height: 40))
    }

    @Test func lottieLoopContinuesFromTheScrubbedFrame() {
        let ind = RefreshIndicator(kind: .lottie(Self.info, tint: nil))
        let scrub = ind.commands(.pulling(progress: 1, pullDistance: 75, threshold: 75), center: center, at: 0)
        let loop = ind.commands(.refreshing(RefreshLoop(since: 2, handoffProgress: 1)), center: center, at: 2)
        guard case let .lottie(a) = scrub.first, case let .lottie(b) = loop.first else { Issue.record("expected .lottie"); return }
        #expect(abs(a.frameIndex - b.frameIndex) <= 1)
    }

    @Test func lottieFrameTimeline() {
        let info = Self.info
        #expect(info.frame(for: .scrub(0)) == 0)
        #expect(info.frame(for: .scrub(1)) == 89)
        #expect(info.frame(for: .loop(elapsedSeconds: 1)) == 60)
        #expect(info.frame(for: .loop(elapsedSeconds: 1.5)) == 0)  // 90 frames at 60 fps wrap after 1.5 s
        #expect(info.frame(for: .loop(elapsedSeconds: -3)) == 0)
        #expect(abs(info.duration - 89.0 / 60) < 1e-12)
        let single = LottieAnimationInfo(path: "x", frameCount: 1, frameRate: 30, width: 1, height: 1)
        #expect(single.frame(for: .loop(elapsedSeconds: 7)) == 0)
    }
}

extension RefreshIndicatorTests {
    @Test func colourOverrideReachesBothKinds() {
        let red = Color(hex: 0xFF0000)
        var options = IndicatorOptions()
        options.color = red
        #expect(options.makeIndicator(defaultColor: .black).config.color == red)
        options.lottie = Self.info
        #expect(options.makeIndicator(defaultColor: .black).kind == .lottie(Self.info, tint: red))
        options.color = nil
        let plain = options.makeIndicator(defaultColor: .black)
        #expect(plain.kind == .lottie(Self.info, tint: nil) && plain.config.color == .black)
    }
}
