import Foundation
import Imaging
import Recording
import Rendering

/// `overscroll verify SCENARIO.json --goldens DIR`: record and compare keyframes with goldens.
enum VerifyCommand {
    static let help = """
    usage: overscroll verify SCENARIO.json --goldens DIR [--frames 0,30,60 | --frames every:10] [--update] [flags]

    Records the scenario headless and compares the chosen frames with DIR/frame-NNNNN.png using
    the same comparison as `overscroll compare`. A golden that does not exist fails (named).
    With --update, writes the chosen frames as the new goldens instead — only after the whole
    recording succeeded, each file atomically (temporary file + rename), unchanged files untouched.
    Exit status: 0 all chosen frames match (or goldens written), 1 a mismatch or missing golden, 2 error.

      --goldens DIR          golden folder (required)
      --frames SEL           all (default), frame numbers 0,30,60, or every:N (plus the last frame)
      --update               write the goldens instead of comparing
      --threshold T          matching threshold 0…1 (default 0.1)
      --include-aa           count anti-aliased pixels as differences
      --max-diff-pixels N    allow up to N differing pixels per frame (default 0)
      --max-diff-ratio R     allow up to this ratio 0…1 of differing pixels per frame (both: the stricter wins)
      --diff DIR             write diff images of frames with differing pixels
      --report DIR           write an HTML report (expected / actual / diff / slider)
      --out DIR              keep the recorded keyframes in DIR
      --lottie-timeout S     seconds a Lottie frame may take (default 5); longer is an error
      --help                 this text
    """

    /// Every output is checked before recording: kind (file or folder) and no overlap with the
    /// scenario, the goldens or another output. With --update the goldens are the output.
    static func checkOutputs(_ options: GoldenVerifier.Options, scenarioPath: String, scenario: Scenario) throws {
        let goldens = options.goldens.path
        do {
            try OutputPaths.checkFolder(goldens, flag: "--goldens")
            if let out = options.out?.path { try OutputPaths.checkFolder(out, flag: "--out") }
            if let diff = options.compare.diffPath { try OutputPaths.checkFolder(diff, flag: "--diff") }
            if let report = options.compare.reportDirectory { try OutputPaths.checkFolder(report, flag: "--report") }
        } catch {
            throw UsageError(message: "verify: \(error.description)")
        }
        if options.update {
            try RecordCommand.refuseOverlap(output: goldens, flag: "--goldens", scenarioPath: scenarioPath, scenario: scenario, command: "verify")
        }
        var taken: [(path: String, what: String)] = [(goldens, "the golden folder")]
        for (path, flag) in [(options.out?.path, "--out"), (options.compare.diffPath, "--diff"), (options.compare.reportDirectory, "--report")] {
            guard let path else { continue }
            try RecordCommand.refuseOverlap(output: path, flag: flag, scenarioPath: scenarioPath, scenario: scenario, command: "verify", more: taken)
            taken.append((path, "the \(flag) output"))
        }
    }

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        let a = try Arguments(argv, command: "verify",
                              valued: ["goldens", "frames", "threshold", "max-diff-pixels", "max-diff-ratio", "diff", "report", "out", "lottie-timeout"],
                              booleans: ["help", "update", "include-aa", "no-progress"])
        if a.has("help") { print(help); return 0 }
        guard a.positionals.count == 1 else { throw UsageError(message: "verify: expected one SCENARIO.json (see `overscroll verify --help`)") }
        guard let goldens = a.string("goldens"), !goldens.isEmpty else { throw UsageError(message: "verify: --goldens DIR is required") }
        var options = GoldenVerifier.Options(goldens: URL(fileURLWithPath: goldens))
        if let f = a.string("frames") {
            do { options.frames = try KeyframeSelection.parse(f) } catch { throw UsageError(message: "verify: \(error)") }
        }
        options.update = a.has("update")
        if let t = try a.double("threshold", min: 0, max: 1) { options.compare.pixelmatch.threshold = t }
        options.compare.pixelmatch.includeAA = a.has("include-aa")
        options.compare.maxDiffPixels = try a.int("max-diff-pixels", min: 0, max: Int.max)
        options.compare.maxDiffRatio = try a.double("max-diff-ratio", min: 0, max: 1)
        options.compare.diffPath = a.string("diff")
        options.compare.reportDirectory = a.string("report")
        options.out = a.string("out").map { URL(fileURLWithPath: $0) }
        if options.update && (options.compare.diffPath != nil || options.compare.reportDirectory != nil) {
            throw UsageError(message: "verify: --update writes goldens and compares nothing; drop --diff/--report")
        }
        let scenarioPath = a.positionals[0]
        let scenario = try RecordCommand.loadScenario(scenarioPath)
        try checkOutputs(options, scenarioPath: scenarioPath, scenario: scenario)
        let outcome: GoldenVerifier.Outcome
        do {
            let verifier = GoldenVerifier()
            if let t = try a.double("lottie-timeout", min: 0.001, max: 600) { verifier.recorder.lottieTimeout = t }
            outcome = try await verifier.run(scenario, options: options)
        } catch let e as KeyframeSelection.Invalid {
            throw UsageError(message: "verify: \(e)")
        } catch {
            Platform.printError("overscroll verify: error: \(error)")
            return 2
        }
        if outcome.report.errors.isEmpty {
            StandardStreams.output(outcome.text)
        } else {
            for m in outcome.report.errors { Platform.printError("overscroll verify: error: \(m)") }
        }
        return outcome.exitCode
    }
}
