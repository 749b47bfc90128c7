import Foundation
import Rendering
import Synchronization
import Testing
@testable import Recording

/// Goldens must not depend on the machine's load (#28): every refreshing scene, at 10, 30 and
/// 60 fps, with refreshes that start and end on frame instants and between them, in every
/// outcome, recorded again and again while busy threads (one more than the cores) compete for
/// the CPU. Every run's trace and every frame's pixels must equal the first run's, byte for byte.
/// `make test` records each case 8 times; `make soak` (`OVERSCROLL_SOAK=1`) 30 times, with more
/// start and end times.
@MainActor
@Suite(.serialized) struct DeterminismStressTests {
    static let soak = ProcessInfo.processInfo.environment["OVERSCROLL_SOAK"] == "1"
    static let repetitions = soak ? 30 : 8
    nonisolated static let scenes = ["coordinator", "refreshable"]
    nonisolated static let rates = [10, 30, 60]

    /// One refresh of the matrix: how it starts, when, and how it ends.
    struct Case: CustomStringConvertible {
        var name: String
        /// The scenario's `refresh` object and its events (JSON fragments).
        var refresh: String
        var events: String
        var description: String { name }
    }

    /// Starts at 0.5 s (a frame instant at every rate) or 0.517 s (between frames at every
    /// rate); ends 1.0 s later (on an instant) or 1.013 s later (between).
    static var cases: [Case] {
        var out: [Case] = []
        let starts = soak ? [0.5, 0.517, 0.45, 0.6333] : [0.5, 0.517]
        let durations = soak ? [1.0, 1.013, 0.2, 0.0] : [1.0, 1.013]
        for start in starts {
            for d in durations {
                out.append(
                    Case(
                        name: "F5 at \(start), success after \(d)",
                        refresh: #"{"outcome": "success", "duration": \#(d)}"#,
                        events: #"{"at": \#(start), "key": "F5"}"#))
            }
            out.append(
                Case(
                    name: "F5 at \(start), failure after 0.7",
                    refresh: #"{"outcome": "failure", "duration": 0.7}"#,
                    events: #"{"at": \#(start), "key": "F5"}"#))
            out.append(
                Case(
                    name: "F5 at \(start), hang, timeout 1.0",
                    refresh: #"{"outcome": "hang", "timeout": 1.0}"#,
                    events: #"{"at": \#(start), "key": "F5"}"#))
            out.append(
                Case(
                    name: "F5 at \(start), hang, Esc 0.7 later",
                    refresh: #"{"outcome": "hang"}"#,
                    events: #"{"at": \#(start), "key": "F5"}, {"at": \#(start + 0.7), "key": "Esc"}"#))
        }
        // The newcomer's scenario of #28: a pull released at 0.63 s, a refresh of 1.5 s.
        out.append(
            Case(
                name: "pull released at 0.63, success after 1.5",
                refresh: #"{"outcome": "success", "duration": 1.5}"#,
                events: #"{"at": 0.2, "drag": {"from": [120, 100], "to": [120, 380], "duration": 0.43}}"#))
        return out
    }

    static func scenario(scene: String, fps: Int, _ c: Case) throws -> Scenario {
        try ScenarioParser.parse(
            #"""
            {"scene": "\#(scene)", "size": [240, 400], "scale": 1, "fps": \#(fps), "duration": 2.5,
             "refresh": \#(c.refresh), "events": [\#(c.events)]}
            """#)
    }

    /// What one recording produced: its trace and every frame's pixels.
    struct Fingerprint {
        var trace: [String] = []
        var pixels: [PixelBuffer] = []

        /// The first frame at which `other` differs from this recording (trace or pixels).
        func firstDifference(from other: Fingerprint) -> Int? {
            if trace.count != other.trace.count || pixels.count != other.pixels.count { return 0 }
            return trace.indices.first { trace[$0] != other.trace[$0] || !pixels[$0].hasSamePixels(as: other.pixels[$0]) }
        }
    }

    static func record(_ s: Scenario, renderer: CairoRenderer) async throws -> Fingerprint {
        var f = Fingerprint()
        try await Recorder(renderer: renderer).drive(s) { i, t, session, surface in
            f.trace.append(TraceLine.json(frame: i, t: t, fields: session.traceFields()))
            if let surface { f.pixels.append(surface.snapshot()) }
        }
        return f
    }

    @Test(arguments: scenes, rates)
    func recordingsUnderLoadAreByteIdentical(scene: String, fps: Int) async throws {
        let load = BusyThreads(count: ProcessInfo.processInfo.activeProcessorCount + 1)
        defer { load.stop() }
        let renderer = CairoRenderer()
        for c in Self.cases {
            let s = try Self.scenario(scene: scene, fps: fps, c)
            let first = try await Self.record(s, renderer: renderer)
            #expect(first.trace.count == Int(2.5 * Double(fps)) + 1)
            for run in 2...Self.repetitions {
                let again = try await Self.record(s, renderer: renderer)
                if let frame = first.firstDifference(from: again) {
                    Issue.record("\(scene) at \(fps) fps, \(c): run \(run) differs from run 1 from frame \(frame) on")
                    break
                }
            }
        }
    }

    /// The matrix covers what it claims: the refreshes of the cases really end in each outcome
    /// and at the instants chosen (a scene that ignored the script would make the test vacuous).
    @Test func theCasesReachEveryOutcome() async throws {
        let renderer = CairoRenderer()
        var ended: Set<String> = []
        for c in Self.cases {
            let f = try await Self.record(try Self.scenario(scene: "coordinator", fps: 10, c), renderer: renderer)
            let states = f.trace.compactMap { try? TraceFrame(line: $0).state }
            #expect(states.contains("refreshing"), "\(c) never refreshes")
            let last = try TraceFrame(line: f.trace.last!)
            if let e = last.string("error") { ended.insert(e) } else if last.int("refreshes") == 1 { ended.insert("success") }
        }
        #expect(ended.contains("success"))
        #expect(ended.contains { $0.contains("network error") })
        #expect(ended.contains { $0.contains("timed out") || $0.contains("timeout") })
    }
}

/// Threads that spin until stopped: load that competes with the recorder and its actions.
final class BusyThreads: Sendable {
    private let running = Atomic<Bool>(true)
    private let done = Atomic<Int>(0)
    private let count: Int

    init(count: Int) {
        self.count = count
        for _ in 0..<count {
            let t = Thread { [self] in
                var x: UInt64 = 1
                while running.load(ordering: .relaxed) { x = x &* 6364136223846793005 &+ 1 }
                if x == 0 { print("") }
                done.add(1, ordering: .releasing)
            }
            t.start()
        }
    }

    func stop() {
        running.store(false, ordering: .relaxed)
        while done.load(ordering: .acquiring) < count { usleep(1000) }
    }
}
