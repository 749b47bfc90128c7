import Foundation
import Support
import Testing
@testable import Recording
@testable import Suite

/// Values from the tree (scenario paths, snapshot names) in the HTML pages: escaped for where
/// they go. In a `<script>` data block `<!--<script` switches the HTML parser into a state
/// where the block's own `</script>` no longer ends it; a `"` with a combining mark is one
/// Swift character but still a quote to the browser.
@MainActor
@Suite struct TraceViewerEscapingTests {
    @Test func aScenarioPathWithScriptMarkupKeepsItsTraceViewerWhole() async throws {
        let f = try SuiteFixture()
        let name = "x<!--<script>\u{2028}</SCRIPT>&"
        try f.write("suite/\(name).json", SuiteFixture.listScenario([("start", 0.3)]))
        #expect(await f.run { $0.options.trace = .on } == 1, "a missing golden, traced")
        let snap = try #require(try f.results().snapshots.first)
        let page = try String(contentsOfFile: f.path("results/" + (try #require(snap.traceViewer))), encoding: .utf8)
        let open = "<script type=\"application/json\" id=\"trace-data\">"
        let start = try #require(page.range(of: open)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let block = page[start..<end]
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&"), "raw markup in the data block")
        // Read as JSON.parse would: the same path.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == f.path("suite/\(name).json"))
        // Two script elements and nothing else opens one.
        #expect(page.components(separatedBy: "<script").count == 3)
    }

    @Test func quotesWithCombiningMarksAreEscaped() {
        #expect(HTMLText.escape("a\"\u{301}b") == "a&quot;\u{301}b")
        #expect(HTMLText.escape("<\u{338}") == "&lt;\u{338}")
        #expect(HTMLText.escape("'\u{20DD}&") == "&#39;\u{20DD}&amp;")
        #expect(
            HTMLText.scriptData(json: #"{"a":"</script><!--<script>&"}"#)
                == #"{"a":"\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026"}"#)
    }
}
