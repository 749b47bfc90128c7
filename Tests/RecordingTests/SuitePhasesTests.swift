import Foundation
import Synchronization
import Testing
@testable import Recording
@testable import Suite
import Support

/// `overscroll test` in phases with reporters (#34 item 2): every reporter gets each outcome
/// once, each scenario file is parsed once in a process, and `--prune` removes a gone
/// scenario's folder through `FileTree`, never through a link.
@MainActor
@Suite struct SuitePhasesTests {
    /// Counts every event it receives, by scenario and snapshot.
    final class CountingReporter: SuiteReporter {
        let counts = Mutex<[String: Int]>([:])
        func bump(_ key: String) { counts.withLock { $0[key, default: 0] += 1 } }
        func snapshotFinished(_ snapshot: SnapshotResult, of scenario: ScenarioResult) {
            bump("snapshot \(scenario.scenario) \(snapshot.snapshot) \(snapshot.status.rawValue)")
        }
        func scenarioFinished(_ result: ScenarioResult) { bump("scenario \(result.scenario)") }
        func write(_ suite: SuiteResults, staging: String) throws -> [StagedFile] { bump("write"); return [] }
        func end(_ summary: SuiteSummary) { bump("end \(summary.suite.snapshots.count)") }
    }

    @Test(arguments: [1, 3]) func eachOutcomeReachesAReporterOnce(workers: Int) async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("end", 0.5)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        try f.write("suite/c.json", SuiteFixture.listScenario([("new", 0.1)]))
        let reporter = CountingReporter()
        f.prepare = { $0.extraReporters = [reporter] }
        let executable = workers > 1 ? try #require(CommandLineRunner.binary("overscroll-app"), "overscroll-app not built").path : nil
        #expect(
            await f.run {
                $0.workers = workers; $0.workerExecutable = executable
            } == 1)
        let a = f.path("suite/a.json"), b = f.path("suite/b.json"), c = f.path("suite/c.json")
        let expected: [String: Int] = [
            "snapshot \(a) start passed": 1, "snapshot \(a) mid failed": 1, "snapshot \(b) end passed": 1,
            "snapshot \(c) new missing": 1, "scenario \(a)": 1, "scenario \(b)": 1, "scenario \(c)": 1,
            "write": 1, "end 4": 1
        ]
        #expect(reporter.counts.withLock { $0 } == expected)
    }

    @Test func eachScenarioFileIsParsedOnceInTheProcess() async throws {
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        try f.write("suite/broken.json", "{\"scene\": \"list\", \"events\": [}")
        try f.write("suite/ok.json", SuiteFixture.listScenario([("end", 0.5)]))
        #expect(await f.run { $0.options.update = .missing } == 2)
        // A failing snapshot: the scenario pass and its trace viewer (written in this process).
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        let parses = Mutex<[String: Int]>([:])
        f.prepare = { runner in
            runner.loadScenario = { path, maxBytes, physics throws(ScenarioFile.Failure) in
                parses.withLock { $0[path, default: 0] += 1 }
                return try ScenarioFile.load(path, maxBytes: maxBytes, physics: physics)
            }
        }
        #expect(await f.run() == 2)
        let result = try f.results()
        let mid = try #require(result.snapshots.first { $0.snapshot == "mid" })
        #expect(mid.status == .failed && mid.traceViewer != nil, "the trace viewer was written")
        #expect(result.scenarios.first { $0.scenario.hasSuffix("broken.json") }?.error != nil)
        #expect(parses.withLock { $0 } == [f.path("suite/a.json"): 1, f.path("suite/broken.json"): 1, f.path("suite/ok.json"): 1])
    }

    @Test func anEmptiedFolderIsRemovedOnlyWhenItHoldsNothingButItsManifest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("prune-\(UUID().uuidString)").path
        defer { FileTree.remove(root) }
        let fm = FileManager.default
        let manifest = ResultFolder.manifestName
        // The decoy outside: a folder that holds only a manifest, and a file.
        try fm.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try Data("decoy".utf8).write(to: URL(fileURLWithPath: root + "/outside/" + manifest))
        try Data("decoy".utf8).write(to: URL(fileURLWithPath: root + "/outside-file"))
        try fm.createDirectory(atPath: root + "/__snapshots__", withIntermediateDirectories: true)
        // A link planted where the gone scenario's folder was.
        try fm.createSymbolicLink(atPath: root + "/__snapshots__/linked", withDestinationPath: root + "/outside")
        #expect(!FileTree.removeEmptiedFolder(root + "/__snapshots__/linked", only: [manifest]))
        // A folder whose manifest is a link to a file outside.
        try fm.createDirectory(atPath: root + "/__snapshots__/inner", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: root + "/__snapshots__/inner/" + manifest, withDestinationPath: root + "/outside-file")
        #expect(!FileTree.removeEmptiedFolder(root + "/__snapshots__/inner", only: [manifest]))
        // A folder with something besides its manifest.
        try fm.createDirectory(atPath: root + "/__snapshots__/more", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: root + "/__snapshots__/more/" + manifest))
        try Data().write(to: URL(fileURLWithPath: root + "/__snapshots__/more/kept.png"))
        #expect(!FileTree.removeEmptiedFolder(root + "/__snapshots__/more", only: [manifest]))
        // The prune phase with all three as gone scenarios' emptied folders leaves every one.
        _ = SuitePrune.run(
            asFound: [], results: [], obsoleteFolders: [],
            emptiedFolders: ["linked", "inner", "more"].map { root + "/__snapshots__/" + $0 })
        #expect(fm.fileExists(atPath: root + "/outside/" + manifest) && fm.fileExists(atPath: root + "/outside-file"))
        #expect(FileTree.isLink(root + "/__snapshots__/linked") && FileTree.isLink(root + "/__snapshots__/inner/" + manifest))
        #expect(fm.fileExists(atPath: root + "/__snapshots__/more/kept.png"))
        // Only its manifest, a regular file: the folder goes.
        try fm.createDirectory(atPath: root + "/__snapshots__/gone", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: root + "/__snapshots__/gone/" + manifest))
        _ = SuitePrune.run(asFound: [], results: [], obsoleteFolders: [], emptiedFolders: [root + "/__snapshots__/gone"])
        #expect(!fm.fileExists(atPath: root + "/__snapshots__/gone"))
    }
}
