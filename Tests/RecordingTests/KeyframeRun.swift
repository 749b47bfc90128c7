import Foundation
import Rendering
import Recording
import Scenes
import ScrollEngine

/// One scenario of `Tests/Scenarios` run headless with `Recorder.drive` and a `CairoRenderer`'s
/// text measurer: the trace fields of every frame and the `navTitleTrace` lines the session
/// produced (as `--trace-title` prints them). Its pixels are checked by `overscroll test
/// Tests/Scenarios` against the named snapshots in the scenario file.
@MainActor
struct KeyframeRun {
    let scenario: Scenario
    /// Trace fields of each frame, by field name.
    private(set) var trace: [[String: TraceValue]] = []
    private(set) var titleTraceLines: [String] = []

    /// Runs `Tests/Scenarios/<file>.json`.
    init(scenarioFile file: String) async throws {
        scenario = try ScenarioFiles.load(file + ".json")
        var trace: [[String: TraceValue]] = []
        var lines: [String] = []
        try await Recorder(renderer: CairoRenderer()).drive(scenario, render: false) { _, _, session, _ in
            trace.append(Dictionary(session.traceFields(), uniquingKeysWith: { first, _ in first }))
            lines += session.takeDiagnostics()
        }
        self.trace = trace
        titleTraceLines = lines
    }

    /// Index of the frame shown at `t` seconds.
    static func frame(at t: Double, in s: Scenario) -> Int {
        min(s.frameCount - 1, max(0, Int((t * s.fps).rounded())))
    }

    /// The trace field `field` of the frame at `t` seconds.
    func value(_ field: String, at t: Double) -> TraceValue? {
        trace[Self.frame(at: t, in: scenario)][field]
    }

    /// A numeric trace field at `t` (ints and doubles), nil otherwise.
    func number(_ field: String, at t: Double) -> Double? {
        switch value(field, at: t) {
        case let .double(v): return v
        case let .int(v): return Double(v)
        default: return nil
        }
    }

    /// The values of `field` over the whole run with consecutive repeats collapsed.
    func changes(of field: String) -> [TraceValue] {
        var out: [TraceValue] = []
        for row in trace {
            let v = row[field] ?? .null
            if out.last != v { out.append(v) }
        }
        return out
    }
}
