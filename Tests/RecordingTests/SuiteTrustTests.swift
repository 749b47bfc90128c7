import Foundation
import Testing
@testable import Recording
@testable import Suite

/// What makes a green suite trustworthy: a broken scenario is an error, not a note; shard sets
/// are complete and consistent; goldens of gone scenarios are reported and pruned; rewritten
/// goldens are reviewable; reserved names; one unreadable golden fails only its snapshot;
/// selection by regex and by the last failures.
@MainActor
@Suite struct SuiteTrustTests {
    static let two = SuiteFixture.listScenario([("start", 0), ("mid", 0.3)])

    @Test func aBrokenScenarioInAFolderIsAnErrorWithLineAndColumn() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        // A trailing comma: still a scenario (top-level "scene"), so an error, not a note.
        try f.write("suite/broken.json", "{\"scene\": \"list\",\n \"events\": [],\n}")
        try f.write("suite/anim.json", "{\"v\": \"5.7.4\", \"layers\": [{\"scene\": 1}]}")
        #expect(await f.run { $0.options.update = .missing } == 2)
        #expect(f.text.contains("\(f.path("suite/broken.json")): not valid JSON (line 3, column 1"), "\(f.text)")
        #expect(f.text.contains("note: \(f.path("suite/anim.json")): not a scenario"), "nested keys do not count")
        #expect(!f.text.contains("broken.json: not a scenario"))
        let results = try f.results()
        #expect(results.scenarios.map(\.scenario) == [f.path("suite/a.json"), f.path("suite/broken.json")])
        #expect(results.errors == 1)
        // Invalid JSON without the keys may be a scenario whose typo hides them: an error with
        // line and column before anything runs, never a note (issue 33).
        try f.write("suite/notes.json", "{\"title\": \"not a scenario\",}")
        #expect(await f.run { $0.options.update = .missing } == 2)
        #expect(f.text.contains("\(f.path("suite/notes.json")): not valid JSON (line 1, column 28"), "\(f.text)")
        #expect(!f.text.contains("notes.json: not a scenario"))
        try FileManager.default.removeItem(atPath: f.path("suite/notes.json"))
        // Given as a file, the same error.
        #expect(await f.run([f.path("suite/broken.json")]) == 2)
        #expect(f.text.contains("\(f.path("suite/broken.json")): not valid JSON (line 3, column 1"))

