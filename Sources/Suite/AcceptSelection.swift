import Foundation
import Recording
import Support

/// Which snapshots of a results folder `overscroll accept` takes. A snapshot is named
/// `scenario:snapshot` (the scenario path as results.json records it, as the report and the
/// console show it). A selector that is exactly such a name takes that snapshot; any other is a
/// regular expression (as `--grep` reads it) searched in the names. `--failed`, `--missing` and
/// `--all` take every mismatch, every missing golden, or every snapshot with an image to accept
/// (those two and unreadable goldens). Each selector must match something; a flaky snapshot
/// named or matched is refused (it has no one image to keep).
public struct AcceptSelection: Sendable, Equatable {
    public var selectors: [String] = []
    public var failed = false
    public var missing = false
    public var all = false
    public init() {}

    public var isEmpty: Bool { selectors.isEmpty && !failed && !missing && !all }

    /// `scenario:snapshot`, the name accept selectors use.
    public static func name(_ scenario: ScenarioResult, _ snapshot: SnapshotResult) -> String {
        scenario.scenario + ":" + snapshot.snapshot
    }

    /// The command line that accepts `names` from `results`, each word quoted for a shell, `--`
    /// before the results folder when it or a name starts with `-` (else read as a flag). A name
    /// given is always exact: discovery refuses scenario paths a printed line could not give back
    /// (controls, shown escaped), and an exact name is matched before any regular expression.
    public static func command(results: String, names: [String], separated: Bool = false) -> String {
        let operands = [results] + names
        let dash = separated || operands.contains { $0.hasPrefix("-") }
        return (["overscroll", "accept"] + (dash ? ["--"] : []) + operands).map(ShellWord.quoted).joined(separator: " ")
    }

    /// A snapshot with a new image to take: a mismatch, missing or unreadable golden that no
    /// `--update` fixed, whose actual image the results folder kept.
    static func acceptable(_ s: SnapshotResult) -> Bool {
        s.isFailure && s.actual != nil && [.failed, .missing, .error].contains(s.status)
    }

    /// The chosen snapshots as (scenario index, snapshot index), in the results' order, and notes
    /// (flaky snapshots `--failed`/`--all` passed over). `results` names the folder in messages.
    func choose(in suite: SuiteResults, results: String) throws(GoldenAccept.Refusal) -> (chosen: [(Int, Int)], notes: [String]) {
        var all: [(i: Int, j: Int, name: String)] = []
        for (i, sc) in suite.scenarios.enumerated() where sc.error == nil {
            for (j, s) in sc.snapshots.enumerated() { all.append((i, j, Self.name(sc, s))) }
        }
        func snapshot(_ x: (i: Int, j: Int, name: String)) -> SnapshotResult { suite.scenarios[x.i].snapshots[x.j] }
        var picked = Set<String>()
        var notes: [String] = []
        let inResults = "in \(OutputPaths.quoted(results))/results.json"
        // Every snapshot name in the results, those of scenarios that ended in an error too: a
        // selector that is one of them is exact and never read as a regular expression.
        let named = Set(suite.scenarios.flatMap { sc in sc.snapshots.map { Self.name(sc, $0) } })
        for selector in selectors {
            let exact = all.filter { $0.name == selector }
            let matched: [(i: Int, j: Int, name: String)]
            if !exact.isEmpty {
                matched = exact
            } else if named.contains(selector) {
                throw GoldenAccept.Refusal(
                    "\(OutputPaths.quoted(selector)): its scenario ended in an error \(inResults); a snapshot of it is never accepted"
                        + " (fix the scenario and run the suite again)")
            } else {
                let pattern: GrepPattern
                do { pattern = try SuiteSelection.pattern(selector, flag: "accept") } catch {
                    throw GoldenAccept.Refusal("\(error.message); a snapshot is named scenario:snapshot")
                }
                matched = all.filter { pattern.matches($0.name) }
            }
            guard !matched.isEmpty else {
                throw GoldenAccept.Refusal(
                    "'\(OutputPaths.printable(selector))' matches no snapshot \(inResults) (snapshots are named scenario:snapshot, as"
                        + " the report shows them)")
            }
            if let flaky = matched.first(where: { snapshot($0).status == .flaky }) {
                throw GoldenAccept.Refusal(
                    "\(OutputPaths.quoted(flaky.name)) is flaky (its runs under --repeat-each differed): a flaky snapshot is never"
                        + " accepted; make it deterministic and run the suite again")
            }
            let taken = matched.filter { Self.acceptable(snapshot($0)) }
            guard !taken.isEmpty else {
                let first = matched[0]
                let why =
                    matched.count == 1
                    ? "it \(snapshot(first).written != nil ? "was written by --update" : "passed")"
                    : "all \(matched.count) passed or were written by --update"
                throw GoldenAccept.Refusal(
                    "'\(OutputPaths.printable(selector))' matches no snapshot with a change to accept \(inResults) (\(why))")
            }
            for x in taken { picked.insert(x.name) }
        }
        let statusFlags: [(on: Bool, flag: String, what: String, take: (SnapshotResult) -> Bool)] = [
            (failed, "--failed", "failed snapshot", { $0.status == .failed }),
            (missing, "--missing", "missing golden", { $0.status == .missing }),
            (self.all, "--all", "snapshot with a change to accept", { _ in true })
        ]
        for f in statusFlags where f.on {
            let taken = all.filter { Self.acceptable(snapshot($0)) && f.take(snapshot($0)) }
            guard !taken.isEmpty else { throw GoldenAccept.Refusal("\(f.flag): no \(f.what) \(inResults)") }
            for x in taken { picked.insert(x.name) }
        }
        if failed || self.all {
            for x in all where snapshot(x).status == .flaky {
                notes.append("\(x.name) is flaky: never accepted (make it deterministic and run the suite again)")
            }
        }
        return (all.filter { picked.contains($0.name) }.map { ($0.i, $0.j) }, notes)
    }
}
