import Foundation
import Rendering
import Recording
import ScrollCore

/// One scenario of `Tests/Scenarios` recorded headless with `Recorder.drive` and a
/// `CairoRenderer`: the PNGs of chosen keyframes, the trace fields of every frame, and the
/// `navTitleTrace` lines the session produced (as `--trace-title` prints them).
@MainActor
struct KeyframeRun {
    let scenario: Scenario
    /// Keyframe PNGs by name, in the order asked for.
    private(set) var keyframes: [(name: String, png: [UInt8])] = []
    /// Trace fields of each frame, by field name.
    private(set) var trace: [[String: TraceValue]] = []
    private(set) var titleTraceLines: [String] = []

    /// Records `Tests/Scenarios/<file>.json`, keeping the frames at the `keyframes` times (seconds).
    init(scenarioFile file: String, keyframes wanted: [(name: String, t: Double)]) async throws {
        let url = SceneGolden.scenarioFolder.appendingPathComponent(file + ".json")
        scenario = try ScenarioParser.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self))
        var byFrame: [Int: String] = [:]
        for k in wanted { byFrame[Self.frame(at: k.t, in: scenario)] = k.name }
        var pngs: [String: [UInt8]] = [:]
        var trace: [[String: TraceValue]] = []
        var lines: [String] = []
        try await Recorder(renderer: CairoRenderer()).drive(scenario) { i, _, session, surface in
            trace.append(Dictionary(session.traceFields(), uniquingKeysWith: { first, _ in first }))
            lines += session.takeTitleTraceLines()
            if let name = byFrame[i], let surface { pngs[name] = try surface.snapshot().pngBytes() }
        }
        self.trace = trace
        titleTraceLines = lines
        keyframes = wanted.compactMap { k in pngs[k.name].map { (k.name, $0) } }
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
