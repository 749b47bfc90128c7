import Testing
@testable import ScrollEngine
@testable import Scenes

/// The overlay's input lines: the source of the last wheel event and the last deltas.
@Suite struct WheelHistoryTests {
    @Test func linesShowTheSourceAndTheLastDeltasNewestFirst() {
        var h = WheelHistory()
        #expect(h.lines() == ["wheel: none yet"])
        h.record(.wheel(dy: 1, precise: false), at: 0, settings: InputSettings())
        h.record(.key(.d, []), at: 0.1, settings: InputSettings())
        #expect(h.lines(mode: .steps) == ["wheel: unknown, notches → steps", "dy: 1", "pt: -40"])
        for dy in [-2.0, -0.25, 3, 0.5] { h.record(.wheel(dy: dy, precise: true, source: .touchpad), at: 1, settings: InputSettings()) }
        #expect(h.lines() == ["wheel: touchpad, precise", "dy: 0.5, 3, -0.25, -2", "pt: -5, -30, 2.5, 20"])
    }

    @Test func theOverlayShowsThemWhenVisible() throws {
        var o = SceneOptions()
        o.overlay = true
        let session = try Session(scene: "list", options: o)
        session.handle(.wheel(dy: -1.5, precise: true, source: .touchpad), at: 0.1)
        let texts = session.frame().texts.map(\.text)
        #expect(texts.contains("wheel: touchpad, precise → tracking"))
        #expect(texts.contains("dy: -1.5"))
        #expect(texts.contains("pt: 15"))
    }
}
