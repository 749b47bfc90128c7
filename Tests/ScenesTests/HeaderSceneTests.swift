import Testing
@testable import ScrollEngine
@testable import Scenes

@Suite("HeaderScene")
struct HeaderSceneTests {
    @Test("31 rows of 64 pt with 8 pt gaps below a 56 + 8 pt pad, 8 pt below the last")
    func layout() {
        let scene = HeaderScene(context: SceneContext(options: SceneOptions()))
        let expected: Double = 56 + 8 + 31 * 64 + 30 * 8 + 8
        #expect(scene.scrollView.contentHeight == expected)
        let frame = scene.frame()
        let rows = frame.fills.filter { $0.cornerRadius == 12 }
        #expect(rows.first?.rect == Rect(x: 16, y: 64, width: 390 - 32, height: 64))
        #expect(rows.allSatisfy { $0.color == HeaderConfig().rowColor })
        #expect(frame.texts.contains { $0.text == "Row 0" })
        #expect(!frame.texts.contains { $0.text == "Row 30" }, "only visible rows are drawn")
        let header = frame.fills.first { $0.rect.height == 56 && $0.cornerRadius == 0 }
        #expect(header != nil)
        #expect(header?.color.a == 1, "a translucent header with no blur shows the rows through it")
        #expect(frame.texts.contains { $0.text == "테스트" && $0.opacity == 1 })
        #expect(frame.texts.contains { $0.text == "스크롤 방향" })
    }

    @Test("drag down hides the header, drag up shows it, on a virtual time line")
    func scenario() {
        let scene = HeaderScene(context: SceneContext(options: SceneOptions()))
        let driver = SceneDriver(scene)
        driver.drag(fromY: 700, toY: 300, duration: 0.5, hold: 0.2)
        #expect(scene.scrollView.contentOffset == 400)
        #expect(scene.traceValue("headerHidden") == .bool(true))
        #expect(scene.traceValue("direction") == .string("down"))
        driver.runUntilIdle()
        var frame = scene.frame()
        #expect(frame.texts.contains { $0.text == "테스트" && $0.opacity == 0 })
        #expect(frame.texts.contains { $0.text == "↓ 아래로" })
        #expect(scene.traceValue("headerOffset") == .double(-64))
        #expect(!scene.isAnimating)

        driver.drag(fromY: 300, toY: 400, duration: 0.3, hold: 0.2)
        #expect(scene.traceValue("headerHidden") == .bool(false))
        #expect(scene.traceValue("direction") == .string("up"))
        driver.runUntilIdle()
        frame = scene.frame()
        #expect(frame.texts.contains { $0.text == "테스트" && $0.opacity == 1 })
        #expect(frame.texts.contains { $0.text == "↑ 위로" })

        // Back to the top: shown, direction reset.
        driver.send(.key(.home, []))
        driver.runUntilIdle()
        #expect(scene.scrollView.contentOffset == 0)
        #expect(scene.traceValue("direction") == .string("none"))
        #expect(scene.traceValue("headerHidden") == .bool(false))
    }

    @Test("mid-animation the header is part-way and the scene keeps animating")
    func animating() {
        let scene = HeaderScene(context: SceneContext(options: SceneOptions()))
        scene.scrollView.scroll(to: 200, animated: false, at: 0)
        scene.advance(to: 0)
        #expect(scene.tracker.isHidden)
        scene.advance(to: 0.1)
        #expect(scene.isAnimating)
        let offset = scene.traceValue("headerOffset")
        if case let .double(v) = offset { #expect(v < 0 && v > -64) } else { Issue.record("no headerOffset") }
    }
}
