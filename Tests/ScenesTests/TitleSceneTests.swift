import Testing
@testable import ScrollEngine
@testable import Scenes

@Suite("TitleScene")
struct TitleSceneTests {
    /// A title scene whose header measures 8 + 40 + 8 = 56 pt.
    func makeScene() -> TitleScene {
        TitleScene(context: SceneContext(options: SceneOptions(), textMeasurer: FixedTextMeasurer(lineHeight: 40)))
    }

    @Test("the header height is 0 until the first layout pass, then measured")
    func measuredHeader() {
        let scene = makeScene()
        #expect(scene.tracker.headerHeight == 0)
        #expect(scene.traceValue("titleOpacity") == .double(0))
        scene.advance(to: 0)
        #expect(scene.tracker.headerHeight == 56)
        #expect(scene.traceValue("headerHeight") == .double(56))
        #expect(
            scene.takeDiagnostics()
                == ["navTitleTrace source=headerGeometry, title=노트 A, offsetY=0.0, headerHeight=56.0, opacity=0.0"])
    }

    @Test("the height follows the injected measurer, not a constant")
    func injectedMeasurer() {
        let scene = TitleScene(context: SceneContext(options: SceneOptions()))
        scene.advance(to: 0)
        let approx = scene.tracker.headerHeight
        #expect(approx == 58.5, "8 + 34 × 1.25 + 8")
        scene.textMeasurer = FixedTextMeasurer(lineHeight: 60)
        scene.advance(to: 0.016)
        #expect(scene.tracker.headerHeight == 76)
        let lines = scene.takeDiagnostics()
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("navTitleTrace source=headerGeometry,") == true)
        #expect(lines.last?.contains("headerHeight=76.0") == true)
    }

    @Test("scrolling 28 and 56 pt gives opacity 0.5 and 1, one trace line per change")
    func scrolledOffsets() {
        let scene = makeScene()
        scene.advance(to: 0)
        _ = scene.takeDiagnostics()
        scene.scrollView.scroll(to: 28, animated: false, at: 0.1)
        scene.advance(to: 0.1)
        #expect(scene.tracker.opacity == 0.5)
        scene.advance(to: 0.2)
        scene.scrollView.scroll(to: 56, animated: false, at: 0.3)
        scene.advance(to: 0.3)
        #expect(scene.traceValue("titleOpacity") == .double(1))
        #expect(
            scene.takeDiagnostics() == [
                "navTitleTrace source=scrollSentinel, title=노트 A, offsetY=28.0, headerHeight=56.0, opacity=0.5",
                "navTitleTrace source=scrollSentinel, title=노트 A, offsetY=56.0, headerHeight=56.0, opacity=1.0"
            ])
        #expect(scene.takeDiagnostics().isEmpty)
    }

    @Test("a drag moves the sentinel and fades the titles")
    func dragged() {
        let scene = makeScene()
        let driver = SceneDriver(scene)
        driver.drag(fromY: 500, toY: 472, duration: 0.2, hold: 0.2)
        driver.runUntilIdle()
        #expect(scene.scrollView.contentOffset == 28)
        #expect(scene.tracker.offsetY == 28)
        #expect(scene.tracker.opacity == 0.5)
        let frame = scene.frame()
        let titles = frame.texts.filter { $0.text == "노트 A" }
        #expect(titles.count == 2, "large title and navigation title")
        // Navigation title (in the bar, top 44 pt) at 0.5; the header text at 1 − 0.5.
        #expect(titles.contains { $0.rect.y == 0 && $0.opacity == 0.5 })
        #expect(titles.contains { $0.rect.y > 0 && $0.opacity == 0.5 })
    }

    @Test("frame: nav bar, opaque header background, faded header text, body paragraphs")
    func frameContents() {
        let scene = makeScene()
        scene.advance(to: 0)
        scene.scrollView.scroll(to: 14, animated: false, at: 0)
        scene.advance(to: 0.01)
        let frame = scene.frame()
        let header = frame.fills.first { $0.rect.height == 56 }
        #expect(header != nil)
        #expect(header?.rect.y == 30, "bar height 44 − offset 14")
        #expect(header?.color.a == 1, "the header background stays opaque")
        #expect(frame.flattened.contains { if case .fill = $0.command { return $0.opacity < 1 } else { return false } } == false)
        let large = frame.texts.first { $0.text == "노트 A" && $0.rect.y > 0 }
        #expect(large?.opacity == 0.75)
        let nav = frame.texts.first { $0.text == "노트 A" && $0.rect.y == 0 }
        #expect(nav?.opacity == 0.25)
        #expect(frame.texts.contains { $0.text == scene.config.paragraphs[0] })
        // Only visible paragraphs are drawn.
        #expect(frame.texts.allSatisfy { $0.rect.y < frame.size.height })
    }

    @Test("resize to a new width lays out again")
    func resize() {
        let scene = TitleScene(context: SceneContext(options: SceneOptions()))
        scene.advance(to: 0)
        _ = scene.takeDiagnostics()
        scene.handle(.resize(Size(60, 600)), at: 0.1)
        scene.advance(to: 0.1)
        // 60 − 32 = 28 pt of text width wraps "노트 A" at 34 pt onto 4 lines.
        #expect(scene.tracker.headerHeight == 186, "8 + 4 × 34 × 1.25 + 8")
        #expect(scene.takeDiagnostics().count == 1)
        #expect(scene.scrollView.viewportHeight == 600 - 44)
    }
}
