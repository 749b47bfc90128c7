import Testing
@testable import ScrollEngine
@testable import Scenes

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

    @Test("one descriptor per scene: unique names, keys 1–6 in order, each builds its own scene")
    func descriptors() {
        let all = SceneCatalog.all
        #expect(all.map(\.name) == ["coordinator", "refreshable", "title", "pager", "header", "list"])
        #expect(all.map(\.key) == Array(1...6))
        for d in all {
            let scene = d.make(SceneContext(options: SceneOptions()))
            #expect(scene.name == d.name)
            #expect(type(of: scene).descriptor.key == d.key)
            #expect(SceneCatalog.key(for: d.name) == d.key)
        }
        #expect(all.filter(\.prefersLottie).map(\.name) == ["coordinator"])
        #expect(SceneCatalog.defaultScene == "coordinator")
        #expect(SceneCatalog.keyLines(for: "list").first == "1 coordinator · 2 refreshable")
        #expect(all.filter(\.refreshes).map(\.name) == ["coordinator", "refreshable"])
    }

    @Test("every scene's scroll view gets the height its chrome leaves, and keeps it on resize")
    func hostViewport() {
        var o = SceneOptions()
        o.size = Size(390, 600)
        for d in SceneCatalog.all {
            let scene = d.make(SceneContext(options: o))
            let inset = scene.host.topInset
            #expect(scene.scrollView.viewportHeight == 600 - inset, "\(d.name)")
            scene.handle(.resize(Size(300, 500)), at: 0)
            #expect(scene.size == Size(300, 500), "\(d.name)")
            #expect(scene.scrollView.viewportHeight == 500 - inset, "\(d.name)")
        }
    }

    @Test("the title scene takes the context's measurer")
    func measurer() {
        let context = SceneContext(options: SceneOptions(), textMeasurer: FixedTextMeasurer(lineHeight: 40))
        let scene = SceneCatalog.make("title", context: context)
        scene?.advance(to: 0)
        #expect(scene?.traceValue("headerHeight") == .double(56))
    }
}
