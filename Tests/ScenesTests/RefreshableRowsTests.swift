import Testing
@testable import ScrollEngine
@testable import Scenes

/// The `refreshable` list is newest first: a successful refresh adds its rows at the top, the
/// newest of them first, and a message under a minute old says "now" (지금 · たった今).
@Suite struct RefreshableRowsTests {
    /// The row texts drawn, top to bottom: (title, age).
    func rows(_ f: FrameModel) -> [(title: String, age: String)] {
        let texts = f.texts.filter { $0.opacity > 0 }
        let titles = texts.filter { $0.text.hasPrefix("Message ") }.sorted { $0.rect.y < $1.rect.y }
        return titles.map { t in (t.text, texts.first { $0.rect == t.rect && $0.text != t.text }?.text ?? "") }
    }

    @Test func aRefreshAddsItsRowsAtTheTopNewestFirst() async throws {
        let d = try SessionDriver("refreshable") {
            $0.rows = 200
            $0.refresh.duration = 0.3
            $0.refresh.newRows = 3
        }
        let scene = try #require(d.scene as? RefreshableScene)
        #expect(rows(d.frame()).first?.title == "Message 0")
        d.send(.key(.f5, []))
        await d.wait(1.5)
        #expect(scene.rowCount == 203 && scene.state == .idle)
        let shown = rows(d.frame()).prefix(5).map(\.title)
        #expect(shown == ["Message 202", "Message 201", "Message 200", "Message 0", "Message 1"])
        // The bottom of the list is still the oldest message.
        d.send(.key(.end, []))
        await d.wait(1)
        #expect(rows(d.frame()).last?.title == "Message 199")
    }

    @Test func theNewestRowsSayNowNotZeroMinutesAgo() async throws {
        let d = try SessionDriver("refreshable") {
            $0.refresh.newRows = 2; $0.refresh.duration = 0.2
        }
        let top = rows(d.frame())
        #expect(top[0].age == "지금 · たった今")
        #expect(top[1].age == "1분 전 · 1分前")
        #expect(!top.contains { $0.age.hasPrefix("0분") })
        d.send(.key(.f5, []))
        await d.wait(1.5)
        let after = rows(d.frame())
        #expect(after.prefix(3).map(\.age) == ["지금 · たった今", "지금 · たった今", "지금 · たった今"])
        #expect(after[3].age == "1분 전 · 1分前")
        #expect(after[0].title == "Message 201" && after[2].title == "Message 0")
    }

    @Test func messageNumbersAndAges() {
        var m = MessageRows(initial: 4)
        #expect((0..<4).map(m.number(at:)) == [0, 1, 2, 3])
        m.prepend(2)
        #expect((0..<6).map(m.number(at:)) == [5, 4, 0, 1, 2, 3])
        #expect((0..<6).map(m.minutesAgo(at:)) == [0, 0, 0, 1, 2, 3])
    }
}
