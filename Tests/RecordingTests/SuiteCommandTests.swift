import Foundation
import Testing
@testable import Recording
@testable import Suite

/// `overscroll test` and `overscroll merge-reports` through the built program: parallel worker
/// processes, shards, merged reports, usage errors.
@MainActor
@Suite struct SuiteCommandTests {
    func binary() -> String? { CommandLineRunner.binary("overscroll")?.path }

    func cli(_ args: [String], in folder: String) throws -> (status: Int32, out: String, err: String) {
        let r = try CommandLineRunner.run("overscroll", args, in: folder)
        return (r.status, r.out, r.err)
    }

    func suite() throws -> SuiteFixture {
        let f = try SuiteFixture()
        for (i, name) in ["a", "b", "c", "d", "e"].enumerated() {
            try f.write("suite/\(i % 2 == 0 ? "" : "sub/")\(name).json", SuiteFixture.listScenario([("s0", 0.1 * Double(i)), ("s1", 0.55)]))
        }
        return f
    }

    @Test func workersShardsAndMergedReports() throws {
        #expect(binary() != nil, "the overscroll binary is built by `swift build --build-tests`")
        let f = try suite()
        let root = f.root.path
        var r = try cli(["test", "suite", "--workers", "2", "--update=missing"], in: root)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("5 scenarios, 10 snapshots: 0 passed, 0 failed, 0 missing goldens, 10 updated"))
        #expect(r.out.contains("goldens: 10 created, 0 changed, 0 unchanged"))
        #expect(FileManager.default.fileExists(atPath: f.path("suite/sub/__snapshots__/b/s1.png")))
        #expect(FileManager.default.fileExists(atPath: f.path("test-results/results.json")), "default results folder")

        try SuiteFixture.perturb(f.path("suite/__snapshots__/c/s1.png"))
        try FileManager.default.removeItem(atPath: f.path("suite/sub/__snapshots__/d/s0.png"))
        r = try cli(["test", "suite", "--workers", "2"], in: root)
        #expect(r.status == 1)
        #expect(r.out.contains("✗ suite/c.json  1 failed, 1 passed"))
        #expect(r.out.contains("✗ suite/sub/d.json  1 passed, 1 missing"))
        #expect(r.out.contains("8 passed, 1 failed, 1 missing golden,"))
        let whole = try f.results("test-results")

        var shardPaths: [[String]] = []
        for i in 1...2 {
            r = try cli(["test", "suite", "--workers", "2", "--shard", "\(i)/2", "--artifacts", "shard-\(i)"], in: root)
            #expect(r.status == 0 || r.status == 1)
            let part = try f.results("shard-\(i)")
            #expect(part.shards == ["\(i)/2"])
            shardPaths.append(part.scenarios.map(\.scenario))
        }
        #expect(Set(shardPaths[0]).isDisjoint(with: shardPaths[1]))
        #expect((shardPaths[0] + shardPaths[1]).sorted() == whole.scenarios.map(\.scenario))

        r = try cli(["merge-reports", "shard-1", "shard-2", "--artifacts", "merged", "--junit", "merged.xml"], in: root)
        #expect(r.status == 1, "\(r.err)")
        let merged = try f.results("merged")
        #expect(merged.scenarios.map(\.scenario) == whole.scenarios.map(\.scenario))
        #expect(merged.snapshots.map(\.status) == whole.snapshots.map(\.status))
        #expect(merged.shards == ["1/2", "2/2"])
        for s in merged.snapshots {
            for rel in [s.expected, s.actual, s.diff].compactMap({ $0 }) {
                #expect(FileManager.default.fileExists(atPath: f.path("merged/" + rel)), "\(rel)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: f.path("merged/report/index.html")))
        // #44 item 14: the merged report says which command made it.
        let mergedReport = try String(contentsOfFile: f.path("merged/report/index.html"), encoding: .utf8)
        #expect(mergedReport.contains("<title>overscroll merge-reports report</title>"))
        #expect(mergedReport.contains("<h1>overscroll merge-reports — "))
        #expect(mergedReport.contains("<dt>accept in</dt><dd><code>"), "where the copied accept commands run")
        #expect(try String(contentsOfFile: f.path("merged.xml"), encoding: .utf8).components(separatedBy: "<testcase ").count - 1 == 10)
        // Which build made the results: `overscroll --version`, in results.json, the JUnit file and the report.
        let version = try cli(["--version"], in: root).out.trimmingCharacters(in: .newlines)
        #expect(version.hasPrefix("overscroll ") && version.contains("(commit "))
        #expect(whole.version == version && merged.version == version)
        #expect(
            try String(contentsOfFile: f.path("merged.xml"), encoding: .utf8).contains(
                "<property name=\"overscroll.version\" value=\"\(version)\"/>"))
        #expect(
            try String(contentsOfFile: f.path("merged/report/index.html"), encoding: .utf8).contains("<dt>build</dt><dd>\(version)</dd>"))

        r = try cli(["merge-reports", "shard-1", "shard-1"], in: root)
        #expect(r.status == 2 && r.err.contains("shard 1/2 given twice"), "\(r.err)")
        r = try cli(["merge-reports", "shard-1", "--artifacts", "shard-1"], in: root)
        #expect(r.status == 2 && r.err.contains("--artifacts"))
    }

    @Test(arguments: [
        (["test", "suite", "--shard", "3/2"], "--shard"),
        (["test", "suite", "--shard", "0/2"], "--shard"),
        (["test", "suite", "--shard", "x"], "--shard"),
        (["test", "suite", "--update=sometimes"], "--update"),
        (["test", "suite", "--workers", "0"], "--workers"),
        (["test", "suite", "--frobnicate"], "--frobnicate"),
        (["test", "suite", "--lottie-timeout", "-1"], "--lottie-timeout"),
        (["merge-reports"], "merge-reports"),
        (["test", "suite", "--grep", "--artifacts", "x"], "--grep needs a value, got the flag --artifacts (write --grep=--artifacts"),
        (["test", "suite", "--grep", "("], "--grep '(' is not a regular expression")
    ])
    func usageErrorsAreOneLineAndExitTwo(args: [String], flag: String) throws {
        let f = try suite()
        let r = try cli(args, in: f.root.path)
        #expect(r.status == 2)
        #expect(r.err.contains(flag) && r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: f.path("test-results")), "nothing written")
    }
}
