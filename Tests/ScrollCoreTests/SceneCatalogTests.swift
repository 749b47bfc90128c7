import Testing
@testable import ScrollCore

@Suite("SceneCatalog")
struct SceneCatalogTests {
    @Test("keys 3–5 open title, pager and header")
    func keys() {
        #expect(SceneCatalog.name(forKey: 3) == "title")
        #expect(SceneCatalog.name(forKey: 4) == "pager")
        #expect(SceneCatalog.name(forKey: 5) == "header")
        for name in ["title", "pager", "header", "list"] {
            #expect(SceneCatalog.make(name, context: SceneContext(options: SceneOptions()))?.name == name)
        }
        #expect(SceneCatalog.make("nope", context: SceneContext(options: SceneOptions())) == nil)
    }

    @Test("the title scene takes the context's measurer")
    func measurer() {
        let context = SceneContext(options: SceneOptions(), textMeasurer: FixedTextMeasurer(lineHeight: 40))
        let scene = SceneCatalog.make("title", context: context)
        scene?.advance(to: 0)
        #expect(scene?.traceValue("headerHeight") == .double(56))
    }
}
