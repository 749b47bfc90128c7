import Foundation
import Testing
@testable import Recording
@testable import Suite
import Support

/// `overscroll accept`: a results folder's actual images into the goldens, one snapshot or a
/// chosen set, without rendering; every refusal writes nothing.
@MainActor
@Suite struct AcceptTests {
    static let build = "overscroll test-build"

    /// Scenarios a (s0, s1) and b (s0) with goldens, then all three goldens perturbed and the
    /// suite run: three failures in `results`.
    func failingSuite() async throws -> SuiteFixture {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("s0", 0.1), ("s1", 0.5)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("s0", 0.3)]))
        try f.write("suite/c.json", SuiteFixture.listScenario([("s0", 0.2)]))
        #expect(
            await f.run {
                $0.options.update = .missing; $0.version = Self.build
            } == 0)
        for g in ["a/s0", "a/s1", "b/s0"] { try SuiteFixture.perturb(f.path("suite/__snapshots__/\(g).png")) }
        #expect(await f.run { $0.version = Self.build } == 1)
        return f
    }

    func request(
        _ f: SuiteFixture, _ selectors: [String] = [], version: String = build,
        _ configure: (inout GoldenAccept.Request) -> Void = { _ in }
    ) -> GoldenAccept.Request {
        var r = GoldenAccept.Request(results: f.path("results"), version: version)
        r.base = f.root.path
        r.selection.selectors = selectors
        configure(&r)
        return r
    }

    func name(_ f: SuiteFixture, _ scenario: String, _ snapshot: String) -> String { f.path("suite/\(scenario).json") + ":" + snapshot }

    /// A snapshot's folder of artifacts, relative to the results folder.
    func artifacts(_ f: SuiteFixture, _ scenario: String, _ snapshot: String) -> String {
        SuiteEntry(path: f.path("suite/\(scenario).json"), frames: 0, snapshotNames: []).artifactFolder + "/" + snapshot
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func acceptingOneSnapshotRewritesExactlyThatGolden() async throws {
        let f = try await failingSuite()
        let before = Sandbox.tree(f.path("suite"))
        let outcome = try GoldenAccept.run(request(f, [name(f, "a", "s0")]))
        #expect(outcome.accepted.map(\.snapshot) == [name(f, "a", "s0")])
        let changed = Sandbox.changes(before, Sandbox.tree(f.path("suite")))
        #expect(changed == ["__snapshots__/a/s0.png", "__snapshots__/stack.json"] || changed == ["__snapshots__/a/s0.png"], "\(changed)")
        let actual = try #require(bytes(f.path("results/" + artifacts(f, "a", "s0") + "/actual.png")))
        #expect(bytes(f.path("suite/__snapshots__/a/s0.png")) == actual)
        // The record: old, new, diff and accepted.json.
        let record = f.path("results/accepted")
        let a0 = artifacts(f, "a", "s0")
        for file in ["accepted.json", a0 + "/old.png", a0 + "/new.png", a0 + "/diff.png"] {
            #expect(FileManager.default.fileExists(atPath: record + "/" + file), "\(file)")
        }
        // The suite now passes that snapshot, and only that one.
        #expect(await f.run { $0.version = Self.build } == 1)
        let statuses = try f.results().scenarios.flatMap { sc in
            sc.snapshots.map {
                SuiteEntry(path: sc.scenario, frames: 0, snapshotNames: []).baseName + "/" + $0.snapshot + " " + $0.status.rawValue
            }
        }
        #expect(statuses.sorted() == ["a/s0 passed", "a/s1 failed", "b/s0 failed", "c/s0 passed"])
    }

    @Test func aRegularExpressionAndTheGroupFlagsChooseSets() async throws {
        let f = try await failingSuite()
        var outcome = try GoldenAccept.run(request(f, ["a\\.json:s"]) { $0.dryRun = true })
        #expect(outcome.accepted.map(\.snapshot) == [name(f, "a", "s0"), name(f, "a", "s1")])
        outcome = try GoldenAccept.run(
            request(f) {
                $0.selection.failed = true; $0.dryRun = true
            })
        #expect(outcome.accepted.count == 3)
        outcome = try GoldenAccept.run(request(f) { $0.selection.all = true })
        #expect(outcome.accepted.count == 3)
        #expect(await f.run { $0.version = Self.build } == 0)
    }

    /// A merged CI report folder of three shards: its images are accepted as a local run's.
    @Test func acceptingFromAMergedThreeShardReport() async throws {
        let f = try await failingSuite()
        for i in 1...3 {
            _ = await f.run {
                $0.version = Self.build; $0.shard = (i, 3); $0.artifacts = f.path("shard-\(i)")
            }
        }
        let merged = try SuiteMerge.merge(
            (1...3).map { f.path("shard-\($0)") }, into: f.path("merged"), command: "overscroll merge-reports")
        #expect(merged.failed == 3)
        let outcome = try GoldenAccept.run(
            GoldenAccept.Request(results: f.path("merged"), version: Self.build).with {
                $0.selection.failed = true; $0.base = f.root.path
            })
        #expect(outcome.accepted.count == 3)
        #expect(FileManager.default.fileExists(atPath: f.path("merged/accepted/accepted.json")))
        #expect(await f.run { $0.version = Self.build } == 0)
    }

    /// A run writing the suite's goldens (`--update`) holds its lock: accept fails at once.
    @Test func aConcurrentWriterOfTheGoldensIsRefused() async throws {
        let f = try await failingSuite()
        let lock = try FolderLock(path: f.path("suite/.__snapshots__.lock"), flag: "--update", display: f.path("suite/__snapshots__"))
        refused(f, request(f, [name(f, "a", "s0")]), "another overscroll run is writing")
        withExtendedLifetime(lock) {}
    }

    @Test func aDryRunWritesNothing() async throws {
        let f = try await failingSuite()
        let before = Sandbox.tree(f.root.path)
        let outcome = try GoldenAccept.run(
            request(f) {
                $0.selection.all = true; $0.dryRun = true
            })
        #expect(outcome.accepted.count == 3)
        #expect(Sandbox.changes(before, Sandbox.tree(f.root.path)) == [])
    }

    /// Each refusal: its message, and not one file changed.
    func refused(
        _ f: SuiteFixture, _ r: GoldenAccept.Request, _ words: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = Sandbox.tree(f.root.path)
        do {
            let outcome = try GoldenAccept.run(r)
            Issue.record("accepted \(outcome.accepted.map(\.snapshot)) instead of refusing", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
        }
        #expect(Sandbox.changes(before, Sandbox.tree(f.root.path)) == [], sourceLocation: sourceLocation)
    }

    /// #44 item 3: run in the wrong folder, accept names the folder the tests ran in.
    @Test func aScenarioNotFoundHereNamesTheFolderTheTestsRanIn() async throws {
        let f = try await failingSuite()
        let suite = try f.results("results")
        var scenario = try #require(suite.scenarios.first)
        scenario.scenario = "elsewhere/a.json"
        scenario.goldens = "elsewhere/__snapshots__/a"
        var snapshot = try #require(scenario.snapshots.first)
        snapshot.golden = "elsewhere/__snapshots__/a/" + snapshot.snapshot + ".png"
        do {
            _ = try GoldenAccept.check(
                scenario, snapshot, results: "merged", base: FileManager.default.currentDirectoryPath, ranIn: "/builds/ci/project")
            Issue.record("accepted a scenario that is not here")
        } catch {
            #expect(
                error.description.contains(
                    "no scenario file elsewhere/a.json here; run accept in the folder `overscroll test` ran in"
                        + " (results.json records /builds/ci/project: the same folder of your checkout, usually its root)"),
                "\(error)")
        }
    }

    @Test func refusalsChangeNothing() async throws {
        let f = try await failingSuite()
        refused(f, request(f, [name(f, "a", "s0")], version: "overscroll 9.9.9 (commit 000000000000)"), "not by this overscroll 9.9.9")
        refused(f, request(f, ["nothing-like-this"]), "'nothing-like-this' matches no snapshot")
        refused(f, request(f, ["("]), "not a regular expression")
        refused(f, request(f), "name what to accept")
        refused(f, request(f) { $0.selection.missing = true }, "--missing: no missing golden")
        refused(f, request(f, [name(f, "a", "s0")]) { $0.results = f.path("nowhere") }, "no such results folder")
        // A snapshot that passed has nothing to accept.
        refused(f, request(f, ["c\\.json"]), "(it passed)")
        // --force takes results of another build.
        let forced = try GoldenAccept.run(
            request(f, [name(f, "a", "s1")], version: "other") {
                $0.force = true; $0.dryRun = true
            })
        #expect(forced.accepted.count == 1)
    }

    @Test func aGoldenChangedSinceTheRunIsRefused() async throws {
        let f = try await failingSuite()
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/s0.png"), x: 40, y: 40)
        refused(f, request(f, [name(f, "a", "s0")]), "changed since the run")
        try FileManager.default.removeItem(atPath: f.path("suite/__snapshots__/a/s1.png"))
        refused(f, request(f, [name(f, "a", "s1")]), "deleted since the run")
        // The other snapshots are still accepted.
        #expect(try GoldenAccept.run(request(f, [name(f, "b", "s0")])).accepted.count == 1)
    }

    @Test func aFlakySnapshotIsNeverAccepted() async throws {
        let f = try await failingSuite()
        var suite = try f.results()
        suite.scenarios[0].snapshots[0].status = .flaky
        let encoder = JSONEncoder()
        try encoder.encode(suite).write(to: URL(fileURLWithPath: f.path("results/results.json")))
        refused(f, request(f, [name(f, "a", "s0")]), "is flaky")
        let outcome = try GoldenAccept.run(
            request(f) {
                $0.selection.all = true; $0.dryRun = true
            })
        #expect(outcome.accepted.count == 2)
        #expect(outcome.notes.contains { $0.contains("is flaky") })
    }

    @Test func acceptingTwiceSaysAlreadyAccepted() async throws {
        let f = try await failingSuite()
        _ = try GoldenAccept.run(request(f, [name(f, "a", "s0")]))
        let again = try GoldenAccept.run(request(f, [name(f, "a", "s0")]))
        #expect(again.accepted.isEmpty)
        #expect(again.alreadyAccepted == [name(f, "a", "s0")])
    }

    @Test func linksAreNeverFollowed() async throws {
        let f = try await failingSuite()
        let sandbox = try Sandbox()
        let decoy = sandbox.outside + "/secret.png"
        let decoys = Sandbox.tree(sandbox.outside)
        // A golden that became a link to a decoy: refused, the decoy untouched.
        let golden = f.path("suite/__snapshots__/b/s0.png")
        try FileManager.default.removeItem(atPath: golden)
        try FileManager.default.createSymbolicLink(atPath: golden, withDestinationPath: decoy)
        refused(f, request(f, [name(f, "b", "s0")]), "a symlink")
        // An actual image that is a link to a decoy: refused.
        let actual = f.path("results/" + artifacts(f, "a", "s1") + "/actual.png")
        try FileManager.default.removeItem(atPath: actual)
        try FileManager.default.createSymbolicLink(atPath: actual, withDestinationPath: decoy)
        refused(f, request(f, [name(f, "a", "s1")]), "never through a link")
        // A golden folder that is a link to a decoy folder holding the same golden: refused.
        let folder = f.path("suite/__snapshots__/a")
        try FileManager.default.moveItem(atPath: folder, toPath: sandbox.outside + "/dir/a")
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: sandbox.outside + "/dir/a")
        let inside = Sandbox.tree(sandbox.outside)
        refused(f, request(f, [name(f, "a", "s0")]), "is a symlink")
        #expect(Sandbox.changes(inside, Sandbox.tree(sandbox.outside)) == [])
        #expect(Sandbox.changes(decoys, Sandbox.tree(sandbox.outside)).allSatisfy { $0.hasPrefix("dir/a") })
    }

    @Test func theConsoleNamesTheImagesAndTheAcceptCommand() async throws {
        let f = try await failingSuite()
        let results = f.path("results")
        #expect(f.text.contains("      expected:  \(results)/\(artifacts(f, "a", "s0"))/expected.png"), "\(f.text)")
        #expect(f.text.contains("      actual:    \(results)/\(artifacts(f, "a", "s0"))/actual.png"))
        #expect(f.text.contains("      diff:      \(results)/\(artifacts(f, "a", "s0"))/diff.png"))
        #expect(f.text.contains("      accept:    overscroll accept \(results) \(name(f, "a", "s0"))"))
    }

    @Test func theReportOffersTheCommandEscaped() async throws {
        let f = try await failingSuite()
        let html = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(
            html.contains(
                "copy accept command</button><textarea class=\"cmd\" rows=\"1\" readonly aria-label=\"accept command\">overscroll accept"
                    + " \(f.path("results")) \(name(f, "a", "s0"))</textarea>"))
        #expect(html.contains("copy accept command for the shown"))
        #expect(html.contains("data-accept=\"\(name(f, "b", "s0"))\""))
        let field = SuiteReport.acceptField(AcceptSelection.command(results: "r\"<b>'", names: ["x y"]), label: "copy")
        #expect(field.contains(">overscroll accept &#39;r&quot;&lt;b&gt;&#39;\\&#39;&#39;&#39; &#39;x y&#39;</textarea>"), "\(field)")
        #expect(field.contains("data-command=\"overscroll accept &#39;r&quot;&lt;b&gt;&#39;\\&#39;&#39;&#39; &#39;x y&#39;\""), "\(field)")
        #expect(!field.contains("<b>"))
    }
}

extension GoldenAccept.Request {
    /// A copy with `change` applied.
    func with(_ change: (inout Self) -> Void) -> Self { var r = self; change(&r); return r }
}
