import Foundation
import Imaging
import Recording
import ScrollCore

/// The `overscroll` command: subcommands run, record, curve, compare, verify.
let usage = """
usage: overscroll COMMAND [flags]

commands:
  run       open the window (default)          overscroll run --help
  record    record a scenario headless          overscroll record SCENARIO.json --out DIR
  curve     print or plot a scroll simulation   overscroll curve decelerate --v0 1000
  compare   compare PNG frames (pixelmatch)     overscroll compare EXPECTED ACTUAL
  verify    record and compare with goldens     overscroll verify SCENARIO.json --goldens DIR
  test      check scenarios' named snapshots    overscroll test Tests/Scenarios
  merge-reports  merge sharded test results     overscroll merge-reports shard-1 shard-2
  help      this text

Every command takes --help.
"""

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
        case "test": return try await TestCommand.run(rest)
        case "merge-reports": return try await MergeReportsCommand.run(rest)
        case "__test-worker": return await SuiteWorker.serve()
        case "help", "--help", "-h": print(usage); return 0
        default:
            if command.hasPrefix("--") { return try RunCommand.run(args) }
            Platform.printError("overscroll: unknown command '\(command)' (run, record, curve, compare, verify, test, merge-reports, help)")
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
        Platform.printError("overscroll \(command): \(error)")
        return 1
    }
}

SignalCleanup.install()
Platform.keepLargeAllocations()
Platform.exit(await dispatch(Array(CommandLine.arguments.dropFirst())))
