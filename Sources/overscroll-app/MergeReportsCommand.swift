import Foundation
import Imaging
import Recording

/// `overscroll merge-reports DIR… [--artifacts OUT] [--junit FILE]`: shard results into one.
enum MergeReportsCommand {
    static let help = """
    usage: overscroll merge-reports DIR… [--artifacts OUT] [--junit FILE]

    Merges the results folders of `overscroll test --shard I/N` runs (each holds results.json and
    the artifacts of its failing snapshots) into one results.json, one report (OUT/report/index.html)
    and, with --junit, one JUnit file. OUT (default test-results) is replaced, never merged with
    stale results, and may not be one of the DIRs.
    Exit status: 0 all passed, 1 a mismatch or missing golden, 2 a usage error or scenario error.
    """

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        let a = try Arguments(argv, command: "merge-reports", valued: ["artifacts", "junit"], booleans: ["help"])
        if a.has("help") { print(help); return 0 }
        guard !a.positionals.isEmpty else { throw UsageError(message: "merge-reports: expected one or more results folders (see `overscroll merge-reports --help`)") }
        let out = a.string("artifacts") ?? "test-results"
        do {
            let merged = try SuiteMerge.merge(a.positionals, into: out, junit: a.string("junit"),
                                              command: (["overscroll", "merge-reports"] + argv).map(TestCommand.quoted).joined(separator: " "))
            print("merged \(a.positionals.count) results folders: \(merged.scenarios.count) scenarios, \(merged.passed) passed, \(merged.failed) failed, \(merged.missing) missing goldens, \(merged.obsolete) obsolete goldens")
            print("report: \(out)/report/index.html")
            return merged.exitCode
        } catch {
            Platform.printError("overscroll merge-reports: \(error)")
            return 2
        }
    }
}
