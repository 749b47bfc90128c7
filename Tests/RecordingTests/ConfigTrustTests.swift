import Foundation
import Testing
import Support

/// Issue 43, item 3: the config in force is named (console, report, results.json, JUnit); the
/// search stops at the repository's top or the folder `test` was started in, so a parent
/// folder's `overscroll.json` never applies; one of another user or writable by others is refused.
@Suite struct ConfigTrustTests {
    /// A box without `.git` whose suite fails (its goldens drawn from another scenario).
    func failingSuiteWithoutGit() throws -> Sandbox {
        let s = try HostileTreeTests().suite()
        try HostileTreeTests().failingShard(s, "results")
        FileTree.remove(s.path(".git"))
        return s
    }

    @Test func aParentFoldersConfigNeverApplies() throws {
        let s = try failingSuiteWithoutGit()
        // Planted above the folder the run starts in (as in a world-writable /tmp).
        try Data("{\"threshold\": 1, \"maxDiffRatio\": 1}\n".utf8).write(to: URL(fileURLWithPath: s.root + "/overscroll.json"))
        let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"])
        #expect(r.status == 1, "the planted config turned the suite green: \(r.out) \(r.err)")
        #expect(!r.out.contains("config:"), "\(r.out)")
    }

    @Test func aConfigOfAnotherUserOrWritableByOthersIsRefused() throws {
        let s = try failingSuiteWithoutGit()
        let config = s.path("suite/overscroll.json")
        try s.write("suite/overscroll.json", "{\"threshold\": 1, \"maxDiffRatio\": 1}\n")
        var cases: [(setup: () -> Void, words: String)] = [({ chmod(config, 0o666) }, "writable by every user")]
        cases.append(({ chmod(config, 0o664) }, "writable by its group"))
        if geteuid() == 0 {
            cases.append(
                (
                    {
                        chmod(config, 0o644); lchown(config, 65534, 65534)
                    }, "owned by user 65534"
                ))
        }
        for c in cases {
            c.setup()
            let before = Sandbox.tree(s.box)
            let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results"])
            let lines = r.err.split(separator: "\n").filter { $0.hasPrefix("overscroll") }
            #expect(r.status == 2 && lines.count == 1, "\(c.words): \(r.status) \(r.err)")
            #expect(r.err.contains("suite/overscroll.json") && r.err.contains(c.words), "\(r.err)")
            #expect(Sandbox.changes(before, Sandbox.tree(s.box)).isEmpty, "\(c.words)")
        }
    }

    @Test func theConfigInForceIsNamedEverywhere() throws {
        let s = try failingSuiteWithoutGit()
        try s.write("suite/overscroll.json", "{\"threshold\": 0.2}\n")
        let r = try s.run(["test", "suite", "--workers", "1", "--artifacts", "results", "--junit", "j.xml"])
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("config: suite/overscroll.json"), "\(r.out)")
        let results = try String(contentsOfFile: s.path("results/results.json"), encoding: .utf8)
        #expect(results.contains("\"config\":\"suite/overscroll.json\"") || results.contains("\"config\" : \"suite/overscroll.json\""))
        let junit = try String(contentsOfFile: s.path("j.xml"), encoding: .utf8)
        #expect(junit.contains("<property name=\"overscroll.config\" value=\"suite/overscroll.json\"/>"))
        let report = try String(contentsOfFile: s.path("results/report/index.html"), encoding: .utf8)
        #expect(report.contains("<dt>config</dt><dd><code>suite/overscroll.json</code>"))
    }
}
