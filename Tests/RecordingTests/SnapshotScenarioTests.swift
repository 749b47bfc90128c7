import Foundation
import Rendering
import Testing
@testable import Recording
import ScrollEngine

/// Named snapshots in scenario files, the timeline they add, and the strict rules where goldens
/// are made.
@MainActor
@Suite struct SnapshotScenarioTests {
    static let base = """
        {"scene": "list", "size": [200, 300], "scale": 1, "fps": 20, "duration": 0.6, "rows": 60,
         "events": [{"at": 0.05, "drag": {"from": [100, 250], "to": [100, 120], "duration": 0.2}}EXTRA]}
        """
    static func scenario(_ extra: String) -> String { base.replacingOccurrences(of: "EXTRA", with: extra) }

    @Test func snapshotsAreReadWithTheirOverrides() throws {
        let s = try ScenarioParser.parse(
            Self.scenario(
                """
                , {"at": 0.3, "snapshot": "mid-fling", "mask": [[0, 0, 50, 20]], "maxDiffPixels": 7, "maxDiffRatio": 0.01,\
                 "threshold": 0.2},
                  {"at": 0.6, "snapshot": "rest.v2_final"}
                """))
        #expect(s.events.count == 1, "snapshots are not input events")
        #expect(s.snapshots.map(\.name) == ["mid-fling", "rest.v2_final"])
        #expect(s.snapshots[0].at == 0.3)
        #expect(s.snapshots[0].mask == [Rect(x: 0, y: 0, width: 50, height: 20)])
        #expect(s.snapshots[0].maxDiffPixels == 7 && s.snapshots[0].maxDiffRatio == 0.01 && s.snapshots[0].threshold == 0.2)
        #expect(s.snapshots[1].mask.isEmpty && s.snapshots[1].maxDiffPixels == nil)
        #expect(s.snapshots[0].field == "events[1]")
    }

