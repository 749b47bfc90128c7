import Foundation
import Recording

/// `overscroll test [PATH…]`: the scenarios' named snapshots against their goldens.
enum TestCommand {
    static let help = """
    usage: overscroll test [PATH…] [--workers N] [--update=MODE] [--prune] [--artifacts DIR] [--grep TEXT]
                           [--junit FILE] [--shard I/N] [flags]

    PATH is a scenario file or a folder searched recursively for *.json scenarios (default `.`; JSON
    files without "scene"/"events" are skipped with a note). Each scenario's snapshot events
    ({"at": 1.2, "snapshot": "pulled"}) are rendered at exactly their instant and compared with
    <dir>/__snapshots__/<scenario name>/<snapshot>.png through the comparison of `overscroll compare`.
    One line per scenario as it finishes, then passed / failed / missing / obsolete counts.
    Exit status: 0 all passed, 1 a mismatch or missing golden, 2 a usage or scenario error.

      --workers N          scenarios rendered in parallel (default: the number of cores)
      --update=MODE        none (default), missing (create missing goldens), changed (also rewrite
                           goldens that do not match), all (every snapshot); written only after the
                           scenario's whole run succeeded, each file atomically, unchanged files untouched
      --prune              delete obsolete goldens (PNGs in __snapshots__/<name>/ no snapshot names)
      --artifacts DIR      results folder, replaced at each run (default test-results): results.json,
                           report/index.html, and per failing snapshot expected.png, actual.png,
                           diff.png plus the scenario's trace.jsonl
      --grep TEXT          only scenarios whose path or a snapshot name contains TEXT
      --junit FILE         also write JUnit XML (one testcase per snapshot)
      --shard I/N          run shard I of N (sorted by path, balanced by frame count)
      --threshold T        matching threshold 0…1 (default 0.1)
      --include-aa         count anti-aliased pixels as differences
      --max-diff-pixels N  allow up to N differing pixels per snapshot (default 0)
      --max-diff-ratio R   allow up to this ratio 0…1 of differing pixels (both: the stricter wins)
      --lottie-timeout S   seconds a Lottie frame may take to render (default 5); longer is an error
      --help               this text
    A snapshot's "mask", "maxDiffPixels", "maxDiffRatio" and "threshold" override these for it.
    """

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        let a = try Arguments(argv, command: "test",
                              valued: ["workers", "update", "artifacts", "grep", "junit", "shard", "threshold",
                                       "max-diff-pixels", "max-diff-ratio", "lottie-timeout"],
                              booleans: ["help", "prune", "include-aa"])
        if a.has("help") { print(help); return 0 }
        var config = SuiteRunner.Config()
        if !a.positionals.isEmpty { config.paths = a.positionals }
        if let w = try a.int("workers", min: 1, max: 256) { config.workers = w }
        if let u = a.string("update") {
            guard let mode = SuiteOptions.UpdateMode(rawValue: u) else {
                throw UsageError(message: "test: --update expects missing, changed, all or none, got '\(u)'")
            }
            config.options.update = mode
        }
        config.prune = a.has("prune")
        if let dir = a.string("artifacts") {
            guard !dir.isEmpty else { throw UsageError(message: "test: --artifacts needs a folder") }
            config.artifacts = dir
        }
        config.grep = a.string("grep")
        config.junit = a.string("junit")
        if let s = a.string("shard") { config.shard = try parseShard(s) }
        if let t = try a.double("threshold", min: 0, max: 1) { config.options.threshold = t }
        config.options.includeAA = a.has("include-aa")
        config.options.maxDiffPixels = try a.int("max-diff-pixels", min: 0, max: Int(Int32.max))
        config.options.maxDiffRatio = try a.double("max-diff-ratio", min: 0, max: 1)
        if let t = try a.double("lottie-timeout", min: 0.001, max: 600) { config.options.lottieTimeout = t }
        config.command = (["overscroll", "test"] + argv).map(quoted).joined(separator: " ")
        config.workerExecutable = selfExecutable()
        return await SuiteRunner().run(config)
    }

    /// `I/N` with 1 ≤ I ≤ N.
    static func parseShard(_ text: String) throws(UsageError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 10_000, i >= 1, i <= n else {
            throw UsageError(message: "test: --shard expects I/N with 1 ≤ I ≤ N (e.g. 2/4), got '\(text)'")
        }
        return (i, n)
    }

    /// This program (for worker processes).
    static func selfExecutable() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }

    static func quoted(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@%+".contains($0) } && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
