import Testing
@testable import Scenes
import ScrollEngine

/// The tuning panel's model: keyboard focus and steps, pointer drags on a track, revert, and a
/// slider per number of the current profile.
struct TuningPanelTests {
    let size = Size(390, 844)

    func row(_ panel: TuningPanel, _ name: String) -> Int { panel.fields.firstIndex { $0.name == name }! }

    @Test func everyNumberOfTheProfileHasASlider() {
        let panel = TuningPanel(feel: Feel())
        let names = panel.fields.map(\.name)
        #expect(names.contains("coordinator.triggerDistance") && names.contains("physics.springStiffness"))
        #expect(!names.contains("lottie"))  // a path has no slider
        #expect(!names.contains("physics.maximumOvershoot"))  // gnome's
        #expect(TuningPanel(feel: Feel(physics: "gnome")).fields.map(\.name).contains("physics.maximumOvershoot"))
    }

    @Test func tabMovesAndArrowsStepCoarseAndFine() {
        var panel = TuningPanel(feel: Feel())
        let target = row(panel, "coordinator.triggerDistance")
        for _ in 0..<target { panel.handle(.next, size: size) }
        #expect(panel.focus == target)
        let stepped = panel.handle(.step(1, fine: false), size: size)
        #expect(stepped)
        #expect(panel.feel.coordinator.threshold == 85)
        panel.handle(.step(-1, fine: true), size: size)
        #expect(panel.feel.coordinator.threshold == 84.5)
        panel.handle(.previous, size: size)
        #expect(panel.focus == target - 1)
        panel.handle(.next, size: size)
        for _ in 0..<panel.fields.count { panel.handle(.next, size: size) }
        #expect(panel.focus == target)  // wraps around
        let reverted = panel.revert()
        #expect(reverted)
        #expect(panel.feel == Feel())
    }

    @Test func draggingATrackSetsTheValueAtThePointer() {
        var panel = TuningPanel(feel: Feel())
        let r = row(panel, "coordinator.hysteresis")
        let t = panel.track(r, size)
        let pressed = panel.handle(.press(Point(t.x0 + (t.x1 - t.x0) * 0.5, t.y)), size: size)
        #expect(pressed)
        #expect(panel.focus == r && panel.dragging == r)
        #expect(panel.feel.coordinator.hysteresis == 0.5)
        // The drag keeps its row even when the pointer leaves it, and stops at the ends.
        panel.handle(.drag(Point(t.x1 + 500, t.y + 200)), size: size)
        #expect(panel.feel.coordinator.hysteresis == 1)
        panel.handle(.release, size: size)
        #expect(panel.dragging == nil)
        let afterRelease = panel.handle(.drag(Point(t.x0, t.y)), size: size)
        #expect(!afterRelease)
        #expect(panel.hit(Point(2, 2), size: size) == nil)
    }

    @Test func wideRangesAreLogarithmicAndEveryValueStaysValid() {
        let stiffness = FeelFields.field(named: "physics.springStiffness")!
        #expect(TuningPanel.isLogarithmic(0.001...100_000))
        let middle = TuningPanel.value(at: 0.5, in: stiffness)!
        if case let .number(x) = middle { #expect(x > 5 && x < 20) }  // √(0.001·100000) = 10
        for f in FeelFields.all {
            for k in 0...20 {
                guard let v = TuningPanel.value(at: Double(k) / 20, in: f) else { continue }
                #expect(f.problem(with: v) == nil, "\(f.name) at \(k)/20: \(v)")
                let back = TuningPanel.fraction(of: v, in: f)
                #expect(back >= 0 && back <= 1)
            }
        }
    }

    @Test func theDrawingShowsEachValueWithItsUnitInBothThemes() {
        var feel = Feel()
        feel.coordinator.threshold = 95
        let panel = TuningPanel(feel: feel)
        for theme in Theme.all {
            let texts = panel.commands(size: size, theme: theme).flatMap(Self.texts)
            #expect(texts.contains("95 pt"))
            #expect(texts.contains("0.998 per ms"))
            #expect(texts.contains("coordinator.triggerDistance"))
        }
    }

    static func texts(_ c: DrawCommand) -> [String] {
        switch c {
        case let .text(s, _, _): return [s]
        case let .group(_, _, _, _, _, children): return children.flatMap(texts)
        default: return []
        }
    }
}
