import Foundation
import Imaging
import Rendering
import Support
import Testing
@testable import Recording
@testable import Suite

/// `overscroll test --repeat-each N` (#28 item 2): every snapshot rendered N times; one that
/// differs between runs is flaky, whatever its golden says, with the differing runs' images kept
/// and its golden never written.
@MainActor
@Suite struct RepeatEachTests {
    static let scenario = SuiteFixture.listScenario([("start", 0), ("mid", 0.3)])

    func entry(_ f: SuiteFixture) -> SuiteEntry {
        SuiteEntry(path: f.path("suite/a.json"), frames: 0, snapshotNames: [])
    }

    /// Run 3 of 4 renders `mid` with one pixel changed: `mid` is flaky, `start` passes.
    @Test func aSnapshotThatDiffersBetweenRunsIsFlakyWithBothImagesKept() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.scenario)
        #expect(await f.run { $0.options.update = .missing } == 0)
        let root = f.path("results")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var options = SuiteOptions()
        options.repeatEach = 4
        options.update = .all
        let r = await SnapshotRun.run(entry(f), options: options, resultsRoot: root) { run, name, pixels in
            if run == 3 && name == "mid" { pixels.bytes[0] ^= 0xff }
        }
        #expect(r.error == nil, "\(r.error ?? "")")
        #expect(r.snapshots.map(\.status) == [.passed, .flaky])
        let mid = r.snapshots[1]
        #expect(mid.isFailure && mid.written == nil, "a flaky snapshot's golden is never written")
        #expect(mid.message?.contains("run 3") == true && mid.message?.contains("1 differing pixel") == true, "\(mid.message ?? "")")
        let runs = try #require(mid.runs)
        #expect(runs.map { $0.split(separator: "/").last.map(String.init) } == ["run-1.png", "run-3.png"])
        let one = try PNGDecoder.decodeFile(atPath: root + "/" + runs[0]), three = try PNGDecoder.decodeFile(atPath: root + "/" + runs[1])
        #expect(one.pixels != three.pixels)
        #expect(FileTree.exists(root + "/" + (mid.diff ?? "-")))
        #expect(ScenarioLine.text(r).contains("1 flaky"))
        // The JUnit names it a flaky failure.
        let suite = SuiteResults(
            command: "test", date: "2026-12-02T00:00:00Z", threshold: 0.1, maxDiffPixels: nil,
            maxDiffRatio: nil, shards: [], scenarios: [r])
        #expect(suite.flaky == 1 && suite.exitCode == 1)
        #expect(JUnitWriter.xml(suite, artifacts: "results").contains("type=\"flaky\""))
        // #44 item 14: the console says the scenarios were repeated, and what that found.
        let lines = ConsoleReporter.summary(suite, update: .none, pruned: nil, seconds: 1, artifacts: "results", repeatEach: 4)
        #expect(lines.contains("repeated: each scenario ran 4 times; 1 snapshot drew differently (flaky)"), "\(lines)")
        var steady = suite
        steady.scenarios[0].snapshots[1].status = .passed
        let steadyLines = ConsoleReporter.summary(steady, update: .none, pruned: nil, seconds: 1, artifacts: "results", repeatEach: 4)
        #expect(steadyLines.contains("repeated: each scenario ran 4 times; every run drew the same pixels"))
        #expect(
            !ConsoleReporter.summary(suite, update: .none, pruned: nil, seconds: 1, artifacts: "results").contains {
                $0.hasPrefix("repeated")
            })
    }

    @Test func identicalRunsPassAndWriteNothing() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.scenario)
        #expect(await f.run { $0.options.update = .missing } == 0)
        try f.write("blocker", "a regular file where a folder would go")
        var options = SuiteOptions()
        options.repeatEach = 3
        var runsSeen = Set<Int>()
        let r = await SnapshotRun.run(entry(f), options: options, resultsRoot: f.path("blocker/results")) { run, _, _ in
            runsSeen.insert(run)
        }
        #expect(r.error == nil, "\(r.error ?? "")")
        #expect(r.snapshots.map(\.status) == [.passed, .passed])
        #expect(runsSeen == [1, 2, 3])
    }
}
