import Testing
@testable import ScrollEngine
@testable import Scenes

@Suite("PagerScene")
struct PagerSceneTests {
    /// 390 × 800 pt pages.
    func makeScene() -> (PagerScene, SceneDriver) {
        var options = SceneOptions()
        options.size = Size(390, 800)
        let scene = PagerScene(context: SceneContext(options: options))
        return (scene, SceneDriver(scene))
    }

    @Test("at rest: the current page fills the viewport with its colour and number")
    func restFrame() {
        let (scene, _) = makeScene()
        #expect(scene.scrollView.contentOffset == 800)
        #expect(!scene.isAnimating)
        let frame = scene.frame()
        // The page, then its caption card.
        #expect(frame.fills.count == 2)
        #expect(frame.fills.first?.rect == Rect(x: 0, y: 0, width: 390, height: 800))
        #expect(frame.fills.first?.color == Color(hex: 0x34C759))
        #expect(frame.texts.first?.text == "1")
        #expect(frame.texts.contains { $0.text.hasPrefix("1 / 3") })
        #expect(scene.traceValue("page") == .int(0))
        #expect(scene.traceValue("pageChanges") == .int(0))
    }

    @Test("swiping up past half a page goes forward and wraps after the last page")
    func wrapForward() {
        let (scene, driver) = makeScene()
        var seen: [Int] = []
        for _ in 0..<3 {
            driver.drag(fromY: 700, toY: 250, duration: 0.5, hold: 0.2)
            #expect(scene.scrollView.contentOffset == 1250)
            driver.runUntilIdle()
            seen.append(scene.currentPage)
            #expect(scene.scrollView.contentOffset == 800)
        }
        #expect(seen == [1, 2, 0])
        #expect(scene.pageChanges == 3)
    }

    @Test("swiping down from the first page wraps to the last")
    func wrapBackward() {
        let (scene, driver) = makeScene()
        driver.drag(fromY: 100, toY: 550, duration: 0.5, hold: 0.2)
        #expect(scene.currentPage == 0, "no change before the transition completes")
        driver.wait(0.1)
        #expect(scene.currentPage == 0)
        #expect(scene.traceValue("pageTarget") == .int(2))
        let mid = scene.frame()
        #expect(mid.fills.contains { $0.color == Color(hex: 0xAF52DE) }, "purple page slides in")
        #expect(mid.fills.contains { $0.color == Color(hex: 0x34C759) })
        driver.runUntilIdle()
        #expect(scene.currentPage == 2)
        #expect(scene.pageChanges == 1)
        #expect(scene.frame().texts.first?.text == "3")
        driver.drag(fromY: 100, toY: 550, duration: 0.5, hold: 0.2)
        driver.runUntilIdle()
        #expect(scene.currentPage == 1)
    }

    @Test("a cancelled swipe springs back and changes nothing")
    func cancelled() {
        let (scene, driver) = makeScene()
        driver.drag(fromY: 600, toY: 300, duration: 0.5, hold: 0.2)
        #expect(scene.scrollView.contentOffset == 1100)
        driver.runUntilIdle()
        #expect(scene.currentPage == 0)
        #expect(scene.pageChanges == 0)
        #expect(scene.scrollView.contentOffset == 800)
        #expect(scene.slots == [2, 0, 1])
        #expect(!scene.isAnimating)
    }

    @Test("a fast short flick goes to the neighbour")
    func flick() {
        let (scene, driver) = makeScene()
        driver.drag(fromY: 500, toY: 440, duration: 0.05)
        #expect(scene.scrollView.contentOffset == 860)
        #expect(scene.scrollView.velocity > 300)
        driver.runUntilIdle()
        #expect(scene.currentPage == 1)
        #expect(scene.pageChanges == 1)
    }

    @Test("wheel notches: each notch gesture turns exactly one page in its direction")
    func wheel() {
        let (scene, driver) = makeScene()
        // Four single notches 0.4 s apart: four pages (the case; each used to spring back).
        for _ in 0..<4 {
            driver.send(.wheel(dy: -1, precise: false, source: .wheel))
            driver.wait(0.4)
        }
        driver.runUntilIdle()
        #expect(scene.currentPage == 1, "4 pages on from 0 of 3")
        #expect(scene.pageChanges == 4)
        // A quick burst is one gesture: one page.
        for _ in 0..<3 {
            driver.send(.wheel(dy: -1, precise: false))
            driver.wait(0.03)
        }
        driver.wait(0.2)
        driver.runUntilIdle()
        #expect(scene.currentPage == 2)
        #expect(scene.pageChanges == 5)
        // Notches up go back, one page per gesture.
        driver.send(.wheel(dy: 1, precise: false, source: .wheel))
        driver.wait(0.5)
        driver.send(.wheel(dy: 2, precise: false, source: .wheel))
        driver.runUntilIdle()
        #expect(scene.currentPage == 0)
        #expect(scene.pageChanges == 7)
    }

