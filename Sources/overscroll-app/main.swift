import CommandLineKit
import CompareCommand
import Desktop
import Foundation
import Imaging
import Recording
import ScrollEngine

// First, before anything opens a descriptor: 0–2 valid, SIGPIPE a write error.
StandardStreams.prepare()

/// The `overscroll` commands, declared once for the help and the "unknown command" error.
let commands = CommandList(program: "overscroll", entries: [
    .init("run", "open the window (default)", example: "overscroll run --help"),
    .init("record", "record a scenario headless", example: "overscroll record SCENARIO.json --out DIR"),
    .init("curve", "print or plot a scroll simulation", example: "overscroll curve decelerate --v0 1000"),
    .init("compare", "compare PNG frames (pixelmatch)", example: "overscroll compare EXPECTED ACTUAL"),
    .init("verify", "record and compare with goldens", example: "overscroll verify SCENARIO.json --goldens DIR"),
    .init("test", "check scenarios' named snapshots", example: "overscroll test Tests/Scenarios"),
    .init("merge-reports", "merge sharded test results", example: "overscroll merge-reports shard-1 shard-2"),
    .init("help", "this text"),
], epilogue: "Every command takes --help.")

@MainActor
func dispatch(_ args: [String]) async -> Int32 {
    let command = args.first ?? "run"
    let rest = Array(args.dropFirst())
    do {
        switch command {
        case "run": return try RunCommand.run(rest)
        case "record": return try await RecordCommand.run(rest)
        case "curve": return try CurveCommand.run(rest)
        case "verify": return try await VerifyCommand.run(rest)
        case "compare": return CompareCommandLine.main(rest)
        case "test": return try await TestCommand.run(rest)
        case "merge-reports": return try await MergeReportsCommand.run(rest)
        case "__test-worker": return await SuiteWorker.serve()
        case "help", "--help", "-h": StandardStreams.output(commands.help); return 0
        default:
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

let commandName = CommandLine.arguments.dropFirst().first ?? "run"
if commandName == "run" || commandName.hasPrefix("--") {
    // Ctrl+C, SIGTERM and SIGHUP close the window as Q does (`--capture` is saved), then end
    // the process with the signal. Set with the handlers, so no signal falls between the two.
    SignalCleanup.deferInterruptions { _ in WindowApp.requestQuit() }
} else {
    SignalCleanup.install()
}
Platform.keepLargeAllocations()
let exitStatus = await dispatch(Array(CommandLine.arguments.dropFirst()))
Platform.exit(StandardStreams.finish(exitStatus, command: "overscroll \(commandName)"))
