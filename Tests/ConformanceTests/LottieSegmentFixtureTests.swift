import Foundation
import Rendering
import ScrollEngine
import Testing

/// Lottie segments chosen by marker name or frames (issue #31 item 5), resolved against a real
/// file through rlottie's marker list: `Tests/Fixtures/lottie/segments-ours.json` (ours; markers
/// pull 0+30, spin 30+30, done 60+30) and a copy whose in-point is 10, so the renderer's frames are
/// the composition's minus the in-point.
@Suite struct LottieSegmentFixtureTests {
    static let fixture = LottieFixtureTests.folder.appendingPathComponent("segments-ours.json").path

    @Test func markersResolveToTheRenderersFrames() throws {
        let s = try LottieIndicatorSource.load(
            path: Self.fixture, segments: LottieSegmentChoices(pull: .marker("pull"), loop: .marker("spin"), finish: .marker("done")))
        #expect(s.info.segments == LottieSegments(pull: 0...29, loop: 30...59, finish: 60...89))
        let frames = try LottieIndicatorSource.load(path: Self.fixture, segments: LottieSegmentChoices(loop: .frames(from: 35, to: 44)))
        #expect(frames.info.segments == LottieSegments(loop: 35...44))
        // Without segments nothing changes.
        #expect(try LottieIndicatorSource.load(path: Self.fixture).info.segments == LottieSegments())
    }

    @Test func anInPointShiftsMarkersAndFrames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-segments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
            .replacingOccurrences(of: "\"ip\":0,\"op\":90,\"w\"", with: "\"ip\":10,\"op\":90,\"w\"")
        let path = dir.appendingPathComponent("shifted.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let s = try LottieIndicatorSource.load(
            path: path, segments: LottieSegmentChoices(loop: .marker("spin"), finish: .frames(from: 60, to: 89)))
        #expect(s.info.frameCount == 80)
        #expect(s.info.segments == LottieSegments(loop: 20...49, finish: 50...79))
        // The marker `pull` starts at 0, before the in-point: outside the animation.
        #expect(throws: LottieLoadError.self) {
            try LottieIndicatorSource.load(path: path, segments: LottieSegmentChoices(pull: .marker("pull")))
        }
    }

    @Test func anUnknownMarkerNamesTheFileAndTheMarkersThereAre() {
        do {
            _ = try LottieIndicatorSource.load(path: Self.fixture, segments: LottieSegmentChoices(finish: .marker("finish")))
            Issue.record("accepted")
        } catch {
            #expect(error.message == "lottie: \(Self.fixture): finish segment: no marker 'finish' (markers: 'pull', 'spin', 'done')")
        }
        let noMarkers = LottieFixtureTests.folder.appendingPathComponent("Repeater.json").path
        do {
            _ = try LottieIndicatorSource.load(path: noMarkers, segments: LottieSegmentChoices(loop: .marker("spin")))
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasSuffix("loop segment: no marker 'spin' (the file has no markers)"))
        }
        do {
            _ = try LottieIndicatorSource.load(path: Self.fixture, segments: LottieSegmentChoices(loop: .frames(from: 80, to: 95)))
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasSuffix("loop segment: frames 80-95 (frames 80-95) is outside the animation's frames 0-89"))
        }
    }

    /// The segment frames drawn differ from the whole-file frames, so the choice reaches the pixels.
    @Test func theIndicatorDrawsTheSegmentsFrames() throws {
        let s = try LottieIndicatorSource.load(
            path: Self.fixture, segments: LottieSegmentChoices(pull: .marker("pull"), loop: .marker("spin"), finish: .marker("done")))
        var config = SpinnerConfig()
        config.lottieSide = 40
        let indicator = RefreshIndicator(config: config, kind: .lottie(s.info, tint: nil))
        func frameIndex(_ phase: IndicatorPhase, at t: Double) -> Int? {
            func find(_ cs: [DrawCommand]) -> Int? {
                for c in cs {
                    if case let .lottie(f) = c { return f.frameIndex }
                    if case let .group(_, _, _, _, _, children) = c, let n = find(children) { return n }
                }
                return nil
            }
            return find(indicator.commands(phase, center: Point(50, 50), at: t))
        }
        // The full pull reaches the pull segment's last frame (29), not half the file (45).
        #expect(frameIndex(.pulling(progress: 1, pullDistance: 80, threshold: 80), at: 0) == 29)
        #expect(frameIndex(.pulling(progress: 0.5, pullDistance: 40, threshold: 80), at: 0) == 15)  // 14.5 rounds to 15
        // The loop repeats 30…59 at 30 fps from the refresh's start: 1.1 s in is frame 33 → 30 + 33 mod 30 = 33.
        #expect(frameIndex(.refreshing(RefreshLoop(since: 2)), at: 3.1) == 33)
        #expect(frameIndex(.refreshing(RefreshLoop(since: 2)), at: 2) == 30)
        // The finish plays 60…89 once and holds its last frame.
        #expect(frameIndex(.done(since: 5, fraction: 0), at: 5.5) == 75)
        #expect(frameIndex(.done(since: 5, fraction: 0), at: 9) == 89)
    }
}
