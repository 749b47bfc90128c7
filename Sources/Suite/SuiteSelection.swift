import Foundation
import Recording
import Support

/// Which of a suite's scenarios a run takes, as Playwright's flags: `--last-failed` (those that
/// failed in the previous `results.json` of the results folder), then `--grep REGEX` (those whose
/// path or a snapshot name matches), then `--grep-invert REGEX` (leaving those out).
enum SuiteSelection {
    enum Outcome {
        /// The scenarios to run; `narrowed` when a flag left some out.
        case run([SuiteEntry], narrowed: Bool)
        /// Nothing to do (`--last-failed` after a run without failures): a note, exit 0. When the
        /// last run failed but none of its failures is among the paths given, that is an error.
        case nothing(String)
        /// A usage error (a bad regular expression, nothing matched): one line, exit 2.
        case error(String)
    }

    static func select(_ all: [SuiteEntry], _ config: SuiteRunner.Config) -> Outcome {
        var entries = all
        var narrowed = false
        do {
            if config.lastFailed {
                let previous = config.artifacts + "/results.json"
                guard FileManager.default.fileExists(atPath: previous) else {
                    return .error("--last-failed: no \(previous) of an earlier run")
                }
                let last = try SuiteOutputs.read(previous, checkingPaths: false)
                // Scenarios --max-failures kept from running count as failed: they are owed a run.
                let failedPaths = last.scenarios.filter(\.failed).map(\.scenario) + (last.stopped?.notRun ?? [])
                if failedPaths.isEmpty {
                    return .nothing("--last-failed: no scenario failed in \(OutputPaths.quoted(previous)); nothing to run")
                }
                // Paths are relative to the folder that run was in, not to this one.
                let failed = Set(
                    failedPaths.map { p in
                        OutputPaths.canonical(p.hasPrefix("/") ? p : (last.folder.map { $0 + "/" } ?? "") + p)
                    })
                entries = entries.filter { failed.contains(OutputPaths.canonical($0.path)) }
                if entries.isEmpty {
                    let named =
                        failedPaths.prefix(3).map(OutputPaths.quoted).joined(separator: ", ")
                        + (failedPaths.count > 3 ? " and \(failedPaths.count - 3) more" : "")
                    return .error(
                        "--last-failed: \(failedPaths.count == 1 ? "the scenario" : "the \(failedPaths.count) scenarios") that failed"
                            + " in \(OutputPaths.quoted(previous)) "
                            + "(\(named)\(last.folder.map { ", run in \(OutputPaths.quoted($0))" } ?? ""))"
                            + " \(failedPaths.count == 1 ? "is" : "are") not among the scenarios of"
                            + " \(config.paths.map(OutputPaths.quoted).joined(separator: " "))")
                }
                narrowed = true
            }
            if let only = config.only {
                entries = entries.filter { only.contains(OutputPaths.canonical($0.path)) }
                narrowed = true
            }
            if let grep = config.grep {
                entries = matching(entries, try pattern(grep, flag: "--grep"))
                if entries.isEmpty { return .error("no scenario path or snapshot name matches '\(grep)' (--grep)") }
                narrowed = true
            }
            if let invert = config.grepInvert {
                entries = matching(entries, try pattern(invert, flag: "--grep-invert"), invert: true)
                if entries.isEmpty { return .error("every scenario matches '\(invert)' (--grep-invert)") }
                narrowed = true
            }
        } catch {
            return .error("\(error)")
        }
        return .run(entries, narrowed: narrowed)
    }

    /// Entries whose path or a snapshot name `pattern` matches (or does not, with `invert`).
    static func matching(_ entries: [SuiteEntry], _ pattern: GrepPattern, invert: Bool = false) -> [SuiteEntry] {
        entries.filter { e in
            let hit = pattern.matches(e.path) || e.snapshotNames.contains { pattern.matches($0) }
            return hit != invert
        }
    }

    /// `--grep` / `--grep-invert` text as a regular expression (the subset `GrepParser` reads,
    /// matched in linear time); the error names the flag.
    static func pattern(_ text: String, flag: String) throws(SuiteOutputs.Failure) -> GrepPattern {
        do { return try GrepPattern(text) } catch {
            throw SuiteOutputs.Failure(message: "\(flag) '\(text)' is not a regular expression (\(error))")
        }
    }
}