    @Test(arguments: [
        (#", {"at": 0.3, "snapshot": "a b"}"#, "events[1].snapshot"),
        (#", {"at": 0.3, "snapshot": ""}"#, "events[1].snapshot"),
        (#", {"at": 0.3, "snapshot": "a/b"}"#, "events[1].snapshot"),
        (#", {"at": 0.3, "snapshot": ".."}"#, "events[1].snapshot"),
        (", {\"at\": 0.3, \"snapshot\": \"\(String(repeating: "x", count: 81))\"}", "events[1].snapshot"),
        (#", {"at": 0.3, "snapshot": 3}"#, "events[1].snapshot"),
        (#", {"at": 0.3, "snapshot": "a", "wheel": {"dy": 1}}"#, "events[1]"),  // one kind per event (issue #29 item 13)
        (#", {"at": 0.3, "snapshot": "a", "mask": [[0, 0, 10]]}"#, "events[1].mask[0]"),
        (#", {"at": 0.3, "snapshot": "a", "threshold": 2}"#, "events[1].threshold"),
        (#", {"snapshot": "a"}"#, "events[1]"),
        (#", {"at": 0.1, "down": [1, 1], "mask": [[0, 0, 1, 1]]}"#, "events[1].mask")
    ])
    func badSnapshotsAreNamed(json: String, field: String) {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(Self.scenario(json)) }
        do { _ = try ScenarioParser.parse(Self.scenario(json)) } catch { #expect(error.field == field, "\(error)") }
    }

    @Test func aNameOfEightyCharactersIsFine() throws {
        let name = String(repeating: "x", count: 80)
        #expect(try ScenarioParser.parse(Self.scenario(", {\"at\": 0.3, \"snapshot\": \"\(name)\"}")).snapshots.first?.name == name)
    }

    @Test func aDuplicateNameNamesBothEvents() {
        do {
            _ = try ScenarioParser.parse(
                Self.scenario(#", {"at": 0.1, "snapshot": "a"}, {"at": 0.2, "down": [1, 1]}, {"at": 0.3, "snapshot": "a"}"#))
            Issue.record("a duplicate name was accepted")
        } catch {
            #expect(error.description == "events[3].snapshot: duplicate snapshot name 'a' (also events[1])")
        }
    }

    @Test func eventsAfterTheDurationAreErrorsWhereGoldensAreMade() throws {
        let late = try ScenarioParser.parse(Self.scenario(#", {"at": 0.7, "key": "End"}"#))
        #expect(throws: ScenarioError(field: "events[1]", reason: "at 0.7 s is after the scenario's duration (0.6 s)")) {
            try late.checkStrict()
        }
        let longDrag = try ScenarioParser.parse(Self.scenario(#", {"at": 0.5, "drag": {"from": [1, 1], "to": [1, 50], "duration": 0.2}}"#))
        #expect(throws: ScenarioError.self) { try longDrag.checkStrict() }
        let lateSnapshot = try ScenarioParser.parse(Self.scenario(#", {"at": 0.61, "snapshot": "late"}"#))
        do { try lateSnapshot.checkStrict(); Issue.record("accepted") } catch {
            #expect(error.field == "events[1]" && error.reason.contains("'late'"))
        }
        // The event at exactly `duration` is on the last frame.
        try ScenarioParser.parse(Self.scenario(#", {"at": 0.6, "key": "End"}"#)).checkStrict()
    }

    @Test func theTimelineAddsOffGridInstantsAndSharesGridFrames() throws {
        let s = try ScenarioParser.parse(
            Self.scenario(#", {"at": 0.33, "snapshot": "off"}, {"at": 0.3, "snapshot": "on"}, {"at": 0.33, "snapshot": "off2"}"#))
        let instants = ScenarioTimeline(s).instants
        #expect(instants.count == s.frameCount + 1)
        #expect(instants.map(\.t) == instants.map(\.t).sorted())
        let on = try #require(instants.first { $0.t == 0.3 })
        #expect(on.frame == 6 && on.snapshots == [1])
        let off = try #require(instants.first { $0.t == 0.33 })
        #expect(off.frame == nil && off.snapshots == [0, 2])
        #expect(instants.compactMap(\.frame) == Array(0..<s.frameCount))
        // Within a nanosecond of a frame's time is that frame (decimal times are not exact).
        let near = try ScenarioParser.parse(Self.scenario(#", {"at": 0.3000000000001, "snapshot": "near"}"#))
        #expect(ScenarioTimeline(near).instants.count == near.frameCount)
        #expect(ScenarioTimeline(near).instants[6].snapshots == [0])
    }

    @Test func anOffGridSnapshotIsRenderedAtExactlyItsInstant() async throws {
        let s = try ScenarioParser.parse(Self.scenario(#", {"at": 0.33, "snapshot": "off"}"#))
        var seen: [(Double, Double)] = []
        try await Recorder(renderer: CairoRenderer()).step(s, render: { !$0.snapshots.isEmpty }) { instant, session, surface in
            if surface != nil, case let .double(offset)? = session.traceFields().first(where: { $0.0 == "offset" })?.1 {
                seen.append((instant.t, offset))
            }
        }
        #expect(seen.count == 1 && seen[0].0 == 0.33)
        // Mid-fling, the offset at 0.33 lies strictly between those of the frames at 0.30 and 0.35.
        let trace = try await traceOffsets(s)
        #expect(seen[0].1 > trace[6] && seen[0].1 < trace[7])
    }

    func traceOffsets(_ s: Scenario) async throws -> [Double] {
        var out: [Double] = []
        try await Recorder(renderer: CairoRenderer()).drive(s, render: false) { _, _, session, _ in
            if case let .double(o)? = session.traceFields().first(where: { $0.0 == "offset" })?.1 { out.append(o) }
        }
        return out
    }

    @Test func snapshotsDoNotChangeTheRecordedFrames() async throws {
        let plain = try ScenarioParser.parse(Self.scenario(""))
        let withSnapshots = try ScenarioParser.parse(
            Self.scenario(#", {"at": 0.3, "snapshot": "on"}, {"at": 0.45, "snapshot": "also-on"}"#))
        #expect(try await traceLines(plain) == traceLines(withSnapshots))
    }

    @Test func recordStillWritesEveryFrame() async throws {
        let s = try ScenarioParser.parse(Self.scenario(#", {"at": 0.33, "snapshot": "off"}"#))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var o = RecordOptions()
        o.progress = false
        o.pictures = false
        let r = try await Recorder(renderer: CairoRenderer()).record(s, to: dir, options: o)
        #expect(r.frames == 13)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("frame-") }.sorted()
        #expect(names == (0..<13).map(Recorder.frameName))
    }

    func traceLines(_ s: Scenario) async throws -> [String] {
        var out: [String] = []
        try await Recorder(renderer: CairoRenderer()).drive(s, render: false) { i, t, session, _ in
            out.append(TraceLine.json(frame: i, t: t, fields: session.traceFields()))
        }
        return out
    }

    @Test func aLottieFileThatFailsToLoadIsAnErrorNamingIt() async throws {
        var s = try ScenarioParser.parse(Self.scenario(""))
        s.scene = "coordinator"
        s.options.indicator.lottiePath = "/nonexistent/overscroll-missing.json"
        let recorder = Recorder(renderer: CairoRenderer())
        var reported: [String] = []
        recorder.report = { reported.append($0) }
        do {
            try await recorder.drive(s) { _, _, _, _ in Issue.record("a frame was produced") }
            Issue.record("the recording went on with the vector spinner")
        } catch {
            #expect("\(error)" == "lottie: /nonexistent/overscroll-missing.json: file not found")
        }
    }

    @Test func aLottieFrameOverTheTimeoutEndsTheRunNamingFileAndFrame() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("slow.json").path
        // A repeater with 3000 stroked copies: far slower per frame than the timeout.
        let slow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/slow-lottie/repeater.json")
        try FileManager.default.copyItem(atPath: slow.path, toPath: file)
        var s = try ScenarioParser.parse(
            """
            {"scene": "coordinator", "size": [200, 300], "scale": 1, "fps": 20, "duration": 0.5,
             "indicator": {"lottie": "\(file)"}, "events": [{"at": 0.0, "key": "F5"}]}
            """)
        s.options.refresh.duration = 5
        let recorder = Recorder(renderer: CairoRenderer())
        recorder.lottieTimeout = 0.005
        do {
            try await recorder.drive(s) { _, _, _, _ in }
            Issue.record("a slow Lottie frame was replaced instead of failing the run")
        } catch {
            let text = "\(error)"
            #expect(text.hasPrefix("lottie: \(file): frame "), "\(text)")
            #expect(text.contains("did not render within 0.005 s"))
        }
    }
}
