import Foundation
import Imaging
import Rendering
import Testing
@testable import Recording
@testable import Suite

/// `overscroll test` in this process: goldens made, compared, updated, pruned; artifacts,
/// results.json, JUnit; bad input.
@MainActor
@Suite struct SuiteRunnerTests {
    static let two = SuiteFixture.listScenario([("start", 0), ("mid", 0.3), ("off-grid", 0.33)])

    @Test func goldensAreCreatedThenPassThenAChangeFailsWithArtifacts() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        try f.write("suite/notes.json", "{\"title\": \"not a scenario\"}")

        #expect(await f.run() == 1, "missing goldens fail")
        #expect(f.text.contains("3 missing goldens"))
        #expect(f.text.contains("stderr: note: \(f.path("suite/notes.json")): not a scenario"))
        #expect(try f.results().snapshots.map(\.status) == [.missing, .missing, .missing])

        #expect(await f.run { $0.options.update = .missing } == 0)
        #expect(f.text.contains("goldens: 3 created, 0 changed, 0 unchanged"))
        let golden = f.path("suite/__snapshots__/a/mid.png")
        #expect(FileManager.default.fileExists(atPath: golden))

        #expect(await f.run() == 0)
        #expect(f.text.contains("✓ \(f.path("suite/a.json"))  3 passed"))
        #expect(
            !FileManager.default.fileExists(
                atPath: f.path("results") + "/" + SuiteEntry(path: f.path("suite/a.json"), frames: 0, snapshotNames: []).artifactFolder))

        try SuiteFixture.perturb(golden)
        #expect(await f.run() == 1)
        #expect(f.text.contains("mid (t = 0.3 s): 36 differing pixels"))
        let result = try f.results()
        let mid = try #require(result.snapshots.first { $0.snapshot == "mid" })
        #expect(mid.status == .failed && mid.differing == 36)
        for artifact in [mid.expected, mid.actual, mid.diff] {
            let rel = try #require(artifact)
            #expect(FileManager.default.fileExists(atPath: f.path("results") + "/" + rel), "\(rel)")
        }
        #expect(result.scenarios[0].trace.map { FileManager.default.fileExists(atPath: f.path("results") + "/" + $0) } == true)
        #expect(result.snapshots.filter { $0.snapshot != "mid" }.allSatisfy { $0.expected == nil && $0.actual == nil })
        #expect(FileManager.default.fileExists(atPath: f.path("results/report/index.html")))

        // A tolerance from the command line or the snapshot lets it pass.
        #expect(await f.run { $0.options.maxDiffPixels = 36 } == 0)

        // --update=changed rewrites only the changed golden.
        let before = try Data(contentsOf: URL(fileURLWithPath: f.path("suite/__snapshots__/a/start.png")))
        let startDate =
            try FileManager.default.attributesOfItem(atPath: f.path("suite/__snapshots__/a/start.png"))[.modificationDate] as? Date
        #expect(await f.run { $0.options.update = .changed } == 0)
        #expect(f.text.contains("goldens: 0 created, 1 changed, 2 unchanged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.path("suite/__snapshots__/a/start.png"))) == before)
        #expect(
            try FileManager.default.attributesOfItem(atPath: f.path("suite/__snapshots__/a/start.png"))[.modificationDate] as? Date
                == startDate)
        #expect(await f.run() == 0)
    }

    @Test func aSnapshotOnTheGridIsByteForByteTheRecordedFrame() async throws {
        let f = try SuiteFixture()
        let file = try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        let out = URL(fileURLWithPath: f.path("recording"))
        var o = RecordOptions()
        o.progress = false
        o.pictures = false
        let scenario = try ScenarioFile.load(file)
        try await Recorder(renderer: CairoRenderer()).record(scenario, to: out, options: o)
        for (name, frame) in [("start", 0), ("mid", 6)] {
            let golden = try Data(contentsOf: URL(fileURLWithPath: f.path("suite/__snapshots__/a/\(name).png")))
            let recorded = try Data(contentsOf: out.appendingPathComponent(Recorder.frameName(frame)))
            #expect(golden == recorded, "\(name) is frame \(frame)")
        }
    }

    @Test func resultsFolderIsReplacedNotMerged() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run() == 1)
        let stale = try f.results().snapshots.compactMap(\.actual)
        #expect(!stale.isEmpty)
        #expect(await f.run { $0.options.update = .missing } == 0)
        #expect(try f.results().snapshots.allSatisfy { $0.written == .created && $0.actual != nil }, "new goldens kept for review")
        #expect(await f.run() == 0)
        for rel in stale { #expect(!FileManager.default.fileExists(atPath: f.path("results") + "/" + rel), "stale \(rel)") }
        #expect(try f.results().snapshots.allSatisfy { $0.actual == nil })
    }

    @Test func obsoleteGoldensAreCountedAndPrunedAlone() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        let old = f.path("suite/__snapshots__/a/renamed-away.png")
        try FileManager.default.copyItem(atPath: f.path("suite/__snapshots__/a/mid.png"), toPath: old)
        try f.write("suite/__snapshots__/a/notes.txt", "kept")
        #expect(await f.run() == 0, "obsolete goldens do not fail the run")
        #expect(f.text.contains("1 obsolete golden ("))
        #expect(f.text.contains(old))
        #expect(await f.run { $0.prune = true } == 0)
        #expect(f.text.contains("1 obsolete golden ("), "the count is what was found")
        #expect(f.text.contains("pruned 1 obsolete golden:\n    \(old)"))
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: f.path("suite/__snapshots__/a/notes.txt")))
        #expect(FileManager.default.fileExists(atPath: f.path("suite/__snapshots__/a/mid.png")))
    }

    @Test func masksHideRegionsOnBothImages() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("mid", 0.3)], extra: #", "mask": [[5, 5, 20, 20]]"#))
        #expect(await f.run { $0.options.update = .missing } == 0)
        let golden = f.path("suite/__snapshots__/a/mid.png")
        let image = try PNGDecoder.decodeFile(atPath: golden)
        #expect(image.pixel(x: 10, y: 10) == (255, 0, 255, 255), "the golden holds the mask colour")
        try SuiteFixture.perturb(golden, x: 8, y: 8, size: 10)
        #expect(await f.run() == 0, "a change under the mask does not count")
        try SuiteFixture.perturb(golden, x: 100, y: 100, size: 4)
        #expect(await f.run() == 1, "outside the mask it does")
    }

    @Test func badInputIsOneLineEach() async throws {
        let f = try SuiteFixture()
        try f.write("suite/late.json", SuiteFixture.listScenario([("late", 0.9)]))
        #expect(await f.run() == 2)
        #expect(f.text.contains("late.json: events[1]: snapshot 'late' at 0.9 s is after the scenario's duration (0.6 s)"))

        let g = try SuiteFixture()
        try g.write("suite/mask.json", SuiteFixture.listScenario([("m", 0.3)], extra: #", "mask": [[190, 0, 20, 20]]"#))
        #expect(await g.run() == 2)
        #expect(g.text.contains("mask.json: events[1].mask[0]: [190, 0, 20, 20] lies outside the 200×300 frame"))
        #expect(!FileManager.default.fileExists(atPath: g.path("suite/__snapshots__")), "nothing written outside the results")

        let h = try SuiteFixture()
        try h.write("suite/a.json", Self.two)
        #expect(await h.run { $0.options.update = .missing } == 0)
        try h.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3), ("off-grid", 0.33)], size: "[210, 300]"))
        #expect(await h.run() == 1)
        #expect(h.text.contains("golden \(h.path("suite/__snapshots__/a/start.png")) is 200×300 but the snapshot is 210×300"))
        #expect(!h.text.contains("staging"), "never a temporary path")
        try h.write("suite/__snapshots__/a/start.png", "not a png")
        #expect(await h.run() == 2)
        #expect(h.text.contains("\(h.path("suite/__snapshots__/a/start.png")): not a PNG image (unreadable golden)"))
        #expect(await h.run { $0.options.update = .changed } == 0, "an update may replace an unreadable golden")
        #expect(h.text.contains("goldens: 0 created, 3 changed, 0 unchanged"))

        #expect(await h.run([h.path("nowhere")]) == 2)
        #expect(h.text.contains("nowhere: no such file or folder"))
        #expect(await h.run { $0.grep = "no-such-name" } == 2)
    }

    @Test func grepPicksScenariosByPathOrSnapshotName() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        try f.write("suite/sub/b.json", SuiteFixture.listScenario([("bee", 0.1)]))
        #expect(
            await f.run {
                $0.grep = "bee"; $0.options.update = .missing
            } == 0)
        #expect(try f.results().scenarios.map(\.scenario) == [f.path("suite/sub/b.json")])
        #expect(await f.run { $0.grep = "a.json" } == 1)
        #expect(try f.results().scenarios.map(\.scenario) == [f.path("suite/a.json")])
    }

    @Test func artifactsMayNotOverlapInputs() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.artifacts = f.path("suite/__snapshots__") } == 2)
        #expect(f.text.contains("--artifacts"))
        #expect(await f.run { $0.artifacts = f.path("suite/a.json") } == 2)
        #expect(FileManager.default.fileExists(atPath: f.path("suite/a.json")))
        #expect(await f.run { $0.resultFiles = [ResultFile(JUnitWriter(), path: f.path("suite/a.json"))] } == 2)
        #expect(try String(contentsOfFile: f.path("suite/a.json"), encoding: .utf8) == Self.two)
    }

    @Test func junitHasOneTestcasePerSnapshot() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        #expect(await f.run { $0.resultFiles = [ResultFile(JUnitWriter(), path: f.path("junit.xml"))] } == 1)
        let xml = try String(contentsOfFile: f.path("junit.xml"), encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(
            xml.contains("<failure message=\"36 differing pixels (0.06 %), over the limit of 0 pixels, threshold 0.1\" type=\"mismatch\">"))
        #expect(xml.contains("diff: [[ATTACHMENT|\(f.path("results"))/"))
        #expect(xml.contains("failures=\"1\""))
    }

    @Test func aWorkerThatDiesFailsItsScenarioNotTheRun() async throws {
        let f = try SuiteFixture()
        for name in ["a", "b", "c", "d"] { try f.write("suite/\(name).json", Self.two) }
        #expect(await f.run { $0.options.update = .missing } == 0)
        let status = await f.run {
            $0.workers = 2; $0.workerExecutable = "/bin/false"
        }
        let results = try f.results()
        #expect(results.scenarios.count == 4, "every scenario has a result")
        for s in results.scenarios where s.error != nil {
            #expect(s.error == "\(s.scenario): the worker exited with status 1", "\(s.error ?? "")")
        }
        #expect(status == (results.errors > 0 ? 2 : 0))
        #expect(results.scenarios.contains { $0.error == nil }, "this process ran its own lane")
    }

    @Test func shardsPartitionTheSuiteDeterministically() {
        let entries = (0..<9).map { SuiteEntry(path: "s\($0).json", frames: [10, 300, 20, 50, 300, 5, 70, 80, 1][$0], snapshotNames: []) }
        for n in 1...4 {
            let shards = (1...n).map { SuiteDiscovery.shard(entries, index: $0, count: n) }
            #expect(shards.flatMap { $0 }.map(\.path).sorted() == entries.map(\.path).sorted(), "every scenario in exactly one shard")
            #expect(shards == (1...n).map { SuiteDiscovery.shard(entries.reversed(), index: $0, count: n) }, "independent of input order")
            for s in shards { #expect(s.map(\.path) == s.map(\.path).sorted()) }
        }
        let halves = (1...2).map { SuiteDiscovery.shard(entries, index: $0, count: 2).reduce(0) { $0 + $1.frames } }
        #expect(halves.sorted() == [416, 420], "balanced by frame count (greedy, largest first)")
    }
}
