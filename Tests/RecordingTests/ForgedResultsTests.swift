import Foundation
import Testing
import Support

/// Issue 43, item 1: a results folder is input. A forged `results.json` whose scenario path is
/// `..`, absolute or reached through a link makes `accept` refuse it (one line, nothing written)
/// and `merge-reports` refuse the shard — never a golden or `stack.json` beside a decoy.
@Suite struct ForgedResultsTests {
    @Test func acceptAndMergeReportsRefuseScenarioPathsOutsideTheSuite() throws {
        let s = try HostileTreeTests().suite()
        try HostileTreeTests().failingShard(s, "results")
        for (k, forged) in try ForgedResults.paths(s).enumerated() {
            let folder = "forged-\(k)"
            #expect(Sandbox.shell("/bin/cp", ["-a", s.path("results"), s.path(folder)]) == 0)
            try ForgedResults.plant(in: s, folder: folder, scenario: forged.scenario, decoy: forged.decoy)
            let before = Sandbox.tree(s.box), outsideBefore = Sandbox.tree(s.outside)
            let r = try s.run(["accept", folder, "--all"])
            #expect(r.status == 2, "\(forged.scenario): \(r.status) \(r.err)")
            let lines = r.err.split(separator: "\n").filter { $0.hasPrefix("overscroll") }
            #expect(lines.count == 1 && r.err.contains(forged.scenario), "\(forged.scenario): \(r.err)")
            #expect(Sandbox.tree(s.outside) == outsideBefore, "\(forged.scenario): accept wrote outside the suite")
            #expect(Sandbox.changes(before, Sandbox.tree(s.box)).isEmpty, "\(forged.scenario)")
            guard !forged.scenario.hasPrefix("linked/") else { continue }
            // merge-reports passes no forged path on to the next reader.
            let m = try s.run(["merge-reports", folder, "--artifacts", "merged-\(k)"])
            #expect(m.status == 2 && m.err.contains("results.json") && m.err.contains("lie inside the suite"), "\(m.err)")
            #expect(!FileManager.default.fileExists(atPath: s.path("merged-\(k)")))
        }
        // The untouched results are still accepted.
        let r = try s.run(["accept", "results", "--all"])
        #expect(r.status == 0, "\(r.err)")
    }

    /// A golden path that is not its scenario's: `accept` and `merge-reports` refuse it naming
    /// the field; `--last-failed`, which takes results' paths only as names among the scenarios
    /// it finds, reruns the suite's own failing scenario and writes nothing outside.
    @Test func readersRefuseAGoldenPathThatIsNotItsScenarios() throws {
        let s = try HostileTreeTests().suite()
        try HostileTreeTests().failingShard(s, "results")
        let file = s.path("results/results.json")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"suite/__snapshots__/a\"", with: "\"suite/__snapshots__/../../outside\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let outsideBefore = Sandbox.tree(s.outside)
        for args in [["merge-reports", "results", "--artifacts", "merged"], ["accept", "results", "--all"]] {
            let r = try s.run(args)
            #expect(r.status == 2 && r.err.contains("scenarios[0].goldens"), "\(args): \(r.err)")
        }
        let l = try s.run(["test", "suite", "--last-failed", "--artifacts", "results"])
        #expect(l.status == 1, "\(l.err)")
        #expect(Sandbox.tree(s.outside) == outsideBefore)
    }
}
