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
        #expect(label.opacity == 0 || label.visible.map { v in rows.allSatisfy { intersection($0, v) == nil } } ?? true,
                "'↓ down' over a row at opacity \(label.opacity)")
    }

    @Test func theBandIsNearlyOpaqueAndEndsInAHairline() throws {
        for theme in Theme.all {
            var o = SceneOptions()
            o.theme = theme
            let scene = HeaderScene(context: SceneContext(options: o))
            let all = placed(scene.frame())
            let band = try #require(all.first { if case let .fill(r, _, _) = $0.command { r.height == scene.config.headerHeight } else { false } })
            if case let .fill(_, c, _) = band.command { #expect(c.a >= 0.9, "\(theme.name): band alpha \(c.a)") }
            #expect(all.contains { if case let .fill(r, c, _) = $0.command { r.height == 0.5 && c == theme.separator } else { false } })
        }
    }
}