        #expect(
            ScenarioMarker.topLevelKeys("{\"scene\": \"list\", \"events\": [{\"at\": 1,}], \"x\": {\"events\": 1}") == [
                "scene", "events", "x"
            ])
        #expect(ScenarioMarker.topLevelKeys("[{\"scene\": 1}]").isEmpty)
        #expect(ScenarioMarker.marks("{\"sc\\\"ene\": 1, \"events\" : [}"))
    }

    @Test func goldensOfAGoneScenarioAreObsoleteAndPruned() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        try f.write("suite/b.json", Self.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        try FileManager.default.removeItem(atPath: f.path("suite/b.json"))
        #expect(await f.run() == 0, "obsolete goldens do not fail the run")
        #expect(f.text.contains("2 obsolete goldens"), "\(f.text)")
        #expect(f.text.contains("\(f.path("suite/__snapshots__/b"))/ (no scenario b.json beside __snapshots__): mid.png, start.png"))
        #expect(
            try f.results().obsoleteFolders == [ObsoleteFolder(folder: f.path("suite/__snapshots__/b"), files: ["mid.png", "start.png"])])
        #expect(try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8).contains("__snapshots__/b/mid.png"))
        // A selection does not see the whole suite: it says so, never "0".
        #expect(await f.run { $0.grep = "a" } == 0)
        #expect(f.text.contains("obsolete goldens not checked (--grep)"), "\(f.text)")
        #expect(await f.run { $0.prune = true } == 0)
        #expect(f.text.contains("pruned 2 obsolete goldens:"))
        #expect(!FileManager.default.fileExists(atPath: f.path("suite/__snapshots__/b")), "the emptied folder goes too")
        #expect(FileManager.default.fileExists(atPath: f.path("suite/__snapshots__/a/mid.png")))
        // A folder with a file overscroll did not write keeps it.
        try f.write("suite/__snapshots__/c/x.png", "not really a png")
        try f.write("suite/__snapshots__/c/README", "mine")
        #expect(await f.run { $0.prune = true } == 0)
        #expect(!FileManager.default.fileExists(atPath: f.path("suite/__snapshots__/c/x.png")))
        #expect(FileManager.default.fileExists(atPath: f.path("suite/__snapshots__/c/README")))
        // A link in __snapshots__ is not followed: a decoy folder's PNG is neither reported nor pruned.
        try f.write("decoy/keep.png", "decoy")
        try FileManager.default.createSymbolicLink(atPath: f.path("suite/__snapshots__/linked"), withDestinationPath: f.path("decoy"))
        #expect(await f.run { $0.prune = true } == 0)
        #expect(f.text.contains("pruned 0 obsolete goldens"), "\(f.text)")
        #expect(FileManager.default.fileExists(atPath: f.path("decoy/keep.png")))
    }

    @Test func anUpdateKeepsOldNewAndDiffAndTheSummaryIsTrue() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.options.update = .missing } == 0)
        let golden = f.path("suite/__snapshots__/a/mid.png")
        try SuiteFixture.perturb(golden)
        let old = try Data(contentsOf: URL(fileURLWithPath: golden))
        #expect(await f.run { $0.options.update = .changed } == 0)
        #expect(f.text.contains("2 snapshots: 1 passed, 0 failed, 0 missing goldens, 1 updated"), "\(f.text)")
        let results = try f.results()
        #expect(results.summary?.updated == 1 && results.summary?.failed == 0 && results.summary?.passed == 1)
        #expect(results.summary?.changed == 1)
        let mid = try #require(results.snapshots.first { $0.snapshot == "mid" })
        #expect(mid.status == .failed && mid.written == .changed)
        let kept = try #require(mid.expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.path("results/" + kept))) == old, "the old golden is kept")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: f.path("results/" + (mid.actual ?? ""))))
                == Data(contentsOf: URL(fileURLWithPath: golden)))
        #expect(mid.diff.map { FileManager.default.fileExists(atPath: f.path("results/" + $0)) } == true)
        let page = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(page.contains("<h2>Goldens written</h2>"))
        #expect(page.contains("<figcaption>old</figcaption>") && page.contains("<figcaption>new</figcaption>"))
        #expect(page.contains("was</dt><dd>36 differing pixels (0.06 %), over the limit of 0 pixels"))
        #expect(!page.contains("within tolerance"))

        // --update=all rewrites a golden within tolerance too, and keeps it as reviewable.
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/start.png"))
        #expect(
            await f.run {
                $0.options.update = .all; $0.options.maxDiffPixels = 100
            } == 0)
        let start = try #require(try f.results().snapshots.first { $0.snapshot == "start" })
        #expect(start.status == .passed && start.written == .changed && start.differing == 36)
        #expect(
            [start.expected, start.actual, start.diff].allSatisfy {
                $0.map { FileManager.default.fileExists(atPath: f.path("results/" + $0)) } == true
            },
            "\(start)")
        #expect(
            try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8).contains(
                "was</dt><dd>36 differing pixels, within 100 pixels"))
    }

    @Test func theResultsFolderIsNeverASuiteFolderAndIsNotSearched() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", Self.two)
        #expect(await f.run { $0.artifacts = f.path("suite") } == 2)
        #expect(f.text.contains("--artifacts \(f.path("suite")): is the suite path"), "\(f.text)")
        #expect(await f.run { $0.artifacts = f.root.path } == 2)
        #expect(f.text.contains("contains the suite path"))
        #expect(
            await f.run {
                $0.artifacts = f.path("suite/out"); $0.options.update = .missing
            } == 0)
        #expect(FileManager.default.fileExists(atPath: f.path("suite/out/results.json")))
        #expect(await f.run { $0.artifacts = f.path("elsewhere") } == 0)
        #expect(!f.text.contains("note:"), "an earlier results folder is not searched: \(f.text)")
    }

    @Test func reservedNamesAreRefusedAndScenarioFoldersCannotCollide() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("trace.jsonl", 0.1)]))
        #expect(await f.run { $0.options.update = .missing } == 2)
        #expect(f.text.contains("events[1].snapshot: snapshot name 'trace.jsonl' is reserved"), "\(f.text)")
        #expect(!f.text.contains(".staging"))
        #expect(SuiteEntry(path: "report/a.json", frames: 0, snapshotNames: []).artifactFolder == "_report/a.json")
        #expect(SuiteEntry(path: "report.json", frames: 0, snapshotNames: []).artifactFolder == "report.json")
        #expect(SuiteEntry(path: "_report/a.json", frames: 0, snapshotNames: []).artifactFolder == "__report/a.json")
        #expect(SuiteEntry(path: "results.json", frames: 0, snapshotNames: []).artifactFolder == "_results.json")
        #expect(SuiteEntry(path: "../x/report.json", frames: 0, snapshotNames: []).artifactFolder == "_up/x/report.json")
        #expect(SuiteEntry(path: "_up/x.json", frames: 0, snapshotNames: []).artifactFolder == "__up/x.json")
        #expect(SuiteEntry(path: "__up__/x.json", frames: 0, snapshotNames: []).artifactFolder == "___up__/x.json")
    }

    @Test func anUnreadableGoldenFailsOnlyItsSnapshot() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3), ("end", 0.6)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: f.path("suite/__snapshots__/a/mid.png")))
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/end.png"))
        #expect(await f.run() == 2)
        let r = try f.results()
        #expect(r.scenarios[0].error == nil)
        #expect(r.snapshots.map(\.status) == [.passed, .error, .failed], "the other snapshots are still checked")
        #expect(r.snapshots[1].message?.contains("not a PNG image") == true)
        #expect(f.text.contains("1 failed, 1 passed, 1 unreadable golden"))
        // Rewriting fixes it.
        #expect(await f.run { $0.options.update = .changed } == 0)
        #expect(await f.run() == 0)

        // A mask of zero width covers nothing: refused, naming the field.
        try f.write("suite/m.json", SuiteFixture.listScenario([("s", 0.1)], extra: ", \"mask\": [[0, 0, 0, 10]]"))
        #expect(await f.run([f.path("suite/m.json")]) == 2)
        #expect(f.text.contains("events[1].mask[0]: a mask of zero width covers nothing"), "\(f.text)")
    }

    @Test func lastFailedAndGrepAsARegularExpression() async throws {
        let f = try SuiteFixture()
        for name in ["alpha", "beta", "gamma"] { try f.write("suite/\(name).json", Self.two) }
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/beta/mid.png"))
        #expect(await f.run() == 1)
        #expect(await f.run { $0.lastFailed = true } == 1)
        #expect(try f.results().scenarios.map(\.scenario) == [f.path("suite/beta.json")], "only what failed")
        #expect(
            await f.run {
                $0.options.update = .changed; $0.lastFailed = true
            } == 0)
        #expect(await f.run { $0.lastFailed = true } == 0)
        #expect(f.text.contains("nothing to run"))
        #expect(
            await f.run {
                $0.artifacts = f.path("fresh"); $0.lastFailed = true
            } == 2)
        #expect(f.text.contains("--last-failed: no \(f.path("fresh"))/results.json"))

        // A results.json of the format before this one still names what failed.
        try f.write(
            "old/results.json",
            """
            {"format": 1, "command": "overscroll test", "date": "2026-01-01T00:00:00Z", "threshold": 0.1, "shards": [],
             "scenarios": [{"scenario": "\(f.path("suite/gamma.json"))", "goldens": "g", "frames": 1, "seconds": 0, "error": "boom",
                            "snapshots": [], "obsolete": []}],
             "summary": {"scenarios": 1, "snapshots": 0, "passed": 0, "failed": 0, "missing": 0, "obsolete": 0, "errors": 1}}
            """)
        #expect(
            await f.run {
                $0.artifacts = f.path("old"); $0.lastFailed = true
            } == 0)
        #expect(try f.results("old").scenarios.map(\.scenario) == [f.path("suite/gamma.json")])

        #expect(await f.run { $0.grep = "/(alpha|gamma)\\.json$" } == 0)
        #expect(try f.results().scenarios.map(\.scenario) == [f.path("suite/alpha.json"), f.path("suite/gamma.json")])
        #expect(await f.run { $0.grepInvert = "ph?a\\." } == 0)
        #expect(try f.results().scenarios.map(\.scenario) == [f.path("suite/beta.json"), f.path("suite/gamma.json")])
        #expect(
            await f.run {
                $0.grep = "a"; $0.grepInvert = "^.*beta"
            } == 0)
        #expect(try f.results().scenarios.count == 2)
        #expect(await f.run { $0.grep = "(" } == 2)
        #expect(f.text.contains("--grep '(' is not a regular expression"), "\(f.text)")
    }

    @Test func mergeReportsNeedsOneCompleteShardSetOfOneSuite() async throws {
        let f = try SuiteFixture()
        for name in ["a", "b", "c"] { try f.write("suite/\(name).json", Self.two) }
        #expect(await f.run { $0.options.update = .missing } == 0)
        func shard(_ i: Int, _ n: Int, _ out: String, _ more: (inout SuiteRunner.Config) -> Void = { _ in }) async {
            _ = await f.run {
                $0.shard = (i, n); $0.artifacts = f.path(out); more(&$0)
            }
        }
        await shard(1, 2, "s1")
        await shard(2, 2, "s2")
        await shard(1, 3, "t1")
        await shard(2, 2, "tight", { $0.options.threshold = 0.05 })
        func merge(_ parts: [String], into out: String = "merged") -> String? {
            do { _ = try SuiteMerge.merge(parts.map(f.path), into: f.path(out), command: "merge"); return nil } catch {
                return "\(error)"
            }
        }
        #expect(merge(["s1"])?.contains("incomplete shard set: missing 2/2 (given 1/2)") == true, "\(merge(["s1"]) ?? "")")
        #expect(merge(["t1", "s2"])?.contains("shards of different totals: \(f.path("t1")) is 1/3 but \(f.path("s2")) is 2/2") == true)
        #expect(merge(["s1", "tight"])?.contains("ran with different options: --threshold 0.1 vs 0.05") == true)
        try f.write("suite/d.json", Self.two)
        await shard(2, 2, "grown")
        #expect(
            merge(["s1", "grown"])?.contains("ran different suites: \(f.path("suite/d.json")) only in \(f.path("grown"))") == true,
            "\(merge(["s1", "grown"]) ?? "")")
        #expect(!FileManager.default.fileExists(atPath: f.path("merged")), "nothing written")
        #expect(merge(["s2", "s1"]) == nil)
        #expect(try f.results("merged").shards == ["1/2", "2/2"])
        #expect(merge(["merged", "s1"], into: "again")?.contains("already a merge of shards 1/2, 2/2") == true, "a merge is not a shard")
        // A run without --shard is the whole suite (1/1): merged alone, never with shards.
        _ = await f.run { $0.artifacts = f.path("whole") }
        #expect(merge(["whole"]) == nil)
        #expect(merge(["whole", "s2"])?.contains("shards of different totals") == true)
    }
}
