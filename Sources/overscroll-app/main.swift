import BuildInfo
import CommandLineKit
import CompareCommand
import Desktop
import Foundation
import Recording
import ScrollEngine
import Suite
import Support

// First, before anything opens a descriptor: 0–2 valid, SIGPIPE a write error.
StandardStreams.prepare()

/// The `overscroll` commands, declared once: the help, the "unknown command" error, the dispatch,
/// the man pages and the shell completions are made from this list.
let commands = CommandList(
    program: "overscroll", summary: "iOS scroll interactions in a window, recorded for visual regression",
    entries: [
        .init("run", "open the window (default)", example: "overscroll run --help", spec: RunCommand.spec) { try RunCommand.run($0) },
        .init("record", "record a scenario headless", example: "overscroll record SCENARIO.json --out DIR", spec: RecordCommand.spec) {
            try await RecordCommand.run($0)
        },
        .init("curve", "print or plot a scroll simulation", example: "overscroll curve decelerate --v0 1000", spec: CurveCommand.spec) {
            try CurveCommand.run($0)
        },
        .init("compare", "compare PNG frames (pixelmatch)", example: "overscroll compare EXPECTED ACTUAL", spec: CompareCommandLine.spec) {
            CompareCommandLine.main($0)
        },
        .init(
            "compare-trace", "score a trace's offset against a reference", example: "overscroll compare-trace device.csv trace.jsonl",
            spec: CompareTraceCommand.spec
        ) { try CompareTraceCommand.run($0) },
        .init(
            "verify", "record and compare with goldens", example: "overscroll verify SCENARIO.json --goldens DIR", spec: VerifyCommand.spec
        ) {
            try await VerifyCommand.run($0)
        },
        .init("test", "check scenarios' named snapshots", example: "overscroll test Tests/Scenarios", spec: TestCommand.spec) {
            try await TestCommand.run($0)
        },
        .init(
            "merge-reports", "merge sharded test results", example: "overscroll merge-reports shard-1 shard-2",
            spec: MergeReportsCommand.spec
        ) {
            try await MergeReportsCommand.run($0)
        },
        .init(
            "accept", "make a results folder's actual images the goldens", example: "overscroll accept test-results --failed",
            spec: AcceptCommand.spec
        ) {
            try AcceptCommand.run($0)
        },
        .init("stack", "print the rendering stack's versions and fonts", example: "overscroll stack", spec: StackCommand.spec) {
            try StackCommand.run($0)
        },
        .init("feel", "print the default feel file", example: "overscroll feel > feel.json", spec: FeelCommand.spec) {
            try FeelCommand.run($0)
        },
        .init("help", "this text") { words in
            let (text, error) = commands.help(for: words)
            if let text { StandardStreams.output(text); return 0 }
            Platform.printError("overscroll help: \(error ?? "")")
            return 2
        },
        .init("__test-worker", "a worker process of `overscroll test`", hidden: true) { _ in await SuiteWorker.serve() },
        .init("__generate", "write the man pages and shell completions", spec: GenerateCommand.spec, hidden: true) {
            try GenerateCommand.run($0)
        }
    ], epilogue: "Every command takes --help. `overscroll --version` prints the version and commit.")

@MainActor
func dispatch(_ args: [String]) async -> Int32 {
    let command = args.first ?? "run"
    let rest = Array(args.dropFirst())
    do {
        switch command {
        case "--help", "-h": StandardStreams.output(commands.help); return 0
        case "--version": StandardStreams.output(BuildInfo.line + "\n"); return 0
        default:
            if let entry = commands.entry(named: command) { return try await entry.run(rest) }
            if command.hasPrefix("--") { return try RunCommand.run(args) }
            Platform.printError("overscroll: \(commands.unknown(command))")
            return 2
        }
    } catch let e as StrictRecordingError {
        // Where goldens are made, a Lottie file that fails to load or misses --lottie-timeout.
        Platform.printError("overscroll \(command): \(e)")
        return 2
    } catch let e as UsageError {
        Platform.printError("overscroll \(e.message)")
        return 2
    } catch let e as OutputPaths.Refusal {
        Platform.printError("overscroll \(command): error: \(e.description)")
        return 2
    } catch {
        // Every other error (a full disk, an unwritable folder) is an error like the others: 2.
        Platform.printError("overscroll \(command): \(error)")
        return 2
    }
}

let commandName = ProcessArguments.afterName.first ?? "run"
if commandName == "run" || commandName.hasPrefix("--") {
    // Ctrl+C, SIGTERM and SIGHUP close the window as Q does (`--capture` is saved), then end
    // the process with the signal. Set with the handlers, so no signal falls between the two.
    SignalCleanup.deferInterruptions { _ in WindowApp.requestQuit() }
} else {
    SignalCleanup.install()
}
Platform.keepLargeAllocations()
let exitStatus = await dispatch(ProcessArguments.afterName)
Platform.exit(StandardStreams.finish(exitStatus, command: "overscroll \(commandName)"))
