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

    @Test func theOverlayListsOnlyTheKeysThatWorkInTheScene() throws {
        for name in SceneCatalog.names {
            var o = SceneOptions()
            o.overlay = true
            let session = try Session(scene: name, options: o)
            let texts = placed(session.frame()).compactMap(\.text)
            let refreshes = name == "coordinator" || name == "refreshable"
            #expect(texts.contains { $0.contains("F5 refresh") } == refreshes, "\(name): F5 listed \(!refreshes)")
            #expect(texts.contains { $0.contains("Esc cancel") } == refreshes, "\(name): Esc listed \(!refreshes)")
            #expect(texts.contains { $0.contains("D overlay") && $0.contains("Q quit") })
        }
    }

    @Test func spacePagesDownAndShiftSpaceUp() throws {
        let session = try Session(scene: "list", options: SceneOptions())
        let sv = session.scene.scrollView
        session.handle(.key(.space, []), at: 0)
        session.advance(to: 1)
        let down = sv.contentOffset
        #expect(down > 300)
        session.handle(.key(.space, .shift), at: 1)
        session.advance(to: 2)
        #expect(sv.contentOffset == 0, "Shift+Space went \(sv.contentOffset - down) pt")
        session.handle(.key(.pageDown, []), at: 2)
        session.handle(.key(.pageDown, []), at: 2.01)
        session.advance(to: 3)
        let two = sv.contentOffset
        session.handle(.key(.space, .shift), at: 3)
        session.advance(to: 4)
        #expect(abs(sv.contentOffset - (two - down)) < 1e-6)
    }
}

/// A scene's key is one the window can deliver (#34 item 6: a 7th scene's key used to do nothing):
/// every declared key is a digit `Key` has, no two scenes share one, and every digit key a scene
/// may use opens that scene through the session.
@Suite struct SceneDigitKeyTests {
    @Test func everyDeclaredKeyIsADeliverableDigitAndUnique() throws {
        let keys = SceneCatalog.all.map(\.key)
        #expect(Set(keys).count == keys.count, "two scenes share a key: \(keys)")
        for d in SceneCatalog.all {
            #expect(SceneDescriptor.keys.contains(d.key), "\(d.name): key \(d.key)")
            #expect(Key(rawValue: "\(d.key)") != nil, "\(d.name): no Key case for digit \(d.key)")
        }
        for n in SceneDescriptor.keys {
            #expect(Key(rawValue: "\(n)") != nil, "digit \(n) is a scene key but not a Key")
        }
    }
}
