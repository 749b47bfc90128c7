import Foundation
import Imaging
import Rendering
import Scenes
import Testing
@testable import Recording
import Support

/// One snapshot pipeline (#34 item 3): `verify` compares its keyframes in memory (no frame is
/// written to a temporary PNG and read back), a golden is written once (moved in, never read
/// back and written again), and the trace strategy checks offset and phase within a tolerance.
@MainActor
@Suite struct SnapshotPipelineTests {
    static let scenarioText = """
        {"scene": "list", "size": [160, 200], "scale": 1, "fps": 20, "duration": 0.6, "rows": 40,
         "events": [{"at": 0.05, "drag": {"from": [80, 190], "to": [80, 60], "duration": 0.3}}]}
        """

    func temp(_ name: String = "") -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-pipeline-\(name)\(UUID().uuidString)").path
    }

    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// Without a usable temporary folder (TMPDIR a regular file), `verify` still writes and
    /// compares its goldens: it stages no frame there. (It did: one PNG per keyframe, read back.)
    @Test func verifyNeedsNoTemporaryFolder() throws {
        let dir = temp()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.scenarioText.utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: dir + "/tmpfile"))
        let env = ["TMPDIR": dir + "/tmpfile"]
        var r = try CommandLineRunner.run(
            "overscroll-app", ["verify", "a.json", "--goldens", "g", "--frames", "0,6", "--update"],
            in: dir, environment: env)
        #expect(r.status == 0, "\(r.err)")
        #expect(FileTree.entries(of: dir + "/g").filter { $0.hasSuffix(".png") }.sorted() == ["frame-00000.png", "frame-00006.png"])
        r = try CommandLineRunner.run(
            "overscroll-app", ["verify", "a.json", "--goldens", "g", "--frames", "0,6"],
            in: dir, environment: env)
        #expect(r.status == 0 && r.out == "2 passed, 0 failed\n", "\(r.out) \(r.err)")
    }

    /// The in-memory comparison of `verify` finds what a comparison of files finds: the same
    /// frames, counts and verdicts as `compare` of the goldens with the frames `--out` kept.
    @Test func verifyInMemoryAgreesWithACompareOfFiles() async throws {
        let goldens = temp("g-"), out = temp("out-")
        defer { try? FileManager.default.removeItem(atPath: goldens); try? FileManager.default.removeItem(atPath: out) }
        let s = try ScenarioParser.parse(Self.scenarioText)
        var options = GoldenVerifier.Options(goldens: URL(fileURLWithPath: goldens))
        options.frames = .list([0, 4, 8, 11])
        options.update = .all
        _ = try await GoldenVerifier().run(s, options: options)
        // Two goldens now show other frames.
        let g = URL(fileURLWithPath: goldens)
        try Data(contentsOf: g.appendingPathComponent("frame-00011.png")).write(to: g.appendingPathComponent("frame-00004.png"))
        try Data(contentsOf: g.appendingPathComponent("frame-00000.png")).write(to: g.appendingPathComponent("frame-00008.png"))
        options.update = .none
        options.out = URL(fileURLWithPath: out)
        let outcome = try await GoldenVerifier().run(s, options: options)
        let files = CompareRunner.run(expected: goldens, actual: out)
        #expect(outcome.report.errors.isEmpty && files.errors.isEmpty)
        #expect(outcome.report.frames == files.frames)
        #expect(outcome.report.failed == 2 && outcome.exitCode == 1)
    }

    /// A golden the run staged is moved into the golden set, not read back and written again:
    /// the golden is the staged file itself (same inode), and the staged file is gone.
    @Test func aStagedGoldenIsMovedInOnce() throws {
        let root = temp(), staged = root + "/results/.goldens/a/pulled.png", goldens = root + "/suite/__snapshots__/a"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/results/.goldens/a", withIntermediateDirectories: true)
        let png = try PixelBuffer(width: 2, height: 2, stride: 8, bytes: [UInt8](repeating: 0xFF, count: 16), knownOpaque: true).pngBytes()
        try AtomicFileWriter.write(png, toPath: staged)
        let before = try #require(inode(staged))
        let summary = try GoldenWriter.write(
            [.init(name: "pulled.png", content: .staged(staged))],
            into: URL(fileURLWithPath: goldens), flag: "--update")
        #expect(summary.created == ["pulled.png"])
        #expect(inode(goldens + "/pulled.png") == before)
        #expect(!FileTree.exists(staged))
        #expect(FileTree.read(goldens + "/pulled.png") == png)
    }

    /// Goldens given in memory are written once into the set's staging; a golden whose bytes
    /// the folder already holds stays the same file (its date and inode kept).
    @Test func aGoldenSetWritesFromMemoryAndKeepsUnchangedFiles() throws {
        let goldens = temp()
        defer { try? FileManager.default.removeItem(atPath: goldens) }
        let a = Array("first".utf8), b = Array("second".utf8)
        var summary = try GoldenWriter.write(
            [.init(name: "x.png", content: .bytes(a)), .init(name: "y.png", content: .bytes(a))],
            into: URL(fileURLWithPath: goldens))
        #expect(summary.created == ["x.png", "y.png"])
        let kept = inode(goldens + "/x.png")
        let set = try GoldenSet(into: URL(fileURLWithPath: goldens))
        try set.add("x.png", bytes: a)
        try set.add("y.png", bytes: b, old: .some(a))
        summary = try set.commit()
        #expect(summary.unchanged == ["x.png"] && summary.changed == ["y.png"])
        #expect(inode(goldens + "/x.png") == kept)
        #expect(FileTree.read(goldens + "/y.png") == b)
        // A set released without a commit leaves the folder as it was, nothing beside it.
        let abandoned = try GoldenSet(into: URL(fileURLWithPath: goldens))
        try abandoned.add("z.png", bytes: b)
        abandoned.abandon()
        #expect(!FileTree.exists(goldens + "/z.png"))
        let parent = (goldens as NSString).deletingLastPathComponent, name = (goldens as NSString).lastPathComponent
        #expect(!FileTree.entries(of: parent).contains { $0.hasPrefix("." + name) })
    }

    /// The trace strategy: the offset and phase at a snapshot's instant, captured from a real
    /// recording, pass within the tolerance and fail outside it, saying by how much.
    @Test func theTraceStrategyChecksOffsetAndPhaseWithinATolerance() async throws {
        let s = try ScenarioParser.parse(Self.scenarioText)
        var captured: TraceSnapshot.Value?
        try await Recorder(renderer: CairoRenderer()).step(s, render: { _ in false }) { instant, session, _ in
            if instant.frame == 6 { captured = TraceSnapshot.capture(session.traceFields()) }
        }
        let value = try #require(captured)
        #expect(value.offset > 10, "the drag moved the list: \(value)")
        #expect(value.phase != nil)
        var stored: [String: TraceSnapshot.Value] = [
            "near": TraceSnapshot.Value(offset: value.offset + 0.4, phase: value.phase),
            "far": TraceSnapshot.Value(offset: value.offset - 2),
            "other-phase": TraceSnapshot.Value(offset: value.offset, phase: "not-\(value.phase ?? "")")
        ]
        let strategy = TraceSnapshot.strategy(tolerance: 0.5) { stored[$0] }
        guard case let .compared(_, near) = strategy.check(value, against: "near") else { Issue.record("near not compared"); return }
        #expect(near.match && near.message == nil)
        #expect(abs(near.evidence.error - 0.4) < 1e-9)
        guard case let .compared(_, far) = strategy.check(value, against: "far") else { Issue.record("far not compared"); return }
        #expect(!far.match)
        #expect(far.message?.contains("off by 2 pt") == true && far.message?.contains("± 0.5 pt") == true, "\(far.message ?? "")")
        guard case let .compared(_, phase) = strategy.check(value, against: "other-phase") else {
            Issue.record("phase not compared"); return
        }
        #expect(!phase.match)
        #expect(phase.message == "phase '\(value.phase ?? "")', expected 'not-\(value.phase ?? "")'")
        guard case .missing = strategy.check(value, against: "none") else {
            Issue.record("a snapshot with no stored value is missing"); return
        }
        // A wider tolerance lets the far one pass.
        stored["far"]?.phase = nil
        let wider = TraceSnapshot.strategy(tolerance: 2.5) { stored[$0] }
        guard case let .compared(_, wide) = wider.check(value, against: "far") else { Issue.record("far not compared"); return }
        #expect(wide.match)
    }
}
