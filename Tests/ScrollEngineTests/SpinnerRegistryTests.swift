import Foundation
import ScrollEngine
import Testing

/// A style declared here, in the test target only: a fixed quarter arc turning once per
/// `turnSeconds`. If `SpinnerStyle`, `SpinnerMotion` or `RefreshIndicator` needed an edit per
/// style, this would not compile or would not draw.
struct QuarterTurnSpinner: SpinnerStyleDefinition {
    var name: String { "quarter" }
    var turnSeconds = 2.0
    var firstCycleSeconds: Double { turnSeconds }
    func loopArc(elapsed t: Double) -> ArcSpan { ArcSpan(start: t / turnSeconds, end: t / turnSeconds + 0.25) }
}

/// A test-only style that draws itself (a dot per phase) instead of an arc, and does not fade with the pull.
struct DotSpinner: SpinnerStyleDefinition {
    var name: String { "dot" }
    var firstCycleSeconds: Double { 1 }
    func loopArc(elapsed t: Double) -> ArcSpan { ArcSpan(start: t, end: t + 0.5) }
    var fadesWithPull: Bool { false }
    func commands(of indicator: RefreshIndicator, _ phase: IndicatorPhase, center: Point, at t: Double) -> [DrawCommand] {
        let look = indicator.appearance(phase, at: t)
        guard look.opacity > 0 else { return [] }
        let dot = DrawCommand.capsule(from: center, to: center, color: indicator.config.color, width: indicator.config.lineWidth)
        return RefreshIndicator.wrap([dot], opacity: look.opacity, scale: look.scale, center: center)
    }
}

/// `SpinnerStyle.registered` is the one list of styles: names, parsing and errors come from it.
@Suite struct SpinnerRegistryTests {
    @Test func everyRegisteredStyleRoundTripsThroughItsName() {
        #expect(SpinnerStyle.names == SpinnerStyle.registered.map(\.name))
        #expect(Set(SpinnerStyle.names).count == SpinnerStyle.names.count, "names are unique")
        for style in SpinnerStyle.registered {
            #expect(style.name == style.name.lowercased())
            #expect(SpinnerStyle(name: style.name) == style)
            #expect(SpinnerStyle(name: style.name.uppercased()) == style)
            #expect(style.firstCycleSeconds > 0)
        }
        #expect(SpinnerStyle(name: "spokes") == nil)
    }

    @Test func theBuiltInStylesAreRegisteredWithTheirDefaults() {
        #expect(SpinnerStyle.names == ["seed", "material", "ios"])
        #expect(SpinnerStyle.registered == [.seedDefault, .material(), .ios()])
        // Equal only with the same type and the same numbers.
        var slow = MaterialSpinnerStyle()
        slow.cycleSeconds = 2
        #expect(SpinnerStyle.material(slow) != .material())
        #expect(SpinnerStyle.material() != .seedDefault)
    }

    @Test func aStyleDeclaredOutsideTheEngineParsesLoopsAndDraws() throws {
        let styles = SpinnerStyle.registered + [SpinnerStyle(QuarterTurnSpinner())]
        let style = try #require(SpinnerStyle(name: "Quarter", in: styles))
        #expect(style == SpinnerStyle(QuarterTurnSpinner()) && style.name == "quarter")
        #expect(SpinnerStyle(name: "quarter") == nil, "not in the built-in registry")

        var config = SpinnerConfig()
        config.style = style
        #expect(config.blendSeconds == 2)
        #expect(SpinnerMotion.loopArc(config, elapsed: 1) == ArcSpan(start: 0.5, end: 0.75))
        // Past the blend the drawn loop is the style's loop (turned to meet the handoff).
        let handoff = SpinnerMotion.progressArc(0.25)
        let drawn = SpinnerMotion.refreshingArc(config, elapsed: 3, handoff: handoff)
        #expect(abs(drawn.length - 0.25) < 1e-12 && abs(drawn.start - 1.5) < 1e-12)
        // The indicator strokes it as an arc.
        let indicator = RefreshIndicator(config: config)
        let cmds = indicator.commands(.refreshing(RefreshLoop(since: 0)), center: Point(50, 50), at: 3)
        guard case let .arc(stroke)? = cmds.first else { Issue.record("expected an arc, got \(cmds)"); return }
        #expect(abs(stroke.startAngle - ArcSpan.radians(turns: 1.5)) < 1e-9)
    }

    @Test func aStyleCanDrawItselfAndIgnoreThePullFade() throws {
        var config = SpinnerConfig()
        config.style = SpinnerStyle(DotSpinner())
        let indicator = RefreshIndicator(config: config)
        let pull = IndicatorPhase.pulling(progress: 0.1, pullDistance: 2, threshold: 80)
        #expect(indicator.appearance(pull, at: 0).opacity == 1)
        let cmds = indicator.commands(pull, center: Point(10, 10), at: 0)
        guard case .capsule? = cmds.first else { Issue.record("expected the style's own drawing, got \(cmds)"); return }
        // An arc style fades with the same pull.
        #expect(RefreshIndicator(config: SpinnerConfig()).appearance(pull, at: 0).opacity < 1)
    }
}
