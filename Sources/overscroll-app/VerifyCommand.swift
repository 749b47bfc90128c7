import CommandLineKit
import CompareCommand
import Foundation
import Imaging
import Recording
import Rendering

/// `overscroll verify SCENARIO.json --goldens DIR`: record and compare keyframes with goldens.
enum VerifyCommand {
    static let goldens = Option.string("goldens", value: "DIR", help: "golden folder", required: true)
    static let frames = Option<KeyframeSelection>.custom("frames", value: "SEL", help: "all, frame numbers 0,30,60, or every:N (plus the last frame)",
                                                         default: .all, annotation: "default all") { text throws(CommandLineError) in
        do { return try KeyframeSelection.parse(text) } catch { throw CommandLineError("\(error)") }
    }
    static let update = Option.flag("update", help: "write the goldens instead of comparing")
    static let diff = Option.string("diff", value: "DIR", help: "write diff images of frames with differing pixels")
    static let report = Option.string("report", value: "DIR", help: "write an HTML report (expected / actual / diff / slider)")
    static let out = Option.string("out", value: "DIR", help: "keep the recorded keyframes in DIR")
    static let noProgress = Option.flag("no-progress", help: "accepted as by `record`; verify draws no progress bar")

    static let spec = CommandSpec(
        "overscroll verify",
        about: """
        Records the scenario headless and compares the chosen frames with DIR/frame-NNNNN.png using
        the same comparison as `overscroll compare`. A golden that does not exist fails (named).
        With --update, writes the chosen frames as the new goldens instead — only after the whole
        recording succeeded, each file atomically (temporary file + rename), unchanged files untouched.
        Exit status: 0 all chosen frames match (or goldens written), 1 a mismatch or missing golden, 2 error.
        """,
        positionals: [Positional("SCENARIO.json")],
        options: [goldens.spec, frames.spec, update.spec, CompareCommandLine.threshold.spec, CompareCommandLine.includeAA.spec,
                  CompareCommandLine.maxDiffPixels.spec, CompareCommandLine.maxDiffRatio.spec, diff.spec, report.spec, out.spec,
                  noProgress.spec, SharedOptions.lottieTimeout.spec, SharedOptions.maxScenarioSize.spec])

    /// Every output is checked before recording: kind (file or folder) and no overlap with the
    /// scenario, the goldens or another output. With --update the goldens are the output.
    static func checkOutputs(_ options: GoldenVerifier.Options, scenarioPath: String, scenario: Scenario) throws {
        let goldens = options.goldens.path
        do throws(OutputPaths.Refusal) {
            if options.update {
                try OutputPaths.checkFolder(goldens, flag: "--goldens", goldens: true)
            } else if OutputPaths.kind(of: goldens) == .regularFile || OutputPaths.kind(of: goldens) == .special {
                // Only read: a link to a golden folder is fine, a file is not a folder.
                throw OutputPaths.Refusal("--goldens \(OutputPaths.quoted(goldens)): is not a folder")
            }
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
        guard let a = try spec.read(argv), let goldens = a.value(Self.goldens) else { return 0 }
        var options = GoldenVerifier.Options(goldens: URL(fileURLWithPath: goldens))
        options.frames = a.value(frames) ?? .all
        options.update = a[update]
        if let t = a.value(CompareCommandLine.threshold) { options.compare.pixelmatch.threshold = t }
        options.compare.pixelmatch.includeAA = a[CompareCommandLine.includeAA]
        options.compare.maxDiffPixels = a.value(CompareCommandLine.maxDiffPixels)
        options.compare.maxDiffRatio = a.value(CompareCommandLine.maxDiffRatio)
        options.compare.diffPath = a.value(diff)
        options.compare.reportDirectory = a.value(report)
        options.out = a.value(out).map { URL(fileURLWithPath: $0) }
        if options.update && (options.compare.diffPath != nil || options.compare.reportDirectory != nil) {
            throw UsageError(message: "verify: --update writes goldens and compares nothing; drop --diff/--report")
        }
        let scenarioPath = a.positionals[0]
        let scenario = try RecordCommand.loadScenario(scenarioPath, maxBytes: SharedOptions.maxScenarioBytes(a))
        try checkOutputs(options, scenarioPath: scenarioPath, scenario: scenario)
        let outcome: GoldenVerifier.Outcome
        do {
            let verifier = GoldenVerifier()
            if a.has(SharedOptions.lottieTimeout), let t = a.value(SharedOptions.lottieTimeout) { verifier.recorder.lottieTimeout = t }
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
