import Foundation
import Testing
@testable import Recording
@testable import Suite

/// Issue #29 items 14 and 15: JUnit class names and times, the trace caption's time, the merge
/// error's default --max-diff-pixels.
@MainActor
@Suite struct Issue29SmallDefectsTests {
    @Test func traceCaptionTimesAreRoundedToWhatTheFpsTellsApart() {
        #expect(TraceViewer.timeDecimals(fps: 60) == 3)
        #expect(TraceViewer.timeDecimals(fps: 120) == 4)
        #expect(TraceViewer.timeDecimals(fps: 10) == 2)
        #expect(TraceViewer.script.contains("' · t = '+(+f.t.toFixed(d.timeDecimals))+' s'"))
        #expect(!TraceViewer.script.contains("' · t = '+f.t+' s'"))
    }

    @Test func mergeErrorSaysTheDefaultMaxDiffPixelsIsZero() {
        var a = SuiteOptions(), b = SuiteOptions()
        a.maxDiffPixels = nil; b.maxDiffPixels = 5
        let d = SuiteSettings(a, grep: nil, grepInvert: nil, lastFailed: false)
            .differences(from: SuiteSettings(b, grep: nil, grepInvert: nil, lastFailed: false))
        #expect(d == ["--max-diff-pixels 0 (default) vs 5"])
    }

    @Test func junitClassnamesAreScenarioPathsWithoutTheExtension() {
        #expect(JUnitWriter.classname("Tests/Scenarios/pull.json") == "Tests.Scenarios.pull")
        #expect(JUnitWriter.classname("./pull.json") == "pull")
        #expect(JUnitWriter.classname("suite/sub/a.JSON") == "suite.sub.a")
    }

    @Test func junitTestcasesCarryClassnamesWithoutTheExtension() async throws {
        let f = try SuiteFixture()
        try f.write(
            "suite/sub/a.json",
            """
            {"scene": "list", "size": [200, 300], "scale": 1, "fps": 60, "duration": 2.0, "rows": 60,
             "events": [{"at": 0.05, "drag": {"from": [100, 250], "to": [100, 120], "duration": 0.2}}, {"at": 1.9,\
             "snapshot": "end"}]}
            """)
        #expect(await f.run { $0.options.update = .missing } == 0)
        #expect(await f.run { $0.resultFiles = [ResultFile(JUnitWriter(), path: f.path("junit.xml"))] } == 0)
        let xml = try String(contentsOfFile: f.path("junit.xml"), encoding: .utf8)
        let expected = JUnitWriter.classname(f.path("suite/sub/a.json"))
        #expect(expected.hasSuffix(".suite.sub.a"))
        #expect(xml.contains("<testcase classname=\"\(expected)\" name=\"end\""), "\(xml)")
        #expect(!xml.contains(".json\" name="))
        // (That a testcase's time includes rendering is measured, not asserted: no timed assertions.)
    }
}
