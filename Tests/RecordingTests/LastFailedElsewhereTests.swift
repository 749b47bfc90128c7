import Foundation
import Support
import Testing
@testable import Recording
@testable import Suite

/// `--last-failed` run from another folder than the run that failed: the scenario paths in
/// `results.json` are relative to where that run was, which the file now records; and when the
/// last run failed but none of its failures is among the paths given, that is an error (exit 2),
/// never "nothing to run" with exit 0.
@MainActor
@Suite struct LastFailedElsewhereTests {
    @Test func lastFailedFromAnotherFolderRerunsWhatFailed() async throws {
        let f = try SuiteFixture()
        try FileManager.default.createDirectory(atPath: f.path("elsewhere"), withIntermediateDirectories: true)
        for name in ["a", "b"] { try f.write("proj/suite/\(name).json", SuiteFixture.listScenario([("start", 0)])) }
        let proj = f.path("proj")
        var r = try CommandLineRunner.run("overscroll", ["test", "suite", "--update=missing"], in: proj)
        #expect(r.status == 0, "\(r.err)")
        try SuiteFixture.perturb(f.path("proj/suite/__snapshots__/b/start.png"))
        r = try CommandLineRunner.run("overscroll", ["test", "suite"], in: proj)
        #expect(r.status == 1, "\(r.err)")
        let last = try SuiteOutputs.read(f.path("proj/test-results/results.json"))
        #expect(last.scenarios.map(\.scenario) == ["suite/a.json", "suite/b.json"], "paths as given: relative")
        #expect(last.folder.map(OutputPaths.canonical) == OutputPaths.canonical(proj))

        // From another folder, the same suite and results by other paths: b runs again and fails.
        r = try CommandLineRunner.run(
            "overscroll", ["test", "../proj/suite", "--artifacts", "../proj/test-results", "--last-failed"],
            in: f.path("elsewhere"))
        #expect(r.status == 1, "out: \(r.out) err: \(r.err)")
        #expect(!r.out.contains("nothing to run") && !r.err.contains("nothing to run"))
        // (Read as --last-failed reads it: a `..` path is refused by accept and merge-reports.)
        let rerun = try SuiteOutputs.read(f.path("proj/test-results/results.json"), checkingPaths: false)
        #expect(rerun.scenarios.map(\.scenario) == ["../proj/suite/b.json"])

        // Failures that are not among the paths given: an error naming them, not a green "nothing to run".
        try f.write("other/c.json", SuiteFixture.listScenario([("start", 0)]))
        r = try CommandLineRunner.run("overscroll", ["test", "other", "--artifacts", "proj/test-results", "--last-failed"], in: f.root.path)
        #expect(r.status == 2, "out: \(r.out) err: \(r.err)")
        #expect(
            r.err.contains("--last-failed: the scenario that failed in proj/test-results/results.json (../proj/suite/b.json, run in "),
            "\(r.err)")
        #expect(r.err.contains(") is not among the scenarios of other"), "\(r.err)")
    }
}