    @Test("a touchpad swipe still follows the page-snapping rules")
    func touchpadSwipe() {
        let (scene, driver) = makeScene()
        // A slow short swipe springs back…
        for _ in 0..<5 {
            driver.send(.wheel(dy: -1, precise: true, source: .touchpad))
            driver.wait(0.05)
        }
        driver.wait(0.3)
        driver.runUntilIdle()
        #expect(scene.currentPage == 0 && scene.pageChanges == 0)
        // …a fast one pages.
        for _ in 0..<6 {
            driver.send(.wheel(dy: -4, precise: true, source: .touchpad))
            driver.wait(1 / 60)
        }
        driver.wait(0.3)
        driver.runUntilIdle()
        #expect(scene.currentPage == 1 && scene.pageChanges == 1)
    }

    @Test("Space pages down and Shift+Space up")
    func spaceKeys() {
        let (scene, driver) = makeScene()
        driver.send(.key(.space, []))
        driver.runUntilIdle()
        #expect(scene.currentPage == 1)
        driver.send(.key(.space, .shift))
        driver.runUntilIdle()
        #expect(scene.currentPage == 0)
        driver.send(.key(.space, .shift))
        driver.runUntilIdle()
        #expect(scene.currentPage == 2, "wraps to the last page")
    }

    @Test("setPage and PageUp/PageDown animate to a page")
    func programmatic() {
        let (scene, driver) = makeScene()
        driver.send(.setPage(2))
        #expect(scene.isAnimating)
        driver.wait(0.1)
        #expect(scene.currentPage == 0, "the page changes when the transition completes")
        #expect(scene.scrollView.contentOffset < 800, "the previous neighbour (wrapped) slides in from above")
        driver.runUntilIdle()
        #expect(scene.currentPage == 2)
        driver.send(.key(.pageDown, []))
        driver.runUntilIdle()
        #expect(scene.currentPage == 0)
        driver.send(.key(.pageUp, []))
        driver.runUntilIdle()
        #expect(scene.currentPage == 2)
        driver.send(.setPage(2))
        driver.send(.setPage(7))
        #expect(!scene.isAnimating, "the current page or an unknown page does nothing")
        #expect(scene.pageChanges == 3)
    }

    @Test("a page request during a swipe waits for the swipe to finish")
    func queued() {
        let (scene, driver) = makeScene()
        driver.send(.pointerDown(Point(100, 500)))
        driver.wait(0.1)
        driver.send(.pointerMove(Point(100, 450)))
        driver.send(.setPage(1))
        #expect(scene.pendingPage == 1)
        driver.wait(0.2)
        driver.send(.pointerUp(Point(100, 450)))
        driver.runUntilIdle()
        #expect(scene.currentPage == 1)
        #expect(scene.pendingPage == nil)
        #expect(scene.pageChanges == 1)
    }

    @Test("catching a page past half-way completes its transition, so the next swipe goes on")
    func caughtPastHalfway() {
        let (scene, driver) = makeScene()
        driver.drag(fromY: 700, toY: 250, duration: 0.3)
        driver.wait(0.3)
        #expect(scene.isAnimating, "still springing onto page 1")
        #expect(scene.currentPage == 0)
        let before = scene.frame()
        driver.send(.pointerDown(Point(100, 700)))
        #expect(scene.currentPage == 1)
        #expect(scene.pageChanges == 1)
        #expect(scene.slots == [0, 1, 2])
        #expect(abs(scene.scrollView.contentOffset - 800) < 400, "recentred on the middle slot")
        #expect(scene.frame().fills.map(\.color) == before.fills.map(\.color), "the same picture")
        for i in 1...18 {
            driver.wait(1.0 / 60)
            driver.send(.pointerMove(Point(100, 700 - 25 * Double(i))))
        }
        driver.wait(0.2)
        driver.send(.pointerUp(Point(100, 250)))
        driver.runUntilIdle()
        #expect(scene.currentPage == 2)
        #expect(scene.pageChanges == 2)
    }

    @Test("catching a page short of half-way interrupts it without a page change")
    func caughtEarly() {
        let (scene, driver) = makeScene()
        driver.drag(fromY: 500, toY: 440, duration: 0.05)
        driver.wait(1.0 / 60)
        #expect(scene.scrollView.contentOffset < 1200)
        driver.send(.pointerDown(Point(100, 400)))
        #expect(scene.currentPage == 0)
        #expect(scene.pageChanges == 0)
        driver.wait(0.3)
        driver.send(.pointerUp(Point(100, 400)))
        driver.runUntilIdle()
        #expect(scene.currentPage == 0, "released short of half a page with no velocity: back")
        #expect(scene.pageChanges == 0)
        #expect(scene.scrollView.contentOffset == 800)
    }

    @Test("resize keeps the page and re-lays the slots")
    func resize() {
        let (scene, driver) = makeScene()
        driver.send(.setPage(1))
        driver.runUntilIdle()
        driver.send(.resize(Size(300, 600)))
        driver.runUntilIdle()
        #expect(scene.currentPage == 1)
        #expect(scene.scrollView.contentOffset == 600)
        #expect(scene.frame().fills.first?.rect == Rect(x: 0, y: 0, width: 300, height: 600))
    }
}
