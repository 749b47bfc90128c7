import Foundation
import Recording
import Rendering
import ScrollCore

/// `overscroll record SCENARIO.json --out DIR`.
enum RecordCommand {
    static let help = """
    usage: overscroll record SCENARIO.json --out DIR [--no-png] [--no-progress] [--trace-title]

    Runs the scenario headless on a virtual clock and writes DIR/frame-00000.png … (duration·fps + 1
    frames, the last at exactly `duration`), DIR/trace.jsonl (one JSON object per frame),
    DIR/plot.png (offset over time, refresh-state bands, event markers) and DIR/contact-sheet.png
    (up to 24 frames with their time and state).
    Nothing is written unless the whole run succeeds. Two runs give byte-identical frames.

      --out DIR       output folder (created; same-named files replaced)
      --no-png        write only the trace and plot.png
      --no-progress   no progress bar on standard error
      --trace-title   print the title scene's navTitleTrace lines to standard error (no progress bar)
      --lottie-timeout S  seconds a Lottie frame may take (default 5); longer, or a Lottie file that
                      fails to load, is an error (exit 2, nothing written): frames never depend on the clock
      --help          this text
    See README.md "Scenarios" for the file format.
    """

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

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        let a = try Arguments(argv, command: "record", valued: ["out", "lottie-timeout"], booleans: ["help", "no-png", "no-progress", "trace-title"])
        if a.has("help") { print(help); return 0 }
        guard a.positionals.count == 1 else { throw UsageError(message: "record: expected one SCENARIO.json (see `overscroll record --help`)") }
        guard let out = a.string("out") else { throw UsageError(message: "record: --out DIR is required") }
        let scenario = try loadScenario(a.positionals[0])
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
