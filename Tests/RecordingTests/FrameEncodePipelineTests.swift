import Foundation
import Rendering
import Testing
@testable import Recording

/// `overscroll record` encodes on encoder threads through a bounded set of slots: every file is
/// the one-shot encoder's bytes for that frame, whatever the number of threads and slots (a
/// slot reused while its frame is still needed, or a frame written to the wrong name, would
/// show here), and a failing write ends the run with nothing left behind.
@MainActor
@Suite struct FrameEncodePipelineTests {
    // Moves, rests (frames copied, not encoded) and moves again, at an odd size.
    static let scenario = """
        {"scene": "list", "size": [123, 211], "scale": 2, "fps": 30, "duration": 2.0, "rows": 100,
         "events": [{"at": 0.1, "drag": {"from": [60, 180], "to": [60, 40], "duration": 0.2}},
                    {"at": 1.5, "drag": {"from": [60, 40], "to": [60, 190], "duration": 0.2}}]}
        """

    func tempDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-test-\(UUID().uuidString)")
    }

    /// Each frame's PNG as `PixelBuffer.pngBytes` makes it on this thread, frame by frame.
    func expectedFrames(_ s: Scenario) async throws -> [[UInt8]] {
        var frames: [[UInt8]] = []
        try await Recorder(renderer: CairoRenderer()).drive(s) { _, _, _, surface in
            frames.append(try #require(surface).snapshot().pngBytes())
        }
        return frames
    }

    @Test func everyFrameIsTheOneShotEncodersBytes() async throws {
        let s = try ScenarioParser.parse(Self.scenario)
        let expected = try await expectedFrames(s)
        #expect(expected.count == s.frameCount)
        // Some consecutive frames are the same (copied) and some differ (encoded).
        #expect(zip(expected, expected.dropFirst()).contains { $0 == $1 })
        #expect(zip(expected, expected.dropFirst()).contains { $0 != $1 })
        for (threads, slots) in [(1, 1), (2, 1), (3, 2), (2, 4)] {
            let out = tempDir()
            defer { try? FileManager.default.removeItem(at: out) }
            var options = RecordOptions()
            options.progress = false
            options.pictures = false
            options.encoderThreads = threads
            options.maxFramesInFlight = slots
            try await Recorder(renderer: CairoRenderer()).record(s, to: out, options: options)
            for i in 0..<s.frameCount {
                let file = try [UInt8](Data(contentsOf: out.appendingPathComponent(Recorder.frameName(i))))
                #expect(file == expected[i], "frame \(i), \(threads) threads, \(slots) slots")
            }
        }
    }

    @Test func aFailedWriteEndsTheRunAndLeavesNothing() async throws {
        let s = try ScenarioParser.parse(Self.scenario)
        let parent = tempDir()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        let out = parent.appendingPathComponent("out")
        var options = RecordOptions()
        options.progress = false
        let recorder = Recorder(renderer: CairoRenderer())
        // A few frames in, a folder takes the name of a frame still to come in the staging
        // folder (the only other entry of `parent`): that frame's write fails on an encoder thread.
        var planted = false
        recorder.onFrame = { i, _, _ in
            guard i == 3 else { return }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
            for name in names where name != "out" {
                planted = mkdir(parent.path + "/" + name + "/" + Recorder.frameName(10), 0o755) == 0 || planted
            }
        }
        await #expect(throws: (any Error).self) { try await recorder.record(s, to: out, options: options) }
        #expect(planted)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
