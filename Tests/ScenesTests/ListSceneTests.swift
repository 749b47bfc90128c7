import Testing
@testable import ScrollEngine
@testable import Scenes

@Suite struct ListSceneTests {
    @Test func onlyVisibleRowsAreLaidOut() {
        let layout = ListLayout()
        #expect(layout.visibleRows(offset: 0, viewport: 844, count: 10_000_000) == 0..<15)
        let far = layout.visibleRows(offset: 5_000_000 * 60, viewport: 844, count: 10_000_000)
        #expect(far.lowerBound == 5_000_000 && far.count == 15)
    }

    @Test func frameCostDoesNotGrowWithRowCount() {
        var o = SceneOptions()
        o.rows = 100
        let small = ListScene(context: SceneContext(options: o))
        o.rows = 10_000_000
        let huge = ListScene(context: SceneContext(options: o))
        #expect(small.frame().commands.count == huge.frame().commands.count)
    }

    @Test func rowsMixThreeScripts() {
        let r = SampleRows(count: 10).row(at: 0)
        #expect(r.title.contains("Morning"))
        #expect(r.subtitle.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
        #expect(r.subtitle.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) })
    }
}
