import Foundation
import Imaging
import Recording
import Rendering
import ScrollCore

/// `overscroll record SCENARIO.json --out DIR`.
enum RecordCommand {
    static let help = """
    usage: overscroll record SCENARIO.json --out DIR [--no-png] [--no-progress] [--trace-title] [--allow-large]

    Runs the scenario headless on a virtual clock and writes DIR/frame-00000.png … (duration·fps + 1
    frames, the last at exactly `duration`), DIR/trace.jsonl (one JSON object per frame),
    DIR/plot.png (offset over time, refresh-state bands, event markers) and DIR/contact-sheet.png
    (up to 24 frames with their time and state).
    Nothing is written unless the whole run succeeds. Two runs give byte-identical frames.

      --out DIR       output folder, replaced all-or-nothing; files you put there are kept,
                      a second run into the same folder at the same time is refused
      --no-png        write only the trace and plot.png
      --no-progress   no progress bar on standard error
      --allow-large   record even above \(maxFrames) frames (see the estimate printed first)
      --trace-title   print the title scene's navTitleTrace lines to standard error (no progress bar)
      --lottie-timeout S  seconds a Lottie frame may take (default 5); longer, or a Lottie file that
                      fails to load, is an error (exit 2, nothing written): frames never depend on the clock
      --help          this text
    See README.md "Scenarios" for the file format.
    """

    /// Recordings above this many frames (10 minutes at 60 fps) need --allow-large.
    static let maxFrames = 36_000
    /// Bytes per pixel of a typical interface frame as PNG (measured on the project's scenes: 0.2–0.6).
    static let estimatedPNGBytesPerPixel = 0.5

    /// "N frames of W×H pixels, about S of PNG" — printed before a recording starts.
    static func estimateLine(_ s: Scenario, png: Bool) -> String {
        let w = Int((s.size.width * s.scale).rounded()), h = Int((s.size.height * s.scale).rounded())
        var line = "\(s.frameCount) frames of \(w)×\(h) pixels"
        if png {
            let bytes = Double(s.frameCount) * Double(w * h) * estimatedPNGBytesPerPixel
            let units: [(Double, String)] = [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")]
            let (scale, unit) = units.first { bytes >= $0.0 } ?? (1, "bytes")
            line += ", about \(String(format: scale == 1 ? "%.0f" : "%.1f", bytes / scale)) \(unit) of PNG"
        }
        return line
    }

    /// Reads and validates a scenario file; errors name the file and the field.
    static func loadScenario(_ path: String) throws -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(message: "\(path): cannot read the scenario file")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw UsageError(message: "\(path): not UTF-8 text") }
        do {
            var s = try ScenarioParser.parse(text)
            try s.checkStrict()
            guard SceneCatalog.make(s.scene, context: SceneContext(options: s.options)) != nil else {
                throw ScenarioError(field: "scene", reason: "unknown scene '\(s.scene)' (scenes: \(SceneCatalog.available.joined(separator: ", ")))")
            }
            if let lottie = s.options.indicator.lottiePath, !lottie.hasPrefix("/") {
                s.options.indicator.lottiePath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(lottie).path
            }
            return s
        } catch let e as ScenarioError {
            throw UsageError(message: "\(path): \(e)")
        }
    }

    /// The scenario file and its Lottie file are inputs: no output may be, contain or lie in them.
    static func refuseOverlap(output: String, flag: String, scenarioPath: String, scenario: Scenario, command: String,
                              more: [(path: String, what: String)] = []) throws {
        var inputs = [(path: scenarioPath, what: "the scenario")]
        if let lottie = scenario.options.indicator.lottiePath { inputs.append((lottie, "the scenario's Lottie file")) }
        do { try OutputPaths.refuseOverlap(output: output, flag: flag, inputs: inputs + more) } catch {
            throw UsageError(message: "\(command): \(error.description)")
        }
    }

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        let a = try Arguments(argv, command: "record", valued: ["out", "lottie-timeout"], booleans: ["help", "no-png", "no-progress", "trace-title", "allow-large"])
        if a.has("help") { print(help); return 0 }
        guard a.positionals.count == 1 else { throw UsageError(message: "record: expected one SCENARIO.json (see `overscroll record --help`)") }
        guard let out = a.string("out") else { throw UsageError(message: "record: --out DIR is required") }
        do { try OutputPaths.checkFolder(out, flag: "--out") } catch { throw UsageError(message: "record: \(error.description)") }
        let scenario = try loadScenario(a.positionals[0])
        try refuseOverlap(output: out, flag: "--out", scenarioPath: a.positionals[0], scenario: scenario, command: "record")
        let estimate = estimateLine(scenario, png: !a.has("no-png"))
        if scenario.frameCount > maxFrames && !a.has("allow-large") {
            throw UsageError(message: "record: \(estimate); above the limit of \(maxFrames) frames: pass --allow-large to record anyway")
        }
        Platform.printError("record: \(estimate)")
        var options = RecordOptions()
        options.writePNG = !a.has("no-png")
        options.progress = !a.has("no-progress") && !a.has("trace-title")
        let recorder = Recorder(renderer: CairoRenderer())
        if let t = try a.double("lottie-timeout", min: 0.001, max: 600) { recorder.lottieTimeout = t }
        if a.has("trace-title") {
            recorder.onFrame = { _, _, session in
                for line in session.takeTitleTraceLines() { Platform.printError(line) }
            }
        }
        let result = try await recorder.record(scenario, to: URL(fileURLWithPath: out), options: options)
        Platform.printError("recorded \(result.frames) frames to \(out)")
        return 0
    }
}
