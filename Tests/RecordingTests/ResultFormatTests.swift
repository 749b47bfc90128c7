import Foundation
@testable import Recording
@testable import Suite
import Testing

/// A result format declared only here: one line per scenario with its counts. Handing it to
/// `test` and `merge-reports` as a `ResultFile` needs no other edit in the suite code.
struct CountsFormat: ResultFormat {
    var option: String { "counts" }
    var valueName: String { "FILE" }
    var help: String { "also write one line of counts per scenario" }
    func text(_ suite: SuiteResults, artifacts: String) -> String {
        suite.scenarios.map { "\($0.scenario) \($0.snapshots.count) \(artifacts)\n" }.joined()
    }
}

/// `ResultFormats.all` is the one list of result formats: both commands declare, check and write
/// them from it.
@MainActor
@Suite struct ResultFormatTests {
    static let two = SuiteFixture.listScenario([("start", 0), ("end", 0.6)])

    @Test func aFormatDeclaredOutsideTheSuiteIsWrittenByTestAndMerge() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        let counts = ResultFile(CountsFormat(), path: f.path("counts.txt"))
        let junit = ResultFile(JUnitWriter(), path: f.path("junit.xml"))
        #expect(await f.run { $0.resultFiles = [counts, junit] } == 0)
        #expect(try String(contentsOfFile: counts.path, encoding: .utf8) == "\(f.path("suite/a.json")) 2 \(f.path("results"))\n")
        #expect(FileManager.default.fileExists(atPath: junit.path))

        for i in 1...2 {
            #expect(
                await f.run {
                    $0.shard = (i, 2); $0.artifacts = f.path("s\(i)")
                } == 0)
        }
        let merged = ResultFile(CountsFormat(), path: f.path("merged.txt"))
        _ = try SuiteMerge.merge([f.path("s1"), f.path("s2")], into: f.path("merged"), resultFiles: [merged], command: "merge")
        #expect(try String(contentsOfFile: merged.path, encoding: .utf8) == "\(f.path("suite/a.json")) 2 \(f.path("merged"))\n")
    }

    @Test func everyFormatsOutputIsCheckedAndNamedByItsFlag() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        // Onto an input: refused, the input untouched.
        #expect(await f.run { $0.resultFiles = [ResultFile(CountsFormat(), path: f.path("suite/a.json"))] } == 2)
        #expect(f.text.contains("--counts") && f.text.contains("an output never replaces an input"), "\(f.text)")
        #expect(try String(contentsOfFile: f.path("suite/a.json"), encoding: .utf8) == Self.two)
        // Inside the results folder: refused.
        #expect(await f.run { $0.resultFiles = [ResultFile(CountsFormat(), path: f.path("results/results.json"))] } == 2)
        #expect(f.text.contains("--counts") && f.text.contains("lies inside"), "\(f.text)")
        // Two formats onto one file: refused.
        let same = f.path("same.txt")
        #expect(await f.run { $0.resultFiles = [ResultFile(JUnitWriter(), path: same), ResultFile(CountsFormat(), path: same)] } == 2)
        #expect(f.text.contains("--counts") && f.text.contains("--junit"), "\(f.text)")
        #expect(!FileManager.default.fileExists(atPath: same))
    }

    @Test func bothCommandsDeclareEveryRegisteredFormat() throws {
        #expect(ResultFormats.all.map(\.option) == ["junit"])
        for command in ["test", "merge-reports"] {
            let r = try CommandLineRunner.run("overscroll-app", [command, "--help"])
            #expect(r.status == 0)
            for format in ResultFormats.all {
                #expect(r.out.contains("--\(format.option) \(format.valueName)") && r.out.contains(format.help), "\(command): \(r.out)")
            }
        }
    }
}

