import Foundation
import Rendering
import ScrollCore
import Testing

/// Every third-party file in `../shared/fixtures/lottie/` loads or is rejected as its README says,
/// and loaded files draw a few frames without crashing or hanging.
@Suite struct LottieFixtureTests {
    /// The fixtures folder: package root → `../shared/fixtures/lottie`.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures/lottie")

    static var available: Bool {
        let present = FileManager.default.fileExists(atPath: folder.path)
        if !present { print("LottieFixtureTests skipped: no fixtures folder at ../shared/fixtures/lottie") }
        return present
    }

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// What the README says: frame count (and frame rate) for files that load, nil for rejects.
    enum Expected { case loads(frames: Int?, fps: Double?), rejected }
    static let expected: [String: Expected] = [
        "loader_4.json": .loads(frames: 34, fps: nil),
        "TrimPaths.json": .loads(frames: 454, fps: 60),
        "Repeater.json": .loads(frames: 120, fps: 60),
        "StartEndFrame.json": .loads(frames: 58, fps: nil),
        "2FrameAnimation.json": .loads(frames: nil, fps: nil),
        "Framerate.json": .loads(frames: nil, fps: nil),
        "dog.json": .loads(frames: nil, fps: nil),
        "repro_propertyhelper_type_confusion1.json": .rejected,
    ]

    @Test(.enabled(if: available, "needs ../shared/fixtures/lottie"), arguments: files)
    func loadsOrIsRejectedAsDocumented(_ name: String) throws {
        let path = Self.folder.appendingPathComponent(name).path
        let result = Result { () throws(LottieLoadError) in try LottieIndicatorSource.load(path: path) }
        switch (Self.expected[name], result) {
        case let (.loads(frames, fps)?, .success(source)):
            if let frames { #expect(source.info.frameCount == frames) }
            if let fps { #expect(source.info.frameRate == fps) }
            #expect(source.info.frameCount > 0 && source.info.frameRate > 0)
            try drawsWithoutHanging(source)
        case let (.rejected?, .failure(error)):
            #expect(error == .unparsable(path: path))
            #expect(error.message.contains(path) && !error.message.contains("\n"))
        case let (nil, .success(source)):
            print("\(name): not in the README table; loads with \(source.info.frameCount) frames")
            try drawsWithoutHanging(source)
        case let (nil, .failure(error)):
            print("\(name): not in the README table; rejected: \(error.message)")
        case let (expectation?, outcome):
            Issue.record("\(name): expected \(expectation), got \(outcome)")
        }
    }

    /// Draws the first, middle and last frames and a looping frame, tinted and not.
    func drawsWithoutHanging(_ source: LottieIndicatorSource) throws {
        let renderer = LottieIndicatorRenderer(frameDeadline: 2, maxConsecutiveMisses: 2)
        var lines: [String] = []
        renderer.report = { lines.append($0) }
        renderer.add(source)
        let image = try ImageSurface(width: 80, height: 80)
        let started = Date()
        for (mode, tint) in [(LottieFrame.Mode.scrub(0), nil), (.scrub(0.5), Color.black), (.scrub(1), nil),
                             (.loop(elapsedSeconds: 0.7), Color(hex: 0x336699))] {
            let frame = LottieFrame(animation: source.info, mode: mode, rect: Rect(x: 0, y: 0, width: 40, height: 40), tint: tint)
            let model = FrameModel(size: Size(40, 40), background: .white, commands: [.lottie(frame)])
            CairoRenderer(lottie: renderer).render(model, into: image.context, scale: 2)
        }
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(lines.isEmpty, "unexpected report: \(lines)")
        #expect(!renderer.isDropped(source.info.path))
    }
}
