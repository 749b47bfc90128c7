import CommandLineKit
import Foundation
import Recording
import Rendering
import Scenes
import ScrollEngine
import Support

/// `overscroll record SCENARIO.json --out DIR`.
enum RecordCommand {
    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let out = Option.string(
            "out", value: "DIR",
            help: """
                output folder, replaced all-or-nothing; files you put there are kept,
                a second run into the same folder at the same time is refused
                """, required: true)
        let noPNG = Option.flag("no-png", help: "write only the trace and plot.png")
        let noProgress = Option.flag("no-progress", help: "no progress bar on standard error")
        let allowLarge = Option.flag("allow-large", help: "record even above \(maxFrames) frames (see the estimate printed first)")
        let traceTitle = Option.flag(
            "trace-title", help: "print the title scene's navTitleTrace lines to standard error\n(no progress bar)")
        let compare = Option.choice(
            "compare", value: "NAME", PhysicsRegistry.names,
            help: """
                record side by side: the scenario's physics on the left, NAME's on the
                right, one input driving both (frames twice as wide, both in the plot)
                """, ignoringCase: true)
        let shared = SharedFlags()
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll record",
        about: """
            Runs the scenario headless on a virtual clock and writes DIR/frame-00000.png … (duration·fps + 1
            frames, the last at exactly `duration`), DIR/trace.jsonl (one JSON object per frame),
            DIR/plot.png (offset over time, refresh-state bands, event markers) and DIR/contact-sheet.png
            (up to 24 frames with their time and state).
            Nothing is written unless the whole run succeeds. Two runs give byte-identical frames.
            """,
        positionals: [Positional("SCENARIO.json")],
        options: flags,
        epilogue: "See README.md \"Scenarios\" for the file format.")

    /// Recordings above this many frames (10 minutes at 60 fps) need --allow-large.
    static let maxFrames = 36_000
    /// "N frames of W×H pixels" — printed before a recording starts. No size is guessed: PNG
    /// sizes of interface frames vary tenfold with what they show (a guess of 0.5 byte per pixel
    /// was 3–16× too high); the bytes actually written are told at the end (`writtenLine`).
    static func estimateLine(_ s: Scenario, png: Bool) -> String {
        let w = Int((s.size.width * s.scale).rounded()), h = Int((s.size.height * s.scale).rounded())
        return "\(s.frameCount) frames of \(w)×\(h) pixels"
    }

    /// "recorded N frames (S written) to OUT": the bytes of every file in the folder the
    /// recording just made (frames, trace, plots, contact sheet), a linked repeat counted once.
    static func writtenLine(frames: Int, folder: String) -> String {
        var bytes = 0
        var seen: Set<Int> = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            // Frames that repeat the one before are links to it: counted once, as on the disk.
            if let inode = attributes[.systemFileNumber] as? Int, !seen.insert(inode).inserted { continue }
            bytes += (attributes[.size] as? Int) ?? 0
        }
        return "recorded \(frames) frames (\(InputFile.megabytes(bytes)) written) to \(folder)"
    }

    /// Reads and validates a scenario file; errors name the file and the field.
    static func loadScenario(_ path: String, maxBytes: Int) throws -> Scenario {
        let text: String
        do { text = try ScenarioFile.read(path, maxBytes: maxBytes) } catch { throw UsageError(message: error.message) }
        do {
            var s = try ScenarioParser.parse(text, loadFeel: { name throws(ScenarioError) in try ScenarioFile.feel(name, scenario: path) })
            try s.checkStrict()
            if let lottie = s.options.indicator.lottiePath, !lottie.hasPrefix("/") {
                s.options.indicator.lottiePath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(lottie).path
            }
            return s
        } catch {
            throw UsageError(message: error.message(file: path))
        }
    }

    /// The scenario file and its Lottie file are inputs: no output may be, contain or lie in them.
    static func refuseOverlap(
        output: String, flag: String, scenarioPath: String, scenario: Scenario, command: String,
        more: [(path: String, what: String)] = []
    ) throws {
        var inputs = [(path: scenarioPath, what: "the scenario")]
        if let lottie = scenario.options.indicator.lottiePath { inputs.append((lottie, "the scenario's Lottie file")) }
        do { try OutputPaths.refuseOverlap(output: output, flag: flag, inputs: inputs + more) } catch {
            throw UsageError(message: "\(command): \(error.description)")
        }
    }

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        guard let a = try spec.read(argv), let out = a.value(flags.out) else { return 0 }
        try FontSetup.check()  // a fonts.conf that is not a regular file: exit 2, never a blocked read
        do { try OutputPaths.checkFolder(out, flag: "--out") } catch { throw UsageError(message: "record: \(error.description)") }
        var scenario = try loadScenario(a.positionals[0], maxBytes: flags.shared.maxScenarioBytes(a))
        if let name = a.value(flags.compare), let physics = PhysicsRegistry.physics(named: name) { scenario.compare(with: physics) }
        try refuseOverlap(output: out, flag: "--out", scenarioPath: a.positionals[0], scenario: scenario, command: "record")
        let estimate = estimateLine(scenario, png: !a[flags.noPNG])
        if scenario.frameCount > maxFrames && !a[flags.allowLarge] {
            throw UsageError(message: "record: \(estimate); above the limit of \(maxFrames) frames: pass --allow-large to record anyway")
        }
        Platform.printError("record: \(estimate)")
        var options = RecordOptions()
        options.writePNG = !a[flags.noPNG]
        options.progress = !a[flags.noProgress] && !a[flags.traceTitle]
        let recorder = Recorder(renderer: CairoRenderer())
        if a.has(flags.shared.lottieTimeout), let t = a.value(flags.shared.lottieTimeout) { recorder.lottieTimeout = t }
        if a[flags.traceTitle] {
            recorder.onFrame = { _, _, session in
                for line in session.takeDiagnostics() { Platform.printError(line) }
            }
        }
        let result = try await recorder.record(scenario, to: URL(fileURLWithPath: out), options: options)
        Platform.printError(writtenLine(frames: result.frames, folder: out))
        return 0
    }
}
