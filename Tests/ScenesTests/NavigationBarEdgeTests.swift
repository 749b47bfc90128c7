import Testing
@testable import ScrollEngine
@testable import Scenes

/// The navigation bar is transparent at the scroll edge and gets its material and hairline only
/// once content scrolls under it (iOS's scroll-edge appearance), in every list scene.
@Suite struct NavigationBarEdgeTests {
    /// What covers the bar's middle (window y 20) at full opacity: the fills drawn there, last on top.
    func barFills(_ f: FrameModel, theme: Theme) -> [(color: Color, opacity: Double)] {
        placed(f).compactMap { p in
            guard case let .fill(_, c, _) = p.command, let v = p.visible, v.y <= 20, v.maxY >= 20, v.height > 1 else { return nil }
            return (c, p.opacity)
        }
    }

    @Test(arguments: ["list", "coordinator", "refreshable"])
    func transparentAtTheEdgeMaterialWhenScrolled(_ scene: String) async throws {
        for theme in Theme.all {
            let d = try SessionDriver(scene) { $0.theme = theme }
            let atEdge = d.frame()
            #expect(barFills(atEdge, theme: theme).isEmpty, "\(scene) \(theme.name): the bar is drawn at the scroll edge")
            #expect(
                !placed(atEdge).contains { p in
                    if case let .fill(r, c, _) = p.command {
                        r.height == 0.5 && c == theme.separator && (p.visible?.y ?? 99) < 45 && p.opacity > 0
                    } else {
                        false
                    }
                }, "\(scene) \(theme.name): hairline at the scroll edge")
            // Scrolled: the content is under the bar, which is its material, opaque, with a hairline.
            await d.drag(fromY: 600, toY: 300, duration: 0.4, hold: 0.1)
            await d.wait(0.5)
            let scrolled = d.frame()
            #expect(
                barFills(scrolled, theme: theme).contains { $0.color == theme.barBackground && $0.opacity == 1 },
                "\(scene) \(theme.name): no bar material over content")
            #expect(
                placed(scrolled).contains { p in
                    if case let .fill(r, c, _) = p.command {
                        r.height == 0.5 && c == theme.separator && p.opacity == 1 && (p.visible?.y ?? 99) < 45
                    } else {
                        false
                    }
                })
            // No content shows through the bar: everything scrolling is clipped below it.
            let rowTexts = placed(scrolled).filter { ($0.text?.contains("Message") ?? false) || ($0.text?.contains(".") ?? false) }
            #expect(rowTexts.allSatisfy { ($0.visible?.y ?? 44) >= 44 })
        }
    }

    @Test func theMaterialFadesInWithTheHairline() {
        #expect(NavigationBar.collapse(offset: 0) == 0)
        let bar = NavigationBar(title: "T")
        #expect(bar.bar(width: 390, offset: 0, theme: .light).isEmpty)
        guard case let .group(k, _, _, _, _, children) = bar.bar(width: 390, offset: 34, theme: .light).first else {
            Issue.record("no bar")
            return
        }
        #expect(k == 0.5)
        #expect(children.contains { if case let .fill(r, c, _) = $0 { r.height == 44 && c == Theme.light.barBackground } else { false } })
    }
}
