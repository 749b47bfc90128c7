import Foundation
import Support
import Testing
@testable import Recording
@testable import Suite

/// #29: a run where much fails writes its trace viewers on every lane (this process and the
/// `__test-worker` processes), prints progress while it does, and the pages are the same bytes
/// whichever lane wrote them.
@MainActor
@Suite struct TraceViewerLanesTests {
    static func failingSuite(_ f: SuiteFixture, scenarios: Int) async throws {
        for k in 0..<scenarios {
            try f.write("suite/s\(k).json", SuiteFixture.listScenario([("a", 0.1), ("b", 0.4)]))
        }
        #expect(await f.run { $0.options.update = .missing } == 0)
        for k in 0..<scenarios { try SuiteFixture.perturb(f.path("suite/__snapshots__/s\(k)/b.png")) }
    }

    static func pages(_ f: SuiteFixture) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for s in try f.results().snapshots {
            guard let page = s.traceViewer else { continue }
            out[page] = FileTree.read(f.path("results/" + page)) ?? []
        }
        return out
    }

    @Test func workerLanesWriteTheSamePagesAndProgressIsPrinted() async throws {
        let worker = try #require(CommandLineRunner.binary("overscroll-app"), "overscroll-app not built")
        let f = try SuiteFixture()
        try await Self.failingSuite(f, scenarios: 4)
        #expect(await f.run() == 1)
        let alone = try Self.pages(f)
        #expect(alone.count == 4)
        #expect(f.text.contains("trace viewers: writing 4 (--trace retain-on-failure; --trace off writes none)"), "\(f.text)")
        #expect(f.text.contains("trace viewers: 4 of 4 written"), "\(f.text)")
        #expect(
            await f.run {
                $0.workers = 3; $0.workerExecutable = worker.path
            } == 1)
        #expect(try Self.pages(f) == alone, "every frame the same whichever lane rendered it")
        #expect(f.text.contains("trace viewers: 4 of 4 written"), "\(f.text)")
        // --trace off: no viewer, no progress.
        #expect(await f.run { $0.options.trace = .off } == 1)
        #expect(!f.text.contains("trace viewers:"), "\(f.text)")
    }

    /// A worker process given a viewer job writes that page (the snapshots the job names, even
    /// with the run's `--trace off`: which pages is the runner's choice) and returns the result
    /// with the page recorded; it renders no scenario pass.
    @Test func aWorkerWritesTheViewerItIsGiven() async throws {
        let executable = try #require(CommandLineRunner.binary("overscroll-app"), "overscroll-app not built")
        let f = try SuiteFixture()
        try await Self.failingSuite(f, scenarios: 1)
        #expect(await f.run { $0.options.trace = .off } == 1)
        var result = try #require(try f.results().scenarios.first)
        #expect(result.snapshots.allSatisfy { $0.traceViewer == nil })
        let entry = SuiteEntry(path: result.scenario, frames: result.frames, snapshotNames: ["a", "b"])
        var options = SuiteOptions()
        options.trace = .off
        var job = WorkerProcess.Job(entry: entry, options: options, resultsRoot: f.path("results"))
        job.viewer = TraceViewerRequest(result: result, traced: ["b"])
        let worker = try #require(WorkerProcess(executable: executable.path))
        result = try #require(worker.run(job))
        #expect(worker.finish() == nil)
        let b = try #require(result.snapshots.first { $0.snapshot == "b" })
        #expect(b.traceViewer == entry.artifactFolder + "/trace.html")
        #expect(result.snapshots.first { $0.snapshot == "a" }?.traceViewer == nil)
        let page = try String(contentsOfFile: f.path("results/" + (try #require(b.traceViewer))), encoding: .utf8)
        #expect(page.contains("\"name\":\"b\"") && !page.contains("\"name\":\"a\""))
    }

    @Test func progressEveryTenth() {
        #expect(TraceViewerLimit.progress(10, of: 100) == "trace viewers: 10 of 100 written")
        #expect(TraceViewerLimit.progress(11, of: 100) == nil)
        #expect(TraceViewerLimit.progress(100, of: 100) == "trace viewers: 100 of 100 written")
        #expect(TraceViewerLimit.progress(3, of: 3) == "trace viewers: 3 of 3 written")
    }
}
