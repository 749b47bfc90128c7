import Foundation
import Rendering
import Testing
@testable import Recording
@testable import ScrollEngine

@MainActor
@Suite struct RecorderTests {
    static let dragScenario = """
        {"scene": "list", "size": [200, 300], "scale": 1, "fps": 30, "duration": 5.0, "rows": 100,
         "events": [{"at": 0.1, "drag": {"from": [100, 250], "to": [100, 50], "duration": 0.2}}]}
        """

    func tempDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-test-\(UUID().uuidString)")
    }

    func phases(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            guard let r = line.range(of: "\"phase\":\"") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func dragThenReleaseDeceleratesThenRests() async throws {
        let s = try ScenarioParser.parse(Self.dragScenario)
        let out = tempDir()
        defer { try? FileManager.default.removeItem(at: out) }
        var opts = RecordOptions()
        opts.writePNG = false
        let r = try await Recorder(renderer: CairoRenderer()).record(s, to: out, options: opts)
        #expect(r.frames == 151)
        let p = phases(r.traceLines)
        #expect(p.first == "idle")
        let firstDecel = try #require(p.firstIndex(of: "decelerating"))
        let lastDrag = try #require(p.lastIndex(of: "dragging"))
        #expect(lastDrag < firstDecel)
        #expect(p.last == "idle")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("trace.jsonl").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("frame-00000.png").path))
    }

    @Test func twoRunsGiveByteIdenticalFrames() async throws {
        let s = try ScenarioParser.parse(Self.dragScenario.replacingOccurrences(of: "\"duration\": 5.0", with: "\"duration\": 0.5"))
        let a = tempDir(), b = tempDir()
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        var opts = RecordOptions()
        opts.progress = false
        try await Recorder(renderer: CairoRenderer()).record(s, to: a, options: opts)
        try await Recorder(renderer: CairoRenderer()).record(s, to: b, options: opts)
        let names = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
        #expect(names.count == s.frameCount + 4)  // frames, trace.jsonl, plot.png, contact-sheet.png, .overscroll-manifest
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: b.path).sorted()))
        for n in names {
            let x = try Data(contentsOf: a.appendingPathComponent(n)), y = try Data(contentsOf: b.appendingPathComponent(n))
            #expect(x == y, "\(n) differs")
        }
        // Frames while the content moves differ from each other.
        let f5 = try Data(contentsOf: a.appendingPathComponent("frame-00005.png"))
        let f10 = try Data(contentsOf: a.appendingPathComponent("frame-00010.png"))
        #expect(f5 != f10)
    }

    @Test func offsetIsUIKitContentOffset() async throws {
        let s = try ScenarioParser.parse(
            """
            {"scene": "list", "size": [200, 300], "scale": 1, "fps": 10, "duration": 0.5, "rows": 100,
             "events": [{"at": 0.1, "down": [100, 100]}, {"at": 0.2, "move": [100, 160]}, {"at": 0.3, "move": [100, 40]}]}
            """)
        var offsets: [Double] = []
        try await Recorder(renderer: CairoRenderer()).drive(s) { _, _, session, _ in
            offsets.append(session.scene.scrollView.contentOffset)
        }
        #expect(offsets[2] < 0)  // pulled past the top: negative
        #expect(offsets[3] == 60)  // scrolled into the content: positive
    }
}
