import Testing
@testable import ScrollEngine
@testable import Scenes

/// #30 item 7: `--compare` — two panes of the same scene, one input driving both.
@Suite struct CompareSessionTests {
    private func session(
        _ scene: String = "list", left: any ScrollPhysics = PhysicsProfile.iOS, right: any ScrollPhysics,
        width: Double = 780
    ) throws -> Session {
        var o = SceneOptions()
        o.size = Size(width, 844)
        o.physics = left
        o.compare = right
        let s = try Session(scene: scene, options: o)
        s.advance(to: 0)
        return s
    }

    private func texts(_ commands: [DrawCommand]) -> [String] {
        commands.flatMap { c -> [String] in
            switch c {
            case let .text(s, _, _): return [s]
            case let .group(_, _, _, _, _, children), let .stretch(_, _, children): return texts(children)
            default: return []
            }
        }
    }

    @Test func eachPaneIsHalfTheWindowUnderItsPhysics() throws {
        let s = try session(right: AndroidPhysics())
        let c = try #require(s.comparison)
        #expect(s.scene.size == Size(390, 844) && c.scene.size == Size(390, 844) && s.size == Size(780, 844))
        #expect(s.options.physics.name == "ios" && c.options.physics.name == "android")
        #expect(s.scene.scrollView.physics.name == "ios" && c.scene.scrollView.physics.name == "android")
        let f = s.frame()
        #expect(f.size == Size(780, 844))
        let labels = texts(f.commands)
        #expect(labels.contains("ios") && labels.contains("android"))
    }

    @Test func aDragInEitherPaneDragsBothAtThePanePosition() throws {
        let s = try session(right: GnomePhysics())
        let c = try #require(s.comparison)
        // a drag in the right pane, 100 pt up, held still before the release
        s.handle(.pointerDown(Point(390 + 195, 600)), at: 0.1)
        for i in 1...10 { s.handle(.pointerMove(Point(390 + 195, 600 - 10 * Double(i))), at: 0.1 + 0.01 * Double(i)) }
        #expect(s.scene.scrollView.contentOffset == 100 && c.scene.scrollView.contentOffset == 100)
        s.advance(to: 0.5)
        s.handle(.pointerUp(Point(390 + 195, 500)), at: 0.5)
        // and one in the left pane
        s.handle(.pointerDown(Point(195, 500)), at: 1)
        s.handle(.pointerMove(Point(195, 450)), at: 1.05)
        #expect(s.scene.scrollView.contentOffset == 150 && c.scene.scrollView.contentOffset == 150)
        #expect(s.paneRelative(Point(390 + 20, 7)) == Point(20, 7) && s.paneRelative(Point(20, 7)) == Point(20, 7))
    }

    @Test func aFlingRunsEachPanesPhysicsAndTheTraceNamesBoth() throws {
        let s = try session(right: AndroidPhysics())
        let c = try #require(s.comparison)
        s.handle(.pointerDown(Point(195, 600)), at: 0)
        for i in 1...5 { s.handle(.pointerMove(Point(195, 600 - 10 * Double(i))), at: 0.01 * Double(i)) }
        s.handle(.pointerUp(Point(195, 550)), at: 0.05)
        s.advance(to: 6)
        // iOS travels 499.5 pt from 1000 pt/s, Android's spline 194.31 pt
        #expect(abs(s.scene.scrollView.contentOffset - 50 - 499.5) < 1)
        #expect(abs(c.scene.scrollView.contentOffset - 50 - 194.31) < 1)
        let f = s.traceFields()
        #expect(f.contains { $0.0 == "physics" } && f.contains { $0.0 == "compare" } && f.contains { $0.0 == "compare.offset" })
    }

    @Test func keysAndResizesGoToBothAndTheOverlayIsPerPane() throws {
        let s = try session(right: NonePhysics())
        let c = try #require(s.comparison)
        s.handle(.key(.d, []), at: 0.1)
        #expect(s.overlayVisible && c.overlayVisible)
        // each pane's overlay shows its own fields: two "offset" lines, no "compare.…" one
        let lines = texts(s.frame().commands)
        #expect(lines.filter { $0.hasPrefix("offset") }.count == 2 && !lines.contains { $0.hasPrefix("compare") })
        s.handle(.resize(Size(1001, 600)), at: 0.2)
        #expect(s.scene.size == Size(500, 600) && c.scene.size == Size(500, 600) && s.size == Size(1001, 600))
        s.handle(.key(.digit2, []), at: 0.3)
        #expect(s.scene.name == c.scene.name && s.scene.name != "list")
        s.handle(.key(.q, []), at: 0.4)
        #expect(s.quitRequested)
    }

    /// #44 item 10: each pane's overlay names its physics, and the pane labels sit in the top
    /// corners, clear of the pager card (they covered its subtitle at the bottom).
    @Test func theOverlayNamesEachPanesPhysicsAndTheLabelsClearTheContent() throws {
        let s = try session("pager", left: AndroidPhysics(), right: PhysicsProfile.iOS)
        s.handle(.key(.d, []), at: 0.1)
        let lines = texts(s.frame().commands)
        #expect(lines.contains("physics: android") && lines.contains("physics: ios"), "\(lines)")
        let pane = Session.paneSize(of: s.size)
        for x in [0, s.rightPaneX] {
            let label = Session.label("android", paneX: x, pane: pane, theme: .light)
            guard case let .fill(r, _, _)? = label.first else { Issue.record("no pill"); continue }
            #expect(r.y < 30 && r.maxX <= x + pane.width && r.x >= x, "top right of its pane: \(r)")
        }
    }

    @Test func withoutACompareTheSessionIsOnePane() throws {
        let s = try Session(scene: "list", options: SceneOptions())
        #expect(s.comparison == nil && s.size == s.scene.size)
    }
}
