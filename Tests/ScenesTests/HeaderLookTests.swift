import Testing
@testable import ScrollEngine
@testable import Scenes

/// In the `header` scene the direction label never floats over the rows, and
/// the band ends in a hairline rather than a hard translucent edge.
@Suite struct HeaderLookTests {
    @Test func theDirectionLabelNeverFloatsOverTheRows() throws {
        let scene = HeaderScene(context: SceneContext(options: SceneOptions()))
        let d = SceneDriver(scene)
        d.drag(fromY: 600, toY: 100, duration: 0.5, hold: 0.1)
        d.runUntilIdle()
        #expect(scene.tracker.isHidden && scene.directionLabel == scene.config.labelDown)
        let all = placed(scene.frame())
        let label = try #require(all.first { $0.text == scene.config.labelDown })
        let rows = all.filter { $0.text?.hasPrefix("Row ") ?? false }.compactMap(\.visible)
        #expect(
            label.opacity == 0 || label.visible.map { v in rows.allSatisfy { intersection($0, v) == nil } } ?? true,
            "'↓ 아래로' over a row at opacity \(label.opacity)")
    }

    @Test func theBandIsOpaqueAndEndsInAHairline() throws {
        for theme in Theme.all {
            var o = SceneOptions()
            o.theme = theme
            let scene = HeaderScene(context: SceneContext(options: o))
            let all = placed(scene.frame())
            let band = try #require(
                all.first { if case let .fill(r, _, _) = $0.command { r.height == scene.config.headerHeight } else { false } })
            if case let .fill(_, c, _) = band.command { #expect(c.a == 1, "\(theme.name): band alpha \(c.a)") }
            #expect(all.contains { if case let .fill(r, c, _) = $0.command { r.height == 0.5 && c == theme.separator } else { false } })
        }
    }

    @Test func theFirstCardSitsOneGapBelowTheHeader() {
        let scene = HeaderScene(context: SceneContext(options: SceneOptions()))
        let c = scene.config
        let cards = scene.frame().fills.filter { $0.cornerRadius == c.rowCornerRadius }.map(\.rect).sorted { $0.y < $1.y }
        #expect(cards.count > 2)
        #expect(cards[0].y - c.headerHeight == c.rowSpacing, "header to first card")
        #expect(cards[1].y - cards[0].maxY == c.rowSpacing, "between cards")
        // The end of the list: the last card ends one gap above the bottom.
        scene.scrollView.setContentOffset(scene.scrollView.maxOffset)
        let last = scene.frame().fills.filter { $0.cornerRadius == c.rowCornerRadius }.map(\.rect).max { $0.y < $1.y }
        #expect(last.map { scene.size.height - $0.maxY } == c.rowSpacing)
    }

    /// Hangul, kana or kanji in a label.
    static func isCJK(_ s: String) -> Bool {
        s.unicodeScalars.contains {
            (0xAC00...0xD7A3).contains($0.value) || (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
        }
    }

    @Test func theDirectionLabelKeepsOneLanguage() {
        let c = HeaderConfig()
        let labels = [c.labelIdle, c.labelDown, c.labelUp]
        #expect(labels.allSatisfy(Self.isCJK), "\(labels)")
        #expect(!labels.contains { $0.unicodeScalars.contains { ("a"..."z").contains(Character($0)) } }, "\(labels)")
    }
}
