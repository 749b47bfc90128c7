import Testing
@testable import ScrollEngine
@testable import Scenes

/// The theme and the contrast rule (docs/BEHAVIOUR.md): every scene honours the theme, and every
/// text keeps WCAG AA contrast (≥ 4.5:1) and every spinner ≥ 3:1 against what is under it, in
/// both themes, at rest, pulled and refreshing, with and without the debug overlay.
@Suite struct SceneContrastTests {
    enum Moment: String, CaseIterable { case rest, pulled, refreshing, scrolled }

    /// The frame of `scene` in `theme` at `moment`.
    func frame(_ scene: String, _ theme: Theme, _ moment: Moment, overlay: Bool = false, spinner: String? = nil) async throws -> FrameModel
    {
        let d = try SessionDriver(scene) {
            $0.theme = theme
            $0.overlay = overlay
            $0.refresh.outcome = .hang
            $0.indicator.style = spinner
        }
        switch moment {
        case .rest: break
        case .pulled: await d.drag(fromY: 100, toY: 400, duration: 0.4, release: false)
        case .refreshing:
            await d.drag(fromY: 100, toY: 400, duration: 0.4, hold: 0.1)
            await d.wait(0.8)
        case .scrolled:
            await d.drag(fromY: 600, toY: 200, duration: 0.4, hold: 0.1)
            await d.wait(0.5)
        }
        return d.frame()
    }

    func check(_ f: FrameModel, _ what: String) {
        let findings = Contrast.findings(f)
        #expect(findings.filter { $0.kind == .text }.count >= 2, "\(what): \(findings.count) elements found")
        for t in findings where t.kind == .text {
            #expect(t.passes, "\(what): \(t)")
        }
        // The indicator as a whole: its strongest part (the leading spoke, the arc) ≥ 3:1.
        let graphics = findings.filter { $0.kind == .graphic }
        if let best = graphics.max(by: { $0.ratio < $1.ratio }) {
            #expect(best.passes, "\(what): spinner \(best)")
        }
    }

    @Test(arguments: SceneCatalog.names) func everyElementKeepsAAContrast(_ scene: String) async throws {
        for theme in Theme.all {
            for moment in Moment.allCases {
                check(try await frame(scene, theme, moment), "\(scene) \(theme.name) \(moment.rawValue)")
            }
            check(try await frame(scene, theme, .rest, overlay: true), "\(scene) \(theme.name) overlay")
        }
    }

    @Test(arguments: SpinnerStyle.names) func everySpinnerStyleKeepsContrast(_ style: String) async throws {
        for theme in Theme.all {
            for scene in ["coordinator", "refreshable"] {
                for moment in [Moment.pulled, .refreshing] {
                    let f = try await frame(scene, theme, moment, spinner: style)
                    #expect(Contrast.findings(f).contains { $0.kind == .graphic }, "\(scene) \(style): no spinner drawn")
                    check(f, "\(scene) \(theme.name) \(moment.rawValue) \(style)")
                }
            }
        }
    }

    @Test(arguments: SceneCatalog.names) func everySceneHonoursTheDarkTheme(_ scene: String) async throws {
        let light = try await frame(scene, .light, .pulled), dark = try await frame(scene, .dark, .pulled)
        #expect(light.background != dark.background, "\(scene): same background in both themes")
        #expect(Contrast.luminance(dark.background) < 0.05, "\(scene): dark background \(dark.background)")
        // Large fills (cells, bars, panels) are dark too.
        for p in placed(dark) {
            if case let .fill(r, c, _) = p.command, r.width * r.height > 5000, c.a > 0.5, !(scene == "pager" || scene == "header") {
                #expect(Contrast.luminance(c) < 0.05, "\(scene): a light fill \(c) of \(r) in the dark theme")
            }
        }
    }

    @Test func theOverlayIsAnOpaquePanelInBothThemes() async throws {
        for theme in Theme.all {
            #expect(theme.overlayBackground.a == 1)
            let f = try await frame("list", theme, .scrolled, overlay: true)
            let overlay = DebugOverlay.commands(fields: [], scene: "list", size: f.size, theme: theme)
            guard case let .group(_, _, _, _, _, children) = overlay.first else { Issue.record("no panel"); continue }
            let fills = children.compactMap { if case let .fill(_, c, _) = $0 { c } else { nil } }
            #expect(fills.allSatisfy { $0.a == 1 }, "\(theme.name): translucent panel")
            // Text on the panel reads against the panel's colour, not the rows under it.
            let panelTexts = Contrast.findings(f).filter { $0.kind == .text && $0.label.hasPrefix("scene:") }
            #expect(panelTexts.count == 1)
            #expect(panelTexts.allSatisfy { $0.background == theme.overlayBackground && $0.passes })
        }
    }
}
