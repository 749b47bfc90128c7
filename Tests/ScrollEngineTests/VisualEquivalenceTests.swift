import Testing
@testable import ScrollEngine

/// Frames that look the same up to a fraction of a device pixel (skipped while animating).
@Suite struct VisualEquivalenceTests {
    func frame(_ commands: [DrawCommand]) -> FrameModel {
        FrameModel(size: Size(390, 844), background: .white, commands: commands)
    }

    func arc(_ start: Double, _ end: Double, radius: Double = 10) -> DrawCommand {
        .arc(ArcStroke(center: Point(195, 40), radius: radius, lineWidth: 2, startAngle: start, endAngle: end, color: .black))
    }

    @Test func anArcEndMovingLessThanTheToleranceLooksTheSame() {
        // Outer edge at 11 pt: an angle change of 0.01 rad moves an end by 0.11 pt.
        let a = frame([arc(0, 2)]), b = frame([arc(0.01, 2.01)])
        #expect(VisualEquivalence.looksSame(a, b, scale: 1, tolerance: 0.25))
        // At @3 the same change is 0.33 device pixels.
        #expect(!VisualEquivalence.looksSame(a, b, scale: 3, tolerance: 0.25))
        // A larger change is drawn.
        #expect(!VisualEquivalence.looksSame(a, frame([arc(0.03, 2.03)]), scale: 1, tolerance: 0.25))
    }

    @Test func theReducedMotionSpinnerIsRedrawnEveryFewFramesNotEveryFrame() {
        var config = SpinnerConfig()
        config.reduceMotion = true
        func spinner(_ t: Double) -> FrameModel {
            let span = SpinnerMotion.loopArc(config, elapsed: t)
            let r = config.diameter / 2
            return frame([
                .arc(
                    ArcStroke(
                        center: Point(195, 40), radius: r, lineWidth: config.lineWidth,
                        startAngle: span.start * 2 * .pi, endAngle: span.end * 2 * .pi, color: .black))
            ])
        }
        var shown = spinner(0)
        var drawn = 0
        let frames = 600
        for i in 1...frames {
            let f = spinner(Double(i) / 60)
            if !VisualEquivalence.looksSame(shown, f, scale: 1) { shown = f; drawn += 1 }
        }
        // 12 s per turn: each end travels 2π·14 pt / 12 s ≈ 7.3 pt/s ≈ 0.12 pt per frame at 60 fps.
        #expect(drawn > frames / 4 && drawn < frames / 2)
    }

    @Test func textMustKeepItsBoxSizeAndString() {
        let style = TextStyle(size: 17)
        let a = frame([.text("Row", Rect(x: 10, y: 10, width: 200, height: 30), style)])
        #expect(VisualEquivalence.looksSame(a, frame([.text("Row", Rect(x: 10.1, y: 9.9, width: 200, height: 30), style)]), scale: 2))
        #expect(!VisualEquivalence.looksSame(a, frame([.text("Row", Rect(x: 10, y: 10, width: 200.01, height: 30), style)]), scale: 1))
        #expect(!VisualEquivalence.looksSame(a, frame([.text("Rox", Rect(x: 10, y: 10, width: 200, height: 30), style)]), scale: 1))
    }

    @Test func coloursOpacitiesAndStructureMustMatch() {
        let grey = Color(hex: 0x808080)
        let fill = DrawCommand.fill(Rect(x: 0, y: 0, width: 10, height: 10), grey, cornerRadius: 0)
        let a = frame([fill])
        #expect(
            !VisualEquivalence.looksSame(
                a, frame([.fill(Rect(x: 0, y: 0, width: 10, height: 10), Color(hex: 0x818181), cornerRadius: 0)]), scale: 1))
        #expect(!VisualEquivalence.looksSame(a, frame([fill, fill]), scale: 1))
        #expect(!VisualEquivalence.looksSame(a, frame([arc(0, 1)]), scale: 1))
        func group(_ o: Double, _ s: Double) -> DrawCommand {
            .group(opacity: o, translate: Point(0, 0), scale: s, anchor: Point(5, 5), clip: nil, [fill])
        }
        #expect(!VisualEquivalence.looksSame(frame([group(0.5, 1)]), frame([group(0.51, 1)]), scale: 1))
        // Children reach ~7.1 pt from the anchor: a scale change of 0.01 moves them ≤ 0.07 pt.
        #expect(VisualEquivalence.looksSame(frame([group(0.5, 1)]), frame([group(0.5, 1.01)]), scale: 1))
        #expect(!VisualEquivalence.looksSame(frame([group(0.5, 1)]), frame([group(0.5, 1.1)]), scale: 1))
        var other = a
        other.background = .black
        #expect(!VisualEquivalence.looksSame(a, other, scale: 1))
    }

    @Test func lottieFramesLookTheSameOnlyOnTheSameImage() {
        let info = LottieAnimationInfo(path: "a.json", frameCount: 60, frameRate: 30, width: 100, height: 100)
        func lottie(_ t: Double) -> FrameModel {
            frame([
                .lottie(
                    LottieFrame(
                        animation: info, mode: .loop(elapsedSeconds: t), rect: Rect(x: 175, y: 20, width: 40, height: 40), tint: nil))
            ])
        }
        #expect(VisualEquivalence.looksSame(lottie(0.001), lottie(0.01), scale: 1))
        #expect(!VisualEquivalence.looksSame(lottie(0.001), lottie(0.05), scale: 1))
    }
}
