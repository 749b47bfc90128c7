import Foundation
import Testing
@testable import Recording
@testable import Suite
import Support

/// The trace strategy as a scenario field (#34 item 3): `{"at": t, "snapshot": name, "trace":
/// {"offset": …, "phase": …, "tolerance": …}}` checks the scroll view at the instant against
/// the values written there; no pixels, no golden file.
@MainActor
@Suite struct TraceSnapshotScenarioTests {
    /// A list at rest until its drag starts at 0.05 s (20 fps).
    static func scenario(_ snapshots: String) -> String {
        """
        {"scene": "list", "size": [200, 300], "scale": 1, "fps": 20, "duration": 0.6, "rows": 60,
         "events": [{"at": 0.05, "drag": {"from": [100, 250], "to": [100, 120], "duration": 0.2}}\(snapshots)]}
        """
    }

    @Test func theFieldIsReadWithItsDefaults() throws {
        let s = try ScenarioParser.parse(
            Self.scenario(
                #", {"at": 0.01, "snapshot": "a", "trace": {"offset": -12.5}}, "#
                    + #"{"at": 0.02, "snapshot": "b", "trace": {"offset": 3, "phase": "bouncing", "tolerance": 2}}"#))
        #expect(s.snapshots.map(\.trace) == [.init(offset: -12.5), .init(offset: 3, phase: "bouncing")])
        #expect(s.snapshots.map(\.traceTolerance) == [TraceSnapshot.defaultTolerance, 2])
    }

    @Test func badTraceFieldsAreErrorsNamingTheField() {
        let cases: [(String, String, String)] = [
            (#"{"offset": 1, "phase": "draging"}"#, "events[1].trace.phase", "unknown phase 'draging'"),
            (#"{"phase": "idle"}"#, "events[1].trace", "missing field 'offset'"),
            (#"{"offset": 1, "tol": 1}"#, "events[1].trace.tol", "unknown field"),
            (#"{"offset": 1, "tolerance": -1}"#, "events[1].trace.tolerance", ""),
            (#"{"offset": "1"}"#, "events[1].trace.offset", ""),
            (#"[1]"#, "events[1].trace", "")
        ]
        for (trace, field, words) in cases {
            do {
                _ = try ScenarioParser.parse(Self.scenario(#", {"at": 0.1, "snapshot": "a", "trace": "# + trace + "}"))
                Issue.record("accepted \(trace)")
            } catch {
                #expect(error.field == field, "\(trace): \(error)")
                #expect(words.isEmpty || error.reason.contains(words), "\(trace): \(error)")
            }
        }
        // An image field beside a trace would do nothing: refused, named.
        for image in [#""mask": [[0, 0, 10, 10]]"#, #""maxDiffPixels": 3"#, #""threshold": 0.2"#] {
            do {
                _ = try ScenarioParser.parse(
                    Self.scenario(#", {"at": 0.1, "snapshot": "a", "trace": {"offset": 0}, "# + image + "}"))
                Issue.record("accepted \(image)")
            } catch {
                #expect(error.reason.contains("does not apply to a trace snapshot"), "\(error)")
            }
        }
    }

    /// Before the drag the list rests at offset 0, phase idle: what the scenario says is checked,
    /// offset and phase apart, and a trace snapshot writes no image and no golden, even with
    /// `--update=all`.
    @Test func aRunChecksOffsetAndPhaseAndWritesNoImage() async throws {
        let f = try SuiteFixture()
        try f.write(
            "suite/a.json",
            Self.scenario(
                #", {"at": 0.01, "snapshot": "rest", "trace": {"offset": 0, "phase": "idle"}}"#
                    + #", {"at": 0.01, "snapshot": "far", "trace": {"offset": 50, "tolerance": 0.5}}"#
                    + #", {"at": 0.01, "snapshot": "moving", "trace": {"offset": 0, "phase": "dragging"}}"#
                    + #", {"at": 0.4, "snapshot": "image"}"#))
        #expect(await f.run { $0.options.update = .all } == 1, "\(f.text)")
        #expect(f.text.contains("far (t = 0.01 s): trace: offset 0 pt, expected 50 pt ± 0.5 pt (off by 50 pt)"), "\(f.text)")
        #expect(f.text.contains("moving (t = 0.01 s): trace: phase 'idle', expected 'dragging'"), "\(f.text)")
        let results = try f.results()
        let byName = Dictionary(uniqueKeysWithValues: results.snapshots.map { ($0.snapshot, $0) })
        #expect(byName["rest"]?.status == .passed)
        #expect(byName["far"]?.status == .failed)
        #expect(byName["moving"]?.status == .failed)
        for name in ["rest", "far", "moving"] {
            #expect(byName[name]?.strategy == "trace")
            #expect(byName[name]?.actual == nil && byName[name]?.written == nil, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: f.path("suite/__snapshots__/a/\(name).png")), "\(name)")
        }
        #expect(byName["image"]?.strategy == nil)
        // The failing trace snapshots cannot be accepted: there is no image to make a golden of.
        #expect(!AcceptSelection.acceptable(try #require(byName["far"])))
    }

    /// The value checked is the one the trace writes for that instant: at a frame's time the
    /// snapshot and `trace.jsonl`'s line of that frame agree.
    @Test func theValueCheckedIsTheTracesValueAtThatInstant() async throws {
        let f = try SuiteFixture()
        // Frame 6 (t = 0.3 s) is mid-drag; the expected offset is far from anything reachable.
        try f.write("suite/a.json", Self.scenario(#", {"at": 0.3, "snapshot": "mid", "trace": {"offset": 99999}}"#))
        #expect(await f.run { $0.options.trace = .on } == 1, "\(f.text)")
        let results = try f.results()
        let trace = try String(contentsOfFile: f.path("results/" + (try #require(results.scenarios.first?.trace))), encoding: .utf8)
        let line = try #require(trace.split(separator: "\n").first { $0.contains("\"frame\":6,") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let offset = try #require(object["offset"] as? Double)
        #expect(offset != 0, "mid-drag")
        let message = try #require(results.snapshots.first?.message)
        #expect(message.hasPrefix("trace: offset \(TraceSnapshot.points(offset)), expected 99999 pt"), "\(message) vs \(offset)")
    }
}
