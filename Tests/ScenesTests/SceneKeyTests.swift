import Testing
@testable import ScrollEngine
@testable import Scenes

/// Every scene has a key (6 for `list`), the window title names the scene,
/// and the overlay lists the keys.
@Suite struct SceneKeyTests {
    @Test func everySceneHasAKey() throws {
        let session = try Session(scene: "coordinator", options: SceneOptions())
        for (i, name) in SceneCatalog.names.enumerated() {
            let key = try #require(Key(rawValue: "\(i + 1)"), "no key \(i + 1)")
            session.handle(.key(key, []), at: Double(i))
            #expect(session.scene.name == name)
            #expect(SceneCatalog.windowTitle(for: name) == "Overscroll — \(name) (\(i + 1))")
        }
        #expect(SceneCatalog.name(forKey: 6) == "list")
    }

    @Test func theOverlayListsTheKeys() throws {
        var o = SceneOptions()
        o.overlay = true
        let session = try Session(scene: "pager", options: o)
        let texts = placed(session.frame()).compactMap(\.text)
        for (i, name) in SceneCatalog.names.enumerated() {
            #expect(texts.contains { $0.contains("\(i + 1) \(name)") }, "key \(i + 1) \(name) not in the overlay")
        }
    }
}
