import CommandLineKit
import CompareCommand
import Foundation
import Recording

/// `overscroll test [PATH…]`: the scenarios' named snapshots against their goldens.
enum TestCommand {
    static let workers = Option.integer("workers", value: "N", in: 1...256, help: "scenarios rendered in parallel",
                                        defaultText: "the number of cores")
    static let update = Option<SuiteOptions.UpdateMode>.custom("update", value: "MODE", help: """
        none, missing (create missing goldens), changed (also rewrite
        goldens that do not match), all (every snapshot); written after the
        whole suite ran, each scenario's set all-or-nothing, unchanged files
        untouched; the suite's goldens are locked for the run
        """, annotation: "default none") { text throws(CommandLineError) in
        guard let mode = SuiteOptions.UpdateMode(rawValue: text) else {
            throw CommandLineError("--update expects missing, changed, all or none, got '\(text)'")
        }
        return mode
    }
    static let prune = Option.flag("prune", help: "delete obsolete goldens (PNGs in __snapshots__/<name>/ no snapshot\nnames, and folders of scenarios that are gone)")
    static let artifacts = Option.custom("artifacts", value: "DIR", help: """
        results folder, replaced at each run: results.json, report/index.html,
        per failing or rewritten snapshot expected.png, actual.png, diff.png,
        per failing one trace.html, and the scenario's trace.jsonl
        """, annotation: "default test-results") { (text: String) throws(CommandLineError) -> String in
        guard !text.isEmpty else { throw CommandLineError("--artifacts needs a folder") }
        return text
    }
    static let grep = Option.string("grep", value: "REGEX", help: "only scenarios whose path or a snapshot name\nmatches the regular expression REGEX")
    static let grepInvert = Option.string("grep-invert", value: "REGEX", help: "leave out scenarios whose path or a snapshot name\nmatches REGEX")
    static let lastFailed = Option.flag("last-failed", help: "run only the scenarios that failed in the previous\nresults.json of --artifacts")
    static let junit = Option.string("junit", value: "FILE", help: "also write JUnit XML (Ant schema; one testcase per snapshot)")
    static let shard = Option<Shard>.custom("shard", value: "I/N", help: "run shard I of N (sorted by path, balanced by frame count)",
                                            expects: "I/N with 1 ≤ I ≤ N (e.g. 2/4)") { text in
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, i >= 1, i <= n else { return nil }
        return Shard(index: i, count: n)
    }
    static let maxDiffPixels = Option.integer("max-diff-pixels", value: "N", in: 0...Int(Int32.max),
                                              help: "allow up to N differing pixels per snapshot", defaultText: "0")
    static let maxDiffRatio = Option.number("max-diff-ratio", value: "R", in: 0...1,
                                            help: "allow up to this ratio of differing pixels;\nwith --max-diff-pixels too, the stricter wins")

    /// `--shard I/N`.
    struct Shard: Sendable { var index: Int; var count: Int }

    static let spec = CommandSpec(
        "overscroll test",
        about: """
        PATH is a scenario file or a folder searched recursively (default `.`): a *.json file there is a
        scenario when its top-level object has a "scene" or "events" key (found even when the file has a
        syntax error, which is then an error); other JSON files are skipped with a note, results folders
        of earlier runs are not searched. Each scenario's snapshot events
        ({"at": 1.2, "snapshot": "pulled"}) are rendered at exactly their instant and compared with
        <dir>/__snapshots__/<scenario name>/<snapshot>.png through the comparison of `overscroll compare`.
        One line per scenario as it finishes, then passed / failed / missing / updated / obsolete counts;
        the report (with a trace viewer per failing snapshot) is ARTIFACTS/report/index.html.
        Exit status: 0 all passed, 1 a mismatch or missing golden, 2 a usage or scenario error or an
        unreadable golden.
        """,
        positionals: [Positional("PATH", optional: true, repeats: true)],
        options: [workers.spec, update.spec, prune.spec, artifacts.spec, grep.spec, grepInvert.spec, lastFailed.spec, junit.spec, shard.spec,
                  CompareCommandLine.threshold.spec, CompareCommandLine.includeAA.spec, maxDiffPixels.spec, maxDiffRatio.spec,
                  SharedOptions.lottieTimeout.spec, SharedOptions.maxScenarioSize.spec],
        epilogue: "A snapshot's \"mask\", \"maxDiffPixels\", \"maxDiffRatio\" and \"threshold\" override these for it.")

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        var config = SuiteRunner.Config()
        if !a.positionals.isEmpty { config.paths = a.positionals }
        if let w = a.value(workers) { config.workers = w }
        if let mode = a.value(update) { config.options.update = mode }
        config.prune = a[prune]
        if let dir = a.value(artifacts) { config.artifacts = dir }
        config.grep = a.value(grep)
        config.grepInvert = a.value(grepInvert)
        config.lastFailed = a[lastFailed]
        config.junit = a.value(junit)
        if let s = a.value(shard) { config.shard = (s.index, s.count) }
        if let t = a.value(CompareCommandLine.threshold), a.has(CompareCommandLine.threshold) { config.options.threshold = t }
        config.options.includeAA = a[CompareCommandLine.includeAA]
        config.options.maxDiffPixels = a.value(maxDiffPixels)
        config.options.maxDiffRatio = a.value(maxDiffRatio)
        if a.has(SharedOptions.lottieTimeout), let t = a.value(SharedOptions.lottieTimeout) { config.options.lottieTimeout = t }
        config.options.maxScenarioBytes = SharedOptions.maxScenarioBytes(a)
        config.command = (["overscroll", "test"] + argv).map(quoted).joined(separator: " ")
        config.workerExecutable = selfExecutable()
        return await SuiteRunner().run(config)
    }

    /// This program (for worker processes).
    static func selfExecutable() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }

    static func quoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) } && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
