import Testing
@testable import ScrollEngine

/// Lottie segments (issue #31 item 5): how a choice is written, how it resolves against a file's
/// markers and in-point, and which frame each phase shows.
@Suite struct LottieSegmentsTests {
    @Test func choicesAreAMarkerNameOrAFrameRange() {
        #expect(LottieSegmentChoice(parsing: "spin") == .marker("spin"))
        #expect(LottieSegmentChoice(parsing: "30-59") == .frames(from: 30, to: 59))
        #expect(LottieSegmentChoice(parsing: "7-7") == .frames(from: 7, to: 7))
        #expect(LottieSegmentChoice(parsing: "59-30") == nil, "backwards")
        #expect(LottieSegmentChoice(parsing: "") == nil)
        #expect(LottieSegmentChoice(parsing: "pull-in") == .marker("pull-in"), "not numbers: a name")
    }

    static let markers = [LottieMarker(name: "pull", start: 10, end: 40), LottieMarker(name: "tick", start: 70, end: 70)]

    @Test func markersAreTheirStartUpToBeforeTheirEndInTheRenderersFrames() throws {
        // In-point 10: composition frame 10 is the renderer's frame 0; 80 frames (10…89).
        let s = try LottieSegments.resolve(
            LottieSegmentChoices(pull: .marker("pull"), loop: .frames(from: 40, to: 69), finish: .marker("tick")),
            markers: Self.markers, inPoint: 10, frameCount: 80)
        #expect(s.pull == 0...29)
        #expect(s.loop == 30...59)
        #expect(s.finish == 60...60, "a marker of no duration is its one frame")
    }

    @Test func problemsNameTheSegment() {
        func problem(_ c: LottieSegmentChoices) -> String? {
            do { _ = try LottieSegments.resolve(c, markers: Self.markers, inPoint: 10, frameCount: 80); return nil } catch {
                return error.description
            }
        }
        #expect(problem(LottieSegmentChoices(loop: .marker("spin"))) == "loop segment: no marker 'spin' (markers: 'pull', 'tick')")
        #expect(
            problem(LottieSegmentChoices(finish: .frames(from: 5, to: 20)))
                == "finish segment: frames 5-20 (frames 5-20) is outside the animation's frames 10-89")
        #expect(
            problem(LottieSegmentChoices(pull: .frames(from: 80, to: 90)))
                == "pull segment: frames 80-90 (frames 80-90) is outside the animation's frames 10-89")
        #expect(problem(LottieSegmentChoices(pull: .frames(from: 80, to: 89))) == nil)
    }

    @Test func framesOfEachPhase() {
        // The pull maps 0…1 onto first…last.
        #expect(LottieSegments.pullFrame(10...20, progress: 0) == 10)
        #expect(LottieSegments.pullFrame(10...20, progress: 0.5) == 15)
        #expect(LottieSegments.pullFrame(10...20, progress: 1) == 20)
        #expect(LottieSegments.pullFrame(10...20, progress: 3) == 20)
        #expect(LottieSegments.pullFrame(10...20, progress: .nan) == 10)
        // The loop repeats at the frame rate: 11 frames, so 0.55 s at 20 fps is frame 11 → the first again.
        #expect(LottieSegments.loopFrame(10...20, elapsed: 0.5, frameRate: 20) == 20)
        #expect(LottieSegments.loopFrame(10...20, elapsed: 0.55, frameRate: 20) == 10)
        #expect(LottieSegments.loopFrame(10...20, elapsed: 0.6, frameRate: 20) == 11)
        // The finish plays once and holds.
        #expect(LottieSegments.finishFrame(10...20, elapsed: 0.25, frameRate: 20) == 15)
        #expect(LottieSegments.finishFrame(10...20, elapsed: 0.5, frameRate: 20) == 20)
        #expect(LottieSegments.finishFrame(10...20, elapsed: 9, frameRate: 20) == 20)
    }

    @Test func withoutSegmentsTheIndicatorScrubsAndLoopsTheWholeFile() {
        let info = LottieAnimationInfo(path: "a.json", frameCount: 91, frameRate: 30, width: 10, height: 10)
        let indicator = RefreshIndicator(config: SpinnerConfig(), kind: .lottie(info, tint: nil))
        func mode(_ p: IndicatorPhase) -> LottieFrame.Mode? {
            for c in indicator.commands(p, center: Point(0, 0), at: 1) {
                if case let .lottie(f) = c { return f.mode }
                if case let .group(_, _, _, _, _, children) = c, case let .lottie(f)? = children.first { return f.mode }
            }
            return nil
        }
        #expect(mode(.pulling(progress: 1, pullDistance: 80, threshold: 80)) == .scrub(0.5))
        // No finish segment: the done state draws the vector check mark instead of the file.
        #expect(mode(.done(since: 0.5, fraction: 0)) == nil)
    }
}
