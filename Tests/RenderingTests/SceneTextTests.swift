import Rendering
import Scenes
import ScrollEngine
import Testing

/// Text of every scene with the real fonts: every character has a glyph in the pinned
/// fonts (Korean and Japanese included), and a refresh's error message is never cut with an
/// ellipsis at any width from 240 pt.
@Suite struct SceneTextTests {
    static func texts(_ f: FrameModel) -> [(String, Rect, TextStyle)] {
        var out: [(String, Rect, TextStyle)] = []
        func walk(_ c: [DrawCommand]) {
            for x in c {
                if case let .text(s, r, st) = x { out.append((s, r, st)) }
                if case let .group(_, _, _, _, _, ch) = x { walk(ch) }
            }
        }
        walk(f.commands)
        return out
    }

    /// Runs `scene` with a failing action through a pull and returns a frame with its message.
    static func failedFrame(_ scene: String, width: Double, engine: TextEngine) async throws -> FrameModel {
        var o = SceneOptions()
        o.size = Size(width, 700)
        o.refresh.outcome = .failure
        o.refresh.duration = 0.3
        let s = try Session(scene: scene, options: o, textMeasurer: engine)
        var t = 0.0
        func step(_ n: Int) async {
            for _ in 0..<n { t += 1.0 / 60; s.advance(to: t); await s.waitForActions(); s.advance(to: t) }
        }
        s.handle(.pointerDown(Point(100, 100)), at: t)
        for i in 1...24 { await step(1); s.handle(.pointerMove(Point(100, 100 + Double(i) * 12.5)), at: t) }
        await step(6)
        s.handle(.pointerUp(Point(100, 400)), at: t)
        await step(60)
        return s.frame()
    }

    @Test(arguments: ["coordinator", "refreshable"]) func theErrorMessageIsNeverCut(_ scene: String) async throws {
        let engine = TextEngine()
        for width in stride(from: 240.0, through: 440, by: 20) {
            let f = try await Self.failedFrame(scene, width: width, engine: engine)
            let message = Self.texts(f).filter { $0.0.contains("network error") }
            #expect(message.count == 1, "\(scene) at \(width) pt")
            for (s, r, st) in message {
                #expect(!engine.isEllipsized(s, style: st, in: r), "\(scene) at \(width) pt: '\(s)' cut in \(r)")
                #expect(engine.unknownGlyphCount(s, style: st, width: r.width) == 0)
            }
        }
    }

    @Test(arguments: SceneCatalog.names) func everyCharacterHasAGlyph(_ scene: String) throws {
        let engine = TextEngine()
        for theme in Theme.all {
            var o = SceneOptions()
            o.theme = theme
            o.overlay = true
            let s = try Session(scene: scene, options: o, textMeasurer: engine)
            s.advance(to: 0)
            let texts = Self.texts(s.frame())
            #expect(!texts.isEmpty)
            for (text, r, st) in texts {
                #expect(engine.unknownGlyphCount(text, style: st, width: r.width) == 0, "\(scene): '\(text)' has missing glyphs")
            }
        }
        for text in ["Cancelled · 취소됨 · キャンセルしました", "Couldn't refresh · 새로고침 실패 · 更新できませんでした: x", "↓ 아래로", "↑ 위로", "지금 · たった今"] {
            #expect(engine.unknownGlyphCount(text, style: TextStyle(size: 15)) == 0, "'\(text)' has missing glyphs")
        }
    }
}
