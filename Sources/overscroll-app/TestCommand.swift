import BuildInfo
import CommandLineKit
import CompareCommand
import Desktop
import Foundation
import Imaging
import Recording
import Suite
import Support
import Rendering

/// `overscroll test [PATH…]`: the scenarios' named snapshots against their goldens.
enum TestCommand {
    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let workers = Option.integer(
            "workers", value: "N", in: 1...256, help: "scenarios rendered in parallel",
            defaultText: "the number of cores")
        let update = Option<RecordMode>.choice(
            "update", value: "MODE",
            help: """
                which goldens to write: missing (create missing ones), changed (also
                rewrite those that do not match), all (every snapshot), none; written
                after the whole suite ran, each scenario's set all-or-nothing, unchanged
                files untouched; the suite's goldens are locked for the run; without the
                flag, OVERSCROLL_RECORD=MODE in the environment chooses (the flag wins)
                """)
        let prune = Option.flag(
            "prune",
            help: "delete obsolete goldens (PNGs in __snapshots__/<name>/ no snapshot\nnames, and folders of scenarios that are gone)")
        let artifacts = Option.string(
            "artifacts", value: "DIR",
            help: """
                results folder, replaced at each run: results.json, report/index.html,
                per failing or rewritten snapshot expected.png, actual.png, diff.png,
                per scenario with a traced snapshot (--trace) trace.html and trace.jsonl
                """, default: "test-results", allowEmpty: false)
        let grep = Option.string(
            "grep", value: "REGEX", help: "only scenarios whose path or a snapshot name\nmatches the regular expression REGEX")
        let grepInvert = Option.string(
            "grep-invert", value: "REGEX", help: "leave out scenarios whose path or a snapshot name\nmatches REGEX")
        let lastFailed = Option.flag(
            "last-failed", help: "run only the scenarios that failed (or were not run)\nin the previous results.json of --artifacts")
        let maxFailures = Option.integer(
            "max-failures", value: "N", in: 1...Int(Int32.max),
            help: """
                stop starting scenarios once N snapshots failed, are missing
                or flaky, or scenarios errored; those running finish; the
                summary and report say how many were not run (exit 1 or 2)
                """)
        let trace = Option<TraceMode>.choice(
            "trace", value: "MODE",
            help: """
                which snapshots get a trace viewer (trace.html, frames
                around the instant) and trace.jsonl: on (every snapshot),
                off (none), retain-on-failure (those that differ from
                their golden, not missing ones)
                """, default: .retainOnFailure)
        let resultFiles = ResultFileFlags()
        let shard = Option<Shard>.custom(
            "shard", value: "I/N", help: "run shard I of N (sorted by path, balanced by frame count)",
            expects: "I/N with 1 ≤ I ≤ N ≤ \(SuiteResults.maxShards) (e.g. 2/4)"
        ) { text in
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= SuiteResults.maxShards, i >= 1, i <= n else {
                return nil
            }
            return Shard(index: i, count: n)
        }
        let threshold = CompareCommandLine.flags.threshold
        let includeAA = CompareCommandLine.flags.includeAA
        let maxDiffPixels = CompareCommandLine.flags.maxDiffPixels
        let maxDiffRatio = CompareCommandLine.flags.maxDiffRatio
        let repeatEach = Option.integer(
            "repeat-each", value: "N", in: 1...100,
            help: "run every scenario N times; a snapshot whose pixels differ\nbetween runs is flaky (exit 1; its runs' images are kept)",
            defaultText: "1")
        let watch = Option.flag(
            "watch",
            help: """
                after the run, watch the suite's folders (not __snapshots__ nor
                results folders) and rerun what changes: a scenario file reruns
                that scenario, overscroll.json or another file every scenario;
                Ctrl+C ends it
                """)
        let shared = SharedFlags()
    }
    static let flags = Flags()

    /// `--shard I/N`.
    struct Shard: Sendable { var index: Int; var count: Int }

    static let spec = CommandSpec(
        "overscroll test",
        about: """
            PATH is a scenario file or a folder searched recursively (default `.`): a *.json file there is a
            scenario when its top-level object has a "scene" or "events" key (found even when the file has a
            syntax error, which is then an error); other valid JSON files are skipped with a note, and a
            *.json file that is not UTF-8 or not valid JSON is an error. Symlinked sub-folders and results
            folders of earlier runs are not searched. Each scenario's snapshot events
            ({"at": 1.2, "snapshot": "pulled"}) are rendered at exactly their instant and compared with
            <dir>/__snapshots__/<scenario name>/<snapshot>.png through the comparison of `overscroll compare`.
            One line per scenario as it finishes (each failure followed by the paths of its expected, actual
            and diff images and the `overscroll accept` line that makes its actual image the golden), then
            passed / failed / missing / updated / obsolete counts;
            the report (with a trace viewer per scenario for its snapshots that differ from their golden; see
            --trace) is ARTIFACTS/report/index.html.
            Exit status: 0 all passed, 1 a mismatch or missing golden, 2 a usage or scenario error or an
            unreadable golden.
            """,
        positionals: [Positional("PATH", optional: true, repeats: true)],
        options: flags,
        epilogue: """
            A snapshot's "mask", "maxDiffPixels", "maxDiffRatio" and "threshold" override these for it.

            Suite config: the nearest overscroll.json from the suite folder upward (the search stops at
            the folder holding .git, else at the folder test was started in, else at the suite folder;
            one of another user or writable by others is refused; the file in force is named on the
            console, in the report, results.json and JUnit) sets defaults for the run: {"maxDiffPixels": N,
            "maxDiffRatio": R, "threshold": T, "mask": [[x, y, w, h], …] (points, masked in every
            snapshot besides its own), "workers": N, "artifacts": "DIR" (relative to the file's folder),
            "physics": "android" (or an object, as in a scenario; for scenarios without "physics"),
            "trace": "on" | "off" | "retain-on-failure", "maxFailures": N}.
            A flag wins over the file; a snapshot's or scenario's own field wins over both. A bad value
            or unknown field is an error naming the file, line:column and the field (exit 2).
            """)

    @MainActor
    static func run(_ argv: [String]) async throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        try FontSetup.check()  // a fonts.conf that is not a regular file: exit 2, never a blocked read
        if a[flags.watch] {
            if a.has(flags.shard) {
                throw UsageError(message: "\(spec.word): --watch reruns changed scenarios of the whole suite; it does not take --shard")
            }
            // overscroll.json is read again when it changes; a mistake then is printed and the
            // watch goes on.
            return await SuiteWatch.run { () throws(UsageError) in try config(a, argv: argv) }
        }
        return await SuiteRunner().run(try config(a, argv: argv))
    }

    /// The run's settings: defaults, then overscroll.json, then the flags.
    @MainActor
    static func config(_ a: ParsedArguments, argv: [String]) throws(UsageError) -> SuiteRunner.Config {
        let f = flags
        var config = SuiteRunner.Config()
        if !a.positionals.isEmpty { config.paths = a.positionals }
        // overscroll.json first, then the flags over it.
        do {
            if let file = try SuiteConfig.find(for: config.paths) { try SuiteConfig.load(file).apply(to: &config) }
        } catch {
            throw UsageError(message: "\(spec.word): \(error)")
        }
        if let w = a.value(f.workers) { config.workers = w }
        config.options.update = try RecordModeSetting.resolve(flag: a.value(f.update), command: spec.word)
        config.prune = a[f.prune]
        if a.has(f.artifacts), let dir = a.value(f.artifacts) { config.artifacts = dir }
        config.grep = a.value(f.grep)
        config.grepInvert = a.value(f.grepInvert)
        config.lastFailed = a[f.lastFailed]
        if a.has(f.maxFailures), let m = a.value(f.maxFailures) { config.maxFailures = m }
        if a.has(f.trace), let t = a.value(f.trace) { config.options.trace = t }
        config.resultFiles = f.resultFiles.files(a)
        if let s = a.value(f.shard) { config.shard = (s.index, s.count) }
        if let t = a.value(f.threshold), a.has(f.threshold) { config.options.threshold = t }
        config.options.includeAA = a[f.includeAA]
        if a.has(f.maxDiffPixels) { config.options.maxDiffPixels = a.value(f.maxDiffPixels) }
        if a.has(f.maxDiffRatio) { config.options.maxDiffRatio = a.value(f.maxDiffRatio) }
        if let n = a.value(f.repeatEach) { config.options.repeatEach = n }
        if a.has(f.shared.lottieTimeout), let t = a.value(f.shared.lottieTimeout) { config.options.lottieTimeout = t }
        config.version = BuildInfo.line
        // Probed by the runner once its worker processes are starting.
        config.stackExtras = [SDLLibrary.stackEntry()]
        config.options.maxScenarioBytes = f.shared.maxScenarioBytes(a)
        config.command = (["overscroll", "test"] + argv).map(ShellWord.quoted).joined(separator: " ")
        config.workerExecutable = selfExecutable()
        return config
    }

    /// This program (for worker processes).
    static func selfExecutable() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ProcessArguments.all.first
    }
}
