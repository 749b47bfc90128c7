import Foundation
import Imaging
import Support
import Testing
@testable import Recording
@testable import Suite

/// `SnapshotRun` compares in memory: a passing snapshot writes nothing, a failing one still
/// leaves actual, expected and diff for the report.
@MainActor
@Suite struct SnapshotInMemoryTests {
    static let scenario = SuiteFixture.listScenario([("start", 0), ("mid", 0.3)])
    static let masked = SuiteFixture.listScenario([("covered", 0.3)], extra: #", "mask": [[0, 0, 50, 50]]"#)

    func entry(_ f: SuiteFixture, _ name: String) -> SuiteEntry {
        SuiteEntry(path: f.path("suite/\(name).json"), frames: 0, snapshotNames: [])
    }

    /// The results root lies under a regular file: any file the run tried to write would fail
    /// (and end up as the scenario's error), so a clean pass proves nothing was written.
    @Test func aPassingSnapshotWritesNoFile() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.scenario)
        try f.write("suite/m.json", Self.masked)
        #expect(await f.run { $0.options.update = .missing } == 0)
        try f.write("blocker", "a regular file where a folder would go")
        let unwritable = f.path("blocker/results")
        for name in ["a", "m"] {
            let r = await SnapshotRun.run(entry(f, name), options: SuiteOptions(), resultsRoot: unwritable)
            #expect(r.error == nil, "\(name): \(r.error ?? "")")
            #expect(!r.snapshots.isEmpty && r.snapshots.allSatisfy { $0.status == .passed && $0.differing == 0 })
            #expect(r.snapshots.allSatisfy { $0.expected == nil && $0.actual == nil && $0.diff == nil })
        }
        // Differing pixels within the tolerance: compared and passed, still nothing written.
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        var options = SuiteOptions()
        options.maxDiffPixels = 36
        let r = await SnapshotRun.run(entry(f, "a"), options: options, resultsRoot: unwritable)
        #expect(r.error == nil, "\(r.error ?? "")")
        #expect(r.snapshots.map(\.status) == [.passed, .passed] && r.snapshots[1].differing == 36)
    }

    @Test func aFailingSnapshotStillWritesActualExpectedAndDiff() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.scenario)
        try f.write("suite/m.json", Self.masked)
        #expect(await f.run { $0.options.update = .missing } == 0)
        let golden = f.path("suite/__snapshots__/a/mid.png")
        try SuiteFixture.perturb(golden)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/m/covered.png"), x: 100, y: 100)
        let root = f.path("direct")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)

        let r = await SnapshotRun.run(entry(f, "a"), options: SuiteOptions(), resultsRoot: root)
        #expect(r.error == nil)
        #expect(r.snapshots.map(\.status) == [.passed, .failed])
        let mid = r.snapshots[1]
        #expect(mid.differing == 36)
        let actual = try #require(mid.actual), expected = try #require(mid.expected), diff = try #require(mid.diff)
        #expect(FileTree.read(root + "/" + expected) == FileTree.read(golden), "expected.png is the golden as it is")
        let picture = try PNGDecoder.decodeFile(atPath: root + "/" + actual)
        #expect(picture.width == 200 && picture.height == 300)
        #expect(try PNGDecoder.decodeFile(atPath: root + "/" + diff).width == 200)
        #expect(r.trace.map { FileTree.exists(root + "/" + $0) } == true)
        #expect(mid.traceViewer.map { FileTree.exists(root + "/" + $0) } == true)
        // Its passing sibling left no folder.
        #expect(!FileTree.exists(root + "/" + entry(f, "a").artifactFolder + "/start"))

        // A masked snapshot keeps the masked golden as expected.png.
        let m = await SnapshotRun.run(entry(f, "m"), options: SuiteOptions(), resultsRoot: root)
        let covered = try #require(m.snapshots.first)
        #expect(covered.status == .failed && (covered.differing ?? 0) > 0)
        let masked = try PNGDecoder.decodeFile(atPath: root + "/" + (covered.expected ?? ""))
        #expect(masked.pixel(x: 10, y: 10) == (255, 0, 255, 255), "the mask is painted on the expected image")
    }

    /// Snapshots are compared as they render. A scenario that then fails as a whole (a mask
    /// outside a later snapshot) keeps nothing of the snapshots compared before it: its error
    /// is all the report shows.
    @Test func aScenarioErrorAfterAComparedSnapshotLeavesNoArtifacts() async throws {
        let f = try SuiteFixture()
        try f.write(
            "suite/e.json",
            """
            {"scene": "list", "size": [200, 300], "scale": 1, "fps": 20, "duration": 0.6, "rows": 60,
             "events": [{"at": 0, "snapshot": "early"}, {"at": 0.3, "snapshot": "late", "mask": [[180, 280, 50, 50]]}]}
            """)
        let root = f.path("direct")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let e = entry(f, "e")
        let r = await SnapshotRun.run(e, options: SuiteOptions(), resultsRoot: root)
        #expect(r.error?.contains("mask") == true, "\(r.error ?? "no error")")
        #expect(r.snapshots.isEmpty)
        #expect(
            !FileTree.exists(root + "/" + e.artifactFolder),
            "the missing 'early' left \(FileTree.entries(of: root + "/" + e.artifactFolder))")
    }
}
