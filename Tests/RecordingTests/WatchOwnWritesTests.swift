import Foundation
import Testing
@testable import Recording
@testable import Suite
import Support

/// Issue #43 item 5: `test --watch --junit suite/junit.xml` reran the suite for ever: the JUnit
/// file the run writes inside the watched folder counted as an asset. Every path a run writes is
/// ignored by the watch.
@MainActor
@Suite struct WatchOwnWritesTests {
    @Test func theResultFilesAndTheResultsFolderARunWritesRerunNothing() throws {
        let f = try SuiteFixture()
        let a = try f.write("suite/a.json", SuiteFixture.listScenario([("s", 0)]))
        let junit = try f.write("suite/junit.xml", "<testsuites/>")
        let other = try f.write("suite/reports/run.xml", "<testsuites/>")
        let results = try f.write("suite/results/report/index.html", "x")
        let asset = try f.write("suite/data.txt", "x")
        var config = SuiteRunner.Config()
        config.paths = [f.path("suite")]
        config.artifacts = f.path("suite/results")
        config.resultFiles = [ResultFile(JUnitWriter(), path: junit), ResultFile(JUnitWriter(), path: f.path("suite/./reports/run.xml"))]
        let outputs = SuiteWatch.outputs(of: config)
        let paths: Set<String> = [OutputPaths.canonical(f.path("suite"))]
        func plan(_ changed: [String]) -> SuiteWatch.Plan {
            SuiteWatch.plan(changed, configFile: nil, paths: paths, outputs: outputs)
        }
        for written in [junit, other, results, f.path("suite/results")] {
            let p = plan([written])
            #expect(p.shown.isEmpty && p.rerun == [], "\(written) is the run's own: \(p.shown)")
        }
        // Beside them, what the user changed still reruns.
        #expect(plan([junit, a]).rerun == [OutputPaths.canonical(a)])
        #expect(plan([junit, asset]).rerun == nil)
        #expect(plan([junit, asset]).shown == [asset])
    }
}
