import Foundation
import Imaging
import Support

/// The console list of `overscroll test`: one line per scenario as it finishes (`ScenarioLine`),
/// again for a scenario whose goldens failed to swap in, the trace viewers' progress, and the
/// closing summary.
struct ConsoleReporter: SuiteReporter {
    let output: @Sendable (String) -> Void
    /// The results folder as the user names it.
    let artifacts: String

    func scenarioFinished(_ result: ScenarioResult) { output(ScenarioLine.text(result, artifacts: artifacts)) }

    func goldensFailed(_ result: ScenarioResult) { output(ScenarioLine.text(result, artifacts: artifacts)) }

    func viewers(_ progress: String) { output(progress) }

    func end(_ s: SuiteSummary) {
        for line in Self.summary(
            s.suite, update: s.update, pruned: s.pruned, seconds: s.seconds,
            artifacts: artifacts, obsoleteNotChecked: s.obsoleteNotChecked, repeatEach: s.repeatEach)
        {
            output(line)
        }
    }

    /// The closing lines: counts (obsolete goldens as found, before any pruning), what
    /// `--update` wrote, obsolete goldens (or what `--prune` deleted), where the report is.
    static func summary(
        _ suite: SuiteResults, update: RecordMode, pruned: [String]?,
        seconds: Double, artifacts: String, obsoleteNotChecked: String? = nil, repeatEach: Int = 1
    ) -> [String] {
        var lines: [String] = []
        let counts =
            "\(counted(suite.scenarios.count, "scenario")), \(counted(suite.snapshots.count, "snapshot")): "
            + suite.outcomeCounts(obsoleteNotChecked: obsoleteNotChecked)
        lines.append(counts + String(format: " (%.1f s)", seconds))
        if repeatEach > 1 {
            // --repeat-each: say it happened, and what it found.
            let flaky = suite.flaky
            lines.append(
                "repeated: each scenario ran \(repeatEach) times; "
                    + (flaky == 0 ? "every run drew the same pixels" : "\(counted(flaky, "snapshot")) drew differently (flaky)"))
        }
        if let config = suite.config { lines.append("config: " + OutputPaths.printable(config)) }
        if update != .none {
            let created = suite.written(.created), changed = suite.written(.changed)
            lines.append("goldens: \(created) created, \(changed) changed, \(suite.snapshots.count - created - changed) unchanged")
        }
        if let pruned, pruned.isEmpty, let reason = obsoleteNotChecked {
            lines.append("pruned nothing: obsolete goldens not checked (\(reason))")
        } else if let pruned {
            lines.append("pruned \(counted(pruned.count, "obsolete golden"))\(pruned.isEmpty ? "" : ":")")
            for p in pruned { lines.append("    " + OutputPaths.printable(SuiteRunner.shown(p))) }
        } else if suite.obsolete > 0 {
            lines.append("obsolete goldens (no snapshot or scenario names them; --prune deletes them):")
            for s in suite.scenarios {
                for o in s.obsolete { lines.append("    " + OutputPaths.printable(SuiteRunner.shown("\(s.goldens)/\(o)"))) }
            }
            for o in suite.obsoleteFolders {
                let name = o.folder.split(separator: "/").last.map(String.init) ?? ""
                lines.append(
                    "    "
                        + OutputPaths.printable(
                            "\(SuiteRunner.shown(o.folder))/ (no scenario \(name).json beside __snapshots__): "
                                + o.files.joined(separator: ", ")
                        ))
                if let r = o.likelyRename {
                    lines.append(
                        "      likely renamed to \(OutputPaths.printable(SuiteRunner.shown(r.scenario))): "
                            + "its goldens are pixel-identical to that scenario's missing snapshots; move them with"
                    )
                    lines.append("        " + OutputPaths.printable(r.command))
                }
            }
        }
        if suite.exitCode != 0 || suite.written(.created) + suite.written(.changed) > 0 {
            lines.append("report: " + OutputPaths.printable("\(artifacts)/report/index.html"))
        }
        return lines
    }
}
