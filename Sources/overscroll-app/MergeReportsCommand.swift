import CommandLineKit
import Foundation
import Recording
import Suite
import Support

/// `overscroll merge-reports DIR… [--artifacts OUT] [--junit FILE]`: shard results into one.
enum MergeReportsCommand {
    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let artifacts = Option.string(
            "artifacts", value: "OUT", help: "merged results folder, replaced; not one of the DIRs",
            default: "test-results")
        let resultFiles = ResultFileFlags()
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll merge-reports",
        about: """
            Merges the results folders of `overscroll test --shard I/N` runs (each holds results.json and
            the artifacts of its failing snapshots) into one results.json, one report (OUT/report/index.html)
            and, with --junit, one JUnit file. OUT is replaced, never merged with stale results. The DIRs
            must be shards 1..N of one N, each once, of one suite run with the same options; otherwise
            nothing is written and the error names what is missing or different.
            Exit status: 0 all passed, 1 a mismatch or missing golden, 2 a usage error or scenario error.
            """,
        positionals: [Positional("DIR", repeats: true)],
        options: flags)

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        guard let a = try spec.read(argv), let out = a.value(flags.artifacts) else { return 0 }
        do {
            let merged = try SuiteMerge.merge(
                a.positionals, into: out, resultFiles: flags.resultFiles.files(a),
                command: (["overscroll", "merge-reports"] + argv).map(ShellWord.quoted).joined(separator: " "))
            StandardStreams.output(
                "merged \(counted(a.positionals.count, "results folder")): \(counted(merged.scenarios.count, "scenario")), "
                    + merged.outcomeCounts(obsoleteNotChecked: merged.obsoleteNotChecked) + "\n")
            for note in merged.stackNotes { Platform.printError("note: \(note)") }
            StandardStreams.output("report: \(out)/report/index.html\n")
            return merged.exitCode
        } catch {
            Platform.printError("overscroll merge-reports: \(error)")
            return 2
        }
    }
}
