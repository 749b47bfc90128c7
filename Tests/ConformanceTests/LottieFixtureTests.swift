import Foundation
import Rendering
import ScrollEngine
import Testing

/// Every third-party file in `Tests/Fixtures/lottie/` (kept in the repository with its licences)
/// loads or is rejected as its README says, and loaded files draw a few frames without crashing or
/// hanging. A missing fixture fails.
@Suite struct LottieFixtureTests {
    /// The fixtures folder: `Tests/Fixtures/lottie`, found from this source file's path.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/lottie")

    /// The files of the README table (the test's arguments: a fixed list, so an empty folder fails).
    static var files: [String] { expected.keys.sorted() }

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
        "segments-ours.json": .loads(frames: 90, fps: 30)
    ]

    /// The folder holds exactly the files of the table (a new file needs its expectation).
    @Test func folderHoldsTheDocumentedFiles() throws {
        let present = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(present == Self.files)
    }

    @Test(arguments: files)
    func loadsOrIsRejectedAsDocumented(_ name: String) throws {
        let path = Self.folder.appendingPathComponent(name).path
        try #require(FileManager.default.fileExists(atPath: path), "missing fixture \(path)")
        let expectation = try #require(Self.expected[name])
        let result = Result { () throws(LottieLoadError) in try LottieIndicatorSource.load(path: path) }
        switch (expectation, result) {
        case let (.loads(frames, fps), .success(source)):
            if let frames { #expect(source.info.frameCount == frames) }
            if let fps { #expect(source.info.frameRate == fps) }
            #expect(source.info.frameCount > 0 && source.info.frameRate > 0)
            try drawsWithoutHanging(source)
        case let (.rejected, .failure(error)):
            #expect(error == .unparsable(path: path))
            #expect(error.message.contains(path) && !error.message.contains("\n"))
        case let (expectation, outcome):
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
        for (mode, tint) in [
            (LottieFrame.Mode.scrub(0), nil), (.scrub(0.5), Color.black), (.scrub(1), nil),
            (.loop(elapsedSeconds: 0.7), Color(hex: 0x336699))
        ] {
            let frame = LottieFrame(animation: source.info, mode: mode, rect: Rect(x: 0, y: 0, width: 40, height: 40), tint: tint)
            let model = FrameModel(size: Size(40, 40), background: .white, commands: [.lottie(frame)])
            CairoRenderer(lottie: renderer).render(model, into: image.context, scale: 2)
        }
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(lines.isEmpty, "unexpected report: \(lines)")
        #expect(!renderer.isDropped(source.info.path))
    }
}
