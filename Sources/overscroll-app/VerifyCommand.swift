import CommandLineKit
import CompareCommand
import Desktop
import Foundation
import Imaging
import Recording
import Rendering
import Support

/// `overscroll verify SCENARIO.json --goldens DIR`: record and compare keyframes with goldens.
enum VerifyCommand {
    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let goldens = Option.string("goldens", value: "DIR", help: "golden folder", required: true)
        let frames = Option<KeyframeSelection>.custom(
            "frames", value: "SEL", help: "all, frame numbers 0,30,60, or every:N (plus the last frame)",
            expects: "all, frame numbers or every:N", default: .all, annotation: "default all"
        ) {
            try KeyframeSelection.parse($0)
        }
        let update = Option.flag(
            "update",
            help: """
                write every chosen frame as its golden instead of comparing; without
                the flag, OVERSCROLL_RECORD=all in the environment does the same,
                missing or changed compares, then writes the missing (and mismatched)
                goldens (the flag wins)
                """)
        let threshold = CompareCommandLine.flags.threshold
        let includeAA = CompareCommandLine.flags.includeAA
        let maxDiffPixels = CompareCommandLine.flags.maxDiffPixels
        let maxDiffRatio = CompareCommandLine.flags.maxDiffRatio
        let diff = Option.string("diff", value: "DIR", help: "write diff images of frames with differing pixels")
        let report = Option.string("report", value: "DIR", help: "write an HTML report (expected / actual / diff / slider)")
        let out = Option.string("out", value: "DIR", help: "keep the recorded keyframes in DIR")
        let noProgress = Option.flag("no-progress", help: "accepted as by `record`; verify draws no progress bar")
        let shared = SharedFlags()
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll verify",
        about: """
            Records the scenario headless and compares the chosen frames with DIR/frame-NNNNN.png using
            the same comparison as `overscroll compare`. A golden that does not exist fails (named).
            With --update, writes the chosen frames as the new goldens instead — only after the whole
            recording succeeded, as one set (swapped in), unchanged files untouched.
            OVERSCROLL_RECORD=missing or changed compares and then writes the missing (and mismatched)
            goldens only; a golden of another size or unreadable stays an error (use --update), and
            --diff/--report show the comparison made before the goldens were written.
            Exit status: 0 all chosen frames match (or goldens written), 1 a mismatch or missing
            golden, 2 error.
            """,
        positionals: [Positional("SCENARIO.json")],
        options: flags)

    /// Every output is checked before recording: kind (file or folder) and no overlap with the
    /// scenario, the goldens or another output. With --update the goldens are the output.
    static func checkOutputs(_ options: GoldenVerifier.Options, scenarioPath: String, scenario: Scenario) throws {
        let goldens = options.goldens.path
        do throws(OutputPaths.Refusal) {
            if options.update != .none {
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
        if options.update != .none {
            try RecordCommand.refuseOverlap(
                output: goldens, flag: "--goldens", scenarioPath: scenarioPath, scenario: scenario, command: "verify")
        }
        var taken: [(path: String, what: String)] = [(goldens, "the golden folder")]
        for (path, flag) in [
            (options.out?.path, "--out"), (options.compare.diffPath, "--diff"), (options.compare.reportDirectory, "--report")
        ] {
            guard let path else { continue }
            try RecordCommand.refuseOverlap(
                output: path, flag: flag, scenarioPath: scenarioPath, scenario: scenario, command: "verify", more: taken)
            taken.append((path, "the \(flag) output"))
        }
    }

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        guard let a = try spec.read(argv), let goldens = a.value(flags.goldens) else { return 0 }
        try FontSetup.check()  // a fonts.conf that is not a regular file: exit 2, never a blocked read
        let f = flags
        var options = GoldenVerifier.Options(goldens: URL(fileURLWithPath: goldens))
        options.stack = RenderingStack.probe(adding: [SDLLibrary.stackEntry()])
        options.frames = a.value(f.frames) ?? .all
        options.update = try RecordModeSetting.resolve(flag: a[f.update] ? .all : nil, command: spec.word)
        if let t = a.value(f.threshold) { options.compare.pixelmatch.threshold = t }
        options.compare.pixelmatch.includeAA = a[f.includeAA]
        options.compare.maxDiffPixels = a.value(f.maxDiffPixels)
        options.compare.maxDiffRatio = a.value(f.maxDiffRatio)
        options.compare.diffPath = a.value(f.diff)
        options.compare.reportDirectory = a.value(f.report)
        options.out = a.value(f.out).map { URL(fileURLWithPath: $0) }
        if options.update == .all && (options.compare.diffPath != nil || options.compare.reportDirectory != nil) {
            let switchText = a[f.update] ? "--update" : "\(RecordMode.environmentKey)=all"
            throw UsageError(message: "verify: \(switchText) writes goldens and compares nothing; drop --diff/--report")
        }
        let scenarioPath = a.positionals[0]
        let scenario = try RecordCommand.loadScenario(scenarioPath, maxBytes: flags.shared.maxScenarioBytes(a))
        try checkOutputs(options, scenarioPath: scenarioPath, scenario: scenario)
        let outcome: GoldenVerifier.Outcome
        do {
            let verifier = GoldenVerifier()
            if a.has(f.shared.lottieTimeout), let t = a.value(f.shared.lottieTimeout) { verifier.recorder.lottieTimeout = t }
            outcome = try await verifier.run(scenario, options: options)
        } catch let e as KeyframeSelection.Invalid {
            throw UsageError(message: "verify: \(e)")
        } catch {
            Platform.printError("overscroll verify: error: \(error)")
            return 2
        }
        for w in outcome.stackWarnings { Platform.printError("overscroll verify: note: \(w)") }
        if outcome.report.errors.isEmpty {
            StandardStreams.output(outcome.text)
        } else {
            for m in outcome.report.errors { Platform.printError("overscroll verify: error: \(m)") }
        }
        return outcome.exitCode
    }
}