/// Issue #29 items 9, 10 and 12: summaries count every outcome and never claim a check that did
/// not happen; the report's search finds a card by its own heading; Durations says what happened.
@MainActor
@Suite struct SummaryHonestyTests {
    /// A scenario error (a mask past the scene's edge) in one shard: the merged summary says so.
    @Test func theMergedSummaryCountsScenarioErrorsAndUnreadableGoldens() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0.3)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("s", 0.3)], extra: #", "mask": [[0, 0, 500, 80]]"#))
        try f.write("suite/c.json", SuiteFixture.listScenario([("s", 0.3)]))
        _ = await f.run { $0.options.update = .missing }
        try f.write("suite/__snapshots__/c/s.png", "not a png")
        for i in 1...3 {
            _ = await f.run {
                $0.shard = (i, 3); $0.artifacts = f.path("shard-\(i)")
            }
        }
        let merged = try SuiteMerge.merge(
            (1...3).map { f.path("shard-\($0)") }, into: f.path("merged"), command: "overscroll merge-reports")
        #expect(merged.exitCode == 2)
        let line = merged.outcomeCounts()
        #expect(line.contains("1 scenario error"), "\(line)")
        #expect(line.contains("1 unreadable golden"), "\(line)")
        #expect(line.hasPrefix("1 passed, 0 failed"), "\(line)")
    }

    /// `--grep` and a shard other than 1 never look for obsolete golden folders: not "0 obsolete".
    @Test func obsoleteGoldensNotLookedForAreSaidNotChecked() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0.3)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("s", 0.3)]))
        _ = await f.run { $0.options.update = .missing }
        _ = await f.run { $0.grep = "a" }
        #expect(f.text.contains("obsolete goldens not checked (--grep)"), "\(f.text)")
        #expect(!f.text.contains("0 obsolete goldens"))
        _ = await f.run {
            $0.grep = "a"; $0.prune = true
        }
        #expect(f.text.contains("pruned nothing: obsolete goldens not checked (--grep)"), "\(f.text)")
        #expect(!f.text.contains("pruned 0"))
        _ = await f.run { $0.shard = (2, 2) }
        #expect(f.text.contains("obsolete goldens not checked (--shard 2/2)"), "\(f.text)")
        _ = await f.run()
        #expect(f.text.contains("0 obsolete goldens"), "\(f.text)")
    }

    /// Shards run with `--grep` merge into a line that says obsolete goldens were not checked.
    @Test func aMergeOfSelectedShardsSaysObsoleteGoldensWereNotChecked() {
        var suite = SuiteResults(
            command: "overscroll test", date: "2026-01-01T00:00:00Z", threshold: 0.1, maxDiffPixels: nil,
            maxDiffRatio: nil, shards: ["1/2", "2/2"], scenarios: [])
        #expect(suite.outcomeCounts(obsoleteNotChecked: suite.obsoleteNotChecked).hasSuffix(", 0 obsolete goldens"))
        suite.settings = SuiteSettings(SuiteOptions(), grep: "a", grepInvert: nil, lastFailed: false)
        #expect(suite.outcomeCounts(obsoleteNotChecked: suite.obsoleteNotChecked).hasSuffix(", obsolete goldens not checked (--grep)"))
    }

    @Test func searchMatchesTheCardHeadingAndDurationsSayWhatHappened() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-report-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let missing = SnapshotResult(snapshot: "pulling", at: 0.1, status: .missing, golden: "g/pulling.png", threshold: 0.1)
        let unreadable = SnapshotResult(snapshot: "x", at: 0.1, status: .error, golden: "g/x.png", threshold: 0.1)
        let suite = SuiteResults(
            command: "overscroll test", date: "2026-01-01T00:00:00Z", threshold: 0.1, maxDiffPixels: nil,
            maxDiffRatio: nil, shards: [],
            scenarios: [
                ScenarioResult(scenario: "pull.json", goldens: "g", seconds: 3, snapshots: [missing]),
                ScenarioResult(scenario: "bad.json", goldens: "g", seconds: 2, snapshots: [unreadable]),
                ScenarioResult(scenario: "gone.json", goldens: "g", seconds: 1, error: "mask outside the scene")
            ])
        try SuiteReport.write(suite, resultsRoot: root, to: root)
        let html = try String(contentsOfFile: root + "/index.html", encoding: .utf8)
        let card = try #require(html.range(of: "<section class=\"card missing\"").map { String(html[$0.lowerBound...].prefix(400)) })
        #expect(card.contains("data-text=\"pull.json › pulling"), "\(card)")
        let durations = try #require(html.range(of: "id=\"durations\"").map { String(html[$0.lowerBound...].prefix(2000)) })
        #expect(durations.contains("<td>pull.json</td><td>missing</td>"), "\(durations)")
        #expect(durations.contains("<td>bad.json</td><td>error</td>"), "\(durations)")
        #expect(durations.contains("<td>gone.json</td><td>error</td>"), "\(durations)")
        #expect(!durations.contains("<td>failed</td>"))
    }
}
